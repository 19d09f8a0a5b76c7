// The return report calls on both databases: the form as multipart/form-data with a real photo, the photo checked by
// its bytes and size, the rules of who may report what, the photo served to its owner only, and nothing left on
// disk or in the table when a report fails.
import { describe, expect, it, vi } from 'vitest'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import {
  PHOTO_MAX_BYTES,
  ReturnableLinesSchema,
  ReturnReportSchema,
  ReturnReportsSchema,
} from '../../domain/returns.ts'
import { countReturns } from './return.repository.ts'
import { JPEG, PDF, TOKEN, useReturns } from './return-test-setup.ts'

describe.each(DIALECTS)('return reports on %s', (dialect) => {
  const t = useReturns(dialect)

  /** A signed-in account with a delivered order of two lines. */
  async function customer() {
    const account = await t.signedIn()
    const [a, b] = await t.variants()
    const order = await t.order(account.accountId, [
      { variantId: a!.id, productId: a!.productId, quantity: 3 },
      { variantId: b!.id, productId: b!.productId, quantity: 1 },
    ])
    const fields = (over: Record<string, string> = {}) => ({
      orderId: order.orderId,
      productVariantId: String(a!.id),
      quantity: '1',
      reason: 'damaged',
      text: 'De zak was gescheurd bij aankomst.',
      ...over,
    })
    return { ...account, order, variant: a!, other: b!, fields }
  }

  const nothingLeft = async () => expect(await t.photos.files()).toMatchObject({ incoming: [] })

  it('records a report with its photo, lists it and queues the confirmation mail', async () => {
    const c = await customer()
    const res = await t.report(c.cookie, c.fields(), { bytes: JPEG, name: 'IMG_0001.JPG' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const report = ReturnReportSchema.parse(res.json())
    expect(report).toMatchObject({
      orderId: c.order.orderId,
      orderNumber: c.order.number,
      productVariantId: c.variant.id,
      description: `Product ${c.variant.id}`,
      quantity: 1,
      reason: 'damaged',
      text: 'De zak was gescheurd bij aankomst.',
      status: 'received',
      photoUrl: `/api/account/returns/${report.returnId}/photo`,
    })
    const row = await t
      .db()
      .selectFrom('returns')
      .selectAll()
      .where('id', '=', report.returnId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ photoContentType: 'image/jpeg', photoSize: JPEG.length, accountId: c.accountId })
    // Stored under a random name of its own, never the customer's file name.
    expect(row.photoFile).toMatch(/^[\w-]{22}\.jpg$/)
    expect((await t.photos.files()).kept).toContain(row.photoFile)
    await nothingLeft()

    const list = await t.get('/api/account/returns', c.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.headers['cache-control']).toBe('no-store')
    expect(ReturnReportsSchema.parse(list.json())).toEqual([report])

    const mail = await t
      .db()
      .selectFrom('mails')
      .selectAll()
      .where('dedupeKey', '=', `return:${report.returnId}:received`)
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ recipient: c.email, kind: 'return-received', languageCode: 'nl' })
    expect(mail.subject).toBe(`Je retourmelding voor bestelling ${c.order.number} bij Equivera`)
    expect(mail.text).toContain(`R${String(report.returnId).padStart(6, '0')}`)
    expect(mail.text).toContain('De zak was gescheurd bij aankomst.')
  })

  it('serves the photo to its owner only, as an image that is never sniffed', async () => {
    const c = await customer()
    const report = (await t.report(c.cookie, c.fields(), { bytes: JPEG })).json<{ photoUrl: string }>()
    const own = await t.get(report.photoUrl, c.cookie)
    expect(own.statusCode).toBe(200)
    expect(own.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    })
    expect(own.headers['content-disposition']).toMatch(/^inline; filename="return-\d+\.jpg"$/)
    expect(own.rawPayload.equals(JPEG)).toBe(true)

    const other = await t.signedIn()
    expect((await t.get(report.photoUrl, other.cookie)).statusCode).toBe(404)
    expect((await t.get(report.photoUrl)).statusCode).toBe(401)
    // The same session's cookie on another site is no session there.
    expect((await t.get(report.photoUrl, c.cookie, HOSTS.be)).statusCode).toBe(401)
    expect((await t.get('/api/account/returns/999999/photo', c.cookie)).statusCode).toBe(404)
  })

  it('answers 401 notSignedIn to a visitor who is not signed in, and reads no form', async () => {
    const c = await customer()
    const res = await t.report(undefined, c.fields(), { bytes: JPEG })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'notSignedIn', localizedMessage: 'Je bent niet ingelogd.' })
    expect((await t.get('/api/account/returns')).statusCode).toBe(401)
    expect((await t.get('/api/account/returns/returnable')).statusCode).toBe(401)
    await nothingLeft()
  })

  it("answers 404 for another account's order, and writes nothing", async () => {
    const c = await customer()
    const other = await t.signedIn()
    const before = await countReturns(t.db())
    const res = await t.report(other.cookie, c.fields(), { bytes: JPEG })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'orderNotFound' })
    expect(await countReturns(t.db())).toBe(before)
    await nothingLeft()
  })

  it('refuses a PDF named .jpg with a translated field error: the type comes from the bytes', async () => {
    const c = await customer()
    const files = await t.photos.files()
    const res = await t.report(c.cookie, c.fields(), { bytes: PDF, name: 'schade.jpg', type: 'image/jpeg' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'invalidFields',
      params: { photo: 'account.returns.errors.photoType' },
      issues: [{ path: 'photo', message: 'Dit bestand is geen foto. Kies een JPEG-, PNG- of WebP-afbeelding.' }],
    })
    expect(await t.photos.files()).toEqual(files)
  })

  it('refuses a photo over 8 MB with a field error, and a far larger body with 413 before reading it', async () => {
    const c = await customer()
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(PHOTO_MAX_BYTES + 10)])
    const res = await t.report(c.cookie, c.fields(), { bytes: big })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ params: { photo: 'account.returns.errors.photoTooLarge', 'photo:max': '8' } })
    expect(res.json().issues[0].message).toBe('De foto is groter dan 8 MB. Kies een kleinere foto.')
    await nothingLeft()

    const huge = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(PHOTO_MAX_BYTES + 200_000)])
    const refused = await t.report(c.cookie, c.fields(), { bytes: huge })
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ code: 'bodyTooLarge' })
    expect(await countReturns(t.db())).toBeGreaterThanOrEqual(0)
    await nothingLeft()
  })

  it.each([
    [{ reason: 'damaged' }, false, { photo: 'account.returns.errors.photoRequired' }],
    [{ reason: 'other', text: ' ' }, true, { text: 'account.returns.errors.textRequired' }],
    [{ reason: 'lost' }, true, { reason: 'account.returns.errors.reasonRequired' }],
    [{ quantity: '0' }, true, { quantity: 'account.returns.errors.quantityInvalid' }],
    [{ quantity: '4' }, true, { quantity: 'account.returns.errors.quantityMax', 'quantity:max': '3' }],
    [{ orderId: 'nope' }, true, { orderId: 'account.returns.errors.orderRequired' }],
    [{ productVariantId: '999999' }, true, { productVariantId: 'account.returns.errors.productNotOnOrder' }],
    [{ text: 'x'.repeat(2001) }, true, { text: 'account.returns.errors.textTooLong', 'text:max': '2000' }],
  ])('refuses %j (photo: %s) with %j', async (over, withPhoto, params) => {
    const c = await customer()
    const res = await t.report(c.cookie, c.fields(over), withPhoto ? { bytes: JPEG } : undefined)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalidFields', params })
    expect(await t.db().selectFrom('returns').select('id').where('accountId', '=', c.accountId).execute()).toEqual([])
    await nothingLeft()
  })

  it('takes a report without a photo for a reason other than damage', async () => {
    const c = await customer()
    const res = await t.report(c.cookie, c.fields({ reason: 'notAsExpected', text: '' }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ photoUrl: null, reason: 'notAsExpected', text: '' })
  })

  it('lets no more pieces be reported than were delivered, and lists what is left', async () => {
    const c = await customer()
    expect((await t.report(c.cookie, c.fields({ quantity: '2' }), { bytes: JPEG })).statusCode).toBe(200)
    const lines = ReturnableLinesSchema.parse((await t.get('/api/account/returns/returnable', c.cookie)).json())
    expect(lines.find((l) => l.productVariantId === c.variant.id)).toMatchObject({ quantity: 1 })
    expect(lines.find((l) => l.productVariantId === c.other.id)).toMatchObject({ quantity: 1 })
    const more = await t.report(c.cookie, c.fields({ quantity: '2' }), { bytes: JPEG })
    expect(more.json()).toMatchObject({
      params: { quantity: 'account.returns.errors.quantityMax', 'quantity:max': '1' },
    })
    expect((await t.report(c.cookie, c.fields({ quantity: '1' }), { bytes: JPEG })).statusCode).toBe(200)
    const last = await t.report(c.cookie, c.fields({ quantity: '1' }), { bytes: JPEG })
    expect(last.json()).toMatchObject({ params: { productVariantId: 'account.returns.errors.alreadyReported' } })
    const after = ReturnableLinesSchema.parse((await t.get('/api/account/returns/returnable', c.cookie)).json())
    expect(after.map((l) => l.productVariantId)).toEqual([c.other.id])
  })

  it('lets two reports sent at once for the last pieces not both through', async () => {
    const c = await customer()
    const results = await Promise.all(
      [1, 2, 3].map(() => t.report(c.cookie, c.fields({ quantity: '2' }), { bytes: JPEG })),
    )
    expect(results.map((r) => r.statusCode).toSorted()).toEqual([200, 400, 400])
    const rows = await t.db().selectFrom('returns').select('quantity').where('accountId', '=', c.accountId).execute()
    expect(rows).toEqual([{ quantity: 2 }])
    await nothingLeft()
  })

  it('allows reports from payment until 30 days after it, not for unpaid orders or scan products', async () => {
    const account = await t.signedIn()
    const [a] = await t.variants()
    const line = { variantId: a!.id, productId: a!.productId, quantity: 1 }
    const late = await t.order(account.accountId, [line], { paidDaysAgo: 31 })
    const unpaid = await t.order(account.accountId, [line], { status: 'open', paidDaysAgo: null })
    const scan = await t.order(account.accountId, [{ ...line, productType: 4 }])
    const paid = await t.order(account.accountId, [line], { status: 'paid', paidDaysAgo: 29 })
    const form = (orderId: string) => ({
      orderId,
      productVariantId: String(a!.id),
      quantity: '1',
      reason: 'other',
      text: 'x',
    })

    const lines = ReturnableLinesSchema.parse((await t.get('/api/account/returns/returnable', account.cookie)).json())
    expect(lines.map((l) => l.orderId)).toEqual([paid.orderId])
    expect(Date.parse(lines[0]!.returnableUntil)).toBeGreaterThan(Date.now())

    expect((await t.report(account.cookie, form(late.orderId))).json()).toMatchObject({
      params: { orderId: 'account.returns.errors.periodOver', 'orderId:days': '30' },
    })
    expect((await t.report(account.cookie, form(unpaid.orderId))).json()).toMatchObject({
      params: { orderId: 'account.returns.errors.orderNotReturnable' },
    })
    expect((await t.report(account.cookie, form(scan.orderId))).json()).toMatchObject({
      params: { productVariantId: 'account.returns.errors.productNotOnOrder' },
    })
    expect((await t.report(account.cookie, form(paid.orderId))).statusCode).toBe(200)
  })

  it('leaves no file and no row when the report cannot be written', async () => {
    const c = await customer()
    const before = await countReturns(t.db())
    const kept = (await t.photos.files()).kept
    const spy = vi.spyOn(t.app().context.mail, 'queueMail').mockRejectedValueOnce(new Error('disk full'))
    try {
      const res = await t.report(c.cookie, c.fields(), { bytes: JPEG })
      expect(res.statusCode).toBe(500)
    } finally {
      spy.mockRestore()
    }
    expect(await countReturns(t.db())).toBe(before)
    expect(await t.photos.files()).toEqual({ kept, incoming: [] })
  })

  it('refuses a body that is not multipart/form-data', async () => {
    const c = await customer()
    const res = await t.app().inject({
      method: 'POST',
      url: '/api/account/returns',
      headers: { host: HOSTS.nl, cookie: c.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(c.fields()),
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ code: 'unsupportedMediaType' })
  })

  it('shows customer service every report with its photo, behind the back-office token', async () => {
    const c = await customer()
    const report = (await t.report(c.cookie, c.fields(), { bytes: JPEG })).json<{ returnId: number }>()
    const auth = { authorization: `Bearer ${TOKEN}` }
    expect((await t.get('/api/backoffice/returns')).statusCode).toBe(401)
    const list = await t.app().inject({ method: 'GET', url: '/api/backoffice/returns?status=received', headers: auth })
    expect(list.statusCode).toBe(200)
    const found = list.json<{ returnId: number; emailAddress: string; photoUrl: string }[]>()
    const mine = found.find((r) => r.returnId === report.returnId)!
    expect(mine).toMatchObject({ emailAddress: c.email, photoUrl: `/api/backoffice/returns/${report.returnId}/photo` })
    const photo = await t.app().inject({ method: 'GET', url: mine.photoUrl, headers: auth })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/jpeg')
    const moved = await t.app().inject({
      method: 'PUT',
      url: `/api/backoffice/returns/${report.returnId}/status`,
      headers: auth,
      payload: { status: 'inProgress' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await t.get('/api/account/returns', c.cookie)).json()[0]).toMatchObject({ status: 'inProgress' })
  })
})
