// The account's reviews on real databases: only bought products, the §5 rules with their messages, one review per
// product, pending reviews off the product page until the back office approves them (a new catalogue version),
// rejection, the token and the audit trail.
import { describe, expect, it } from 'vitest'
import {
  BackofficeReviewsSchema,
  ReviewRequestsSchema,
  ReviewStatusChangeSchema,
} from '../../domain/account-reviews.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { CatalogueProductSchema } from '../../domain/product.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { findAudit } from '../backoffice/backoffice.repository.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { TOKEN, useOrders } from '../orders/order-test-setup.ts'
import { signedInAccount } from '../sessions/signed-in-test-setup.ts'

const bearer = { authorization: `Bearer ${TOKEN}` }
const PRODUCT = 1 // the product of SPORT_MUESLI
const REVIEW = {
  productId: PRODUCT,
  title: 'Mijn merrie is er gek op',
  text: 'Ze eet het elke dag met smaak op',
  rating: 4,
  language: 'nl',
}

describe.each(DIALECTS)('the account reviews API on %s', (dialect) => {
  const { current, db, cartWith, place, setStock } = useOrders(dialect)

  /** A signed-in account that bought SPORT_MUESLI in a paid order (unless `paid` is false). */
  async function buyer({ paid = true } = {}) {
    const account = await signedInAccount(current(), { firstName: 'Anna', lastName: 'de Vries' })
    await setStock(SPORT_MUESLI, 50)
    const { order } = await place(await cartWith([[SPORT_MUESLI, 1]]))
    await db()
      .updateTable('orders')
      .set({ accountId: account.accountId, status: paid ? 'paid' : 'created' })
      .where('id', '=', order.orderId)
      .execute()
    return { ...account, orderId: order.orderId }
  }
  const send = (method: 'GET' | 'POST', cookie: string | undefined, payload?: object, host: string = HOSTS.nl) =>
    current().app.inject({
      method,
      url: '/api/account/reviews',
      headers: { host, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    })
  const moderate = (reviewId: number, status: string, headers: Record<string, string> = bearer) =>
    current().app.inject({
      method: 'PUT',
      url: `/api/backoffice/reviews/${reviewId}/status`,
      payload: { status },
      headers,
    })
  let ask = 0
  // Each ask at its own moment (the datetime header): an answer of the 2 s response cache would hide the change.
  const productPage = async () => {
    const datetime = new Date(Date.parse('2026-11-25T12:00:00Z') + ++ask).toISOString()
    const res = await current().app.inject({
      method: 'GET',
      url: `/api/products/${PRODUCT}`,
      headers: { host: HOSTS.nl, datetime },
    })
    expect(res.statusCode, res.body).toBe(200)
    return CatalogueProductSchema.parse(res.json())
  }
  const productVersion = async () =>
    Number(
      (await db().selectFrom('products').select('version').where('id', '=', PRODUCT).executeTakeFirstOrThrow()).version,
    )

  it('answers 401 notSignedIn without a signed-in session', async () => {
    for (const res of [await send('GET', undefined), await send('POST', undefined, REVIEW)]) {
      expect(res.statusCode, res.body).toBe(401)
      expect(ApiErrorSchema.parse(res.json()).code).toBe('notSignedIn')
      expect(res.headers['cache-control']).toContain('no-store')
    }
  })

  it('lists the bought products as review requests, without reviews at first', async () => {
    const { cookie, orderId } = await buyer()
    const res = await send('GET', cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toContain('no-store')
    const requests = ReviewRequestsSchema.parse(res.json())
    expect(requests).toEqual([
      expect.objectContaining({ productId: PRODUCT, productVariantId: SPORT_MUESLI, orderId, review: null }),
    ])
    expect(requests[0]!.path).toMatch(/^\//)
  })

  it('does not count an unpaid order as bought, nor another account’s order', async () => {
    const unpaid = await buyer({ paid: false })
    expect(ReviewRequestsSchema.parse((await send('GET', unpaid.cookie)).json())).toEqual([])
    const res = await send('POST', unpaid.cookie, REVIEW)
    expect(res.statusCode, res.body).toBe(403)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('productNotBought')
    const other = await signedInAccount(current())
    expect((await send('POST', other.cookie, REVIEW)).statusCode).toBe(403)
  })

  it.each([
    ['a text of four words', { text: 'een twee drie vier' }, 'text', 'validation.reviewMinWords', 'minimaal 5 woorden'],
    ['no title', { title: '  ' }, 'title', 'validation.required', 'verplicht'],
    ['no stars', { rating: null }, 'rating', 'validation.rating', '1 tot 5 sterren'],
    ['six stars', { rating: 6 }, 'rating', 'validation.rating', '1 tot 5 sterren'],
    ['half a star', { rating: 3.5 }, 'rating', 'validation.rating', '1 tot 5 sterren'],
    ['an unknown language', { language: 'xx' }, 'language', 'validation.required', 'verplicht'],
  ])('refuses %s with 400 invalidFields and its message', async (_, change, field, key, text) => {
    const { cookie } = await buyer()
    const res = await send('POST', cookie, { ...REVIEW, ...change })
    expect(res.statusCode, res.body).toBe(400)
    const error = ApiErrorSchema.parse(res.json())
    expect(error.code).toBe('invalidFields')
    expect(error.params?.[field]).toBe(key)
    expect(error.issues?.find((i) => i.path === field)?.message).toContain(text)
    expect(ReviewRequestsSchema.parse((await send('GET', cookie)).json())[0]!.review).toBeNull()
  })

  it('stores a review as pending, once per product; the product page does not show it yet', async () => {
    const { cookie } = await buyer()
    const before = await productPage()
    const version = await productVersion()
    const res = await send('POST', cookie, { ...REVIEW, text: `  ${REVIEW.text}  ` })
    expect(res.statusCode, res.body).toBe(201)
    const { reviewId } = res.json<{ reviewId: number }>()
    expect(reviewId).toBeGreaterThanOrEqual(1_000_000_000)
    const [request] = ReviewRequestsSchema.parse((await send('GET', cookie)).json())
    expect(request!.review).toMatchObject({ reviewId, status: 'pending', text: REVIEW.text, rating: 4 })

    const twice = await send('POST', cookie, REVIEW)
    expect(twice.statusCode, twice.body).toBe(409)
    expect(ApiErrorSchema.parse(twice.json()).code).toBe('reviewExists')

    const after = await productPage()
    expect(after.reviews.map((r) => r.reviewId)).not.toContain(reviewId)
    expect(after.rating).toEqual(before.rating)
    expect(await productVersion()).toBe(version)
  })

  it('shows an approved review on the product page with a new product version, audited', async () => {
    const { cookie } = await buyer()
    const { reviewId } = (await send('POST', cookie, { ...REVIEW, rating: 1 })).json<{ reviewId: number }>()
    const before = await productPage()
    const version = await productVersion()

    const queue = await current().app.inject({ method: 'GET', url: '/api/backoffice/reviews', headers: bearer })
    expect(queue.statusCode, queue.body).toBe(200)
    expect(BackofficeReviewsSchema.parse(queue.json()).find((r) => r.reviewId === reviewId)).toMatchObject({
      status: 'pending',
      author: 'Anna V.',
      language: 'nl',
    })

    const res = await moderate(reviewId, 'approved')
    expect(res.statusCode, res.body).toBe(200)
    const change = ReviewStatusChangeSchema.parse(res.json())
    expect(change).toMatchObject({ reviewId, productId: PRODUCT, from: 'pending', to: 'approved', changed: true })
    expect(change.catalogueVersion).toBeGreaterThan(version)
    expect(await productVersion()).toBe(change.catalogueVersion)

    const after = await productPage()
    expect(after.reviews.find((r) => r.reviewId === reviewId)).toMatchObject({ author: 'Anna V.', rating: 1 })
    expect(after.rating!.count).toBe((before.rating?.count ?? 0) + 1)
    expect(after.rating!.average).toBeLessThan(before.rating?.average ?? 5)
    const [request] = ReviewRequestsSchema.parse((await send('GET', cookie)).json())
    expect(request!.review?.status).toBe('approved')

    const sync = await current().app.inject({
      method: 'GET',
      url: `/api/catalogue/sync?since=${version}`,
      headers: { host: HOSTS.nl },
    })
    expect(sync.statusCode, sync.body).toBe(200)
    expect(JSON.stringify(sync.json())).toContain(REVIEW.title)

    const audit = (await findAudit(db())).filter((a) => 'reviewId' in a.summary && a.summary.reviewId === reviewId)
    expect(audit.map((a) => [a.action, a.summary])).toEqual([['review-status', change]])
  })

  it('rejects a review: still off the page, no new version; the same status again changes nothing', async () => {
    const { cookie } = await buyer()
    const { reviewId } = (await send('POST', cookie, REVIEW)).json<{ reviewId: number }>()
    const version = await productVersion()
    const res = await moderate(reviewId, 'rejected')
    expect(ReviewStatusChangeSchema.parse(res.json())).toMatchObject({ changed: true, catalogueVersion: null })
    expect((await moderate(reviewId, 'rejected')).json()).toMatchObject({ changed: false })
    expect(await productVersion()).toBe(version)
    expect((await productPage()).reviews.map((r) => r.reviewId)).not.toContain(reviewId)
    const rejected = await current().app.inject({
      method: 'GET',
      url: '/api/backoffice/reviews?status=rejected',
      headers: bearer,
    })
    expect(BackofficeReviewsSchema.parse(rejected.json()).map((r) => r.reviewId)).toContain(reviewId)
  })

  it('needs the back-office token, refuses another status and answers 404 for an unknown review', async () => {
    const { cookie } = await buyer()
    const { reviewId } = (await send('POST', cookie, REVIEW)).json<{ reviewId: number }>()
    expect((await moderate(reviewId, 'approved', {})).statusCode).toBe(401)
    expect((await moderate(reviewId, 'approved', { authorization: 'Bearer wrong' })).statusCode).toBe(401)
    expect((await current().app.inject({ method: 'GET', url: '/api/backoffice/reviews' })).statusCode).toBe(401)
    expect((await moderate(reviewId, 'pending')).statusCode).toBe(400)
    expect((await moderate(999_999_999, 'approved')).statusCode).toBe(404)
    const [request] = ReviewRequestsSchema.parse((await send('GET', cookie)).json())
    expect(request!.review?.status).toBe('pending')
  })
})
