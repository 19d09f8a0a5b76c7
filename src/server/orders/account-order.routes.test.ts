// The signed-in account's orders and invoices on both databases: only the owner's, newest first; 401 signed out;
// another account's order, a guest's and one of another site answered as a missing one; the invoice PDF once paid.
// The tests sign in as the session plugin does (a session row with the account, and its signed cookie) and place
// orders as the order route does for a signed-in shopper (OrderService.place with the account).
import { describe, expect, it } from 'vitest'
import { AccountInvoiceListSchema, AccountOrderListSchema, AccountOrderSchema } from '../../domain/account-orders.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { APPLE_TREATS, SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { SessionService } from '../sessions/session.service.ts'
import { NOW, useOrders } from './order-test-setup.ts'

const MISSING = '0b6f1c2e-8d4a-4f3b-9c5e-7a1d2b3c4d5e'

describe.each(DIALECTS)('the account order API on %s', (dialect) => {
  const { current, db, context, cartWith, scopeOf, setStock } = useOrders(dialect)
  let accounts = 0

  /** An activated account on a site, and the cookie of a session signed in as it. */
  async function signedIn(host: string = HOSTS.nl) {
    const siteId = context().sites.byDomain(host)!.id
    const n = ++accounts
    const at = NOW.toISOString()
    const row = await db()
      .insertInto('accounts')
      .values({
        siteId,
        languageId: context().sites.byDomain(host)!.languages[0]!.languageId,
        emailAddress: `owner${n}@example.nl`,
        emailKey: `owner${n}@example.nl`,
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
        firstName: 'Anna',
        lastName: 'de Vries',
        phoneNumber: '+31612345678',
        billing: JSON.stringify({
          zipcode: '',
          street: '',
          streetNumber: '',
          streetNumberAddition: '',
          city: '',
          countryId: null,
        }),
        shipping: null,
        company: null,
        alternativeShippingAddress: 0,
        newsletter: 0,
        activatedAt: at,
        passwordChangedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const session = await new SessionService(db()).create(siteId, {}, row.id)
    return { accountId: row.id, cookie: `sid=${current().app.signCookie(session.id)}`, host }
  }

  /** An order of muesli (and treats) placed on the Dutch site by `accountId` signed in (null: a guest's). */
  async function orderOf(accountId: number | null, lines: [number, number][] = [[SPORT_MUESLI, 2]]) {
    await setStock(SPORT_MUESLI, 500)
    const cartId = await cartWith(lines)
    const scope = await context().carts.prepare(scopeOf())
    const { order } = await db()
      .transaction()
      .execute((trx) => context().orders.place(trx, scope, cartId, { origin: `http://${HOSTS.nl}`, accountId }))
    return order
  }

  async function pay(orderId: string) {
    await db()
      .transaction()
      .execute((trx) => context().orders.setStatus(trx, orderId, 'paid', 'test', NOW))
  }

  const get = (url: string, who?: { cookie: string; host: string }) =>
    current().app.inject({
      method: 'GET',
      url,
      headers: { host: who?.host ?? HOSTS.nl, ...(who && { cookie: who.cookie }) },
    })

  it.each([
    '/api/account/orders',
    `/api/account/orders/${MISSING}`,
    `/api/account/orders/${MISSING}/invoice`,
    '/api/account/invoices',
  ])('answers %s with 401 notSignedIn when signed out', async (url) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(401)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('notSignedIn')
  })

  it("lists only the account's own orders, newest first, with their item counts", async () => {
    const owner = await signedIn()
    const other = await signedIn()
    const first = await orderOf(owner.accountId)
    const second = await orderOf(owner.accountId, [
      [SPORT_MUESLI, 1],
      [APPLE_TREATS, 3],
    ])
    await orderOf(other.accountId)
    await orderOf(null)

    const res = await get('/api/account/orders', owner)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toMatch(/no-store/)
    const list = AccountOrderListSchema.parse(res.json())
    expect(list.map((o) => o.orderId)).toEqual([second.orderId, first.orderId])
    expect(list[0]).toMatchObject({
      orderNumber: second.orderNumber,
      status: 'created',
      currency: 'EUR',
      totalAmount: second.totals.totalAmount,
      // 3 treats with "3 + 1 free" are 4 pieces, and the muesli.
      itemCount: 5,
    })
    expect(list[1]!.itemCount).toBe(2)
    expect(res.body).not.toContain('keyHash')
  })

  it('answers an empty list for an account without orders', async () => {
    const res = await get('/api/account/orders', await signedIn())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it("answers the owner's order with its lines, totals and addresses, and the invoice once paid", async () => {
    const owner = await signedIn()
    const order = await orderOf(owner.accountId)

    const unpaid = await get(`/api/account/orders/${order.orderId}`, owner)
    expect(unpaid.statusCode, unpaid.body).toBe(200)
    expect(unpaid.headers['cache-control']).toMatch(/no-store/)
    const answer = AccountOrderSchema.parse(unpaid.json())
    expect(answer).toMatchObject({ orderId: order.orderId, lines: order.lines, totals: order.totals })
    expect(answer.billingAddress).toEqual(order.billingAddress)
    expect(answer).toMatchObject({ invoiceNumber: null, invoiceUrl: null })
    expect(unpaid.body).not.toContain('keyHash')
    const early = await get(`/api/account/orders/${order.orderId}/invoice`, owner)
    expect(early.statusCode).toBe(409)
    expect(ApiErrorSchema.parse(early.json()).code).toBe('orderNotPaid')

    await pay(order.orderId)
    const paid = AccountOrderSchema.parse((await get(`/api/account/orders/${order.orderId}`, owner)).json())
    expect(paid.status).toBe('paid')
    expect(paid.invoiceNumber).toMatch(/^F\d{4}-\d{6}$/)
    expect(paid.invoiceUrl).toBe(`/api/account/orders/${order.orderId}/invoice`)

    const pdf = await get(paid.invoiceUrl!, owner)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`)
    expect(pdf.headers['cache-control']).toMatch(/no-store/)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const invoices = await get('/api/account/invoices', owner)
    expect(invoices.statusCode).toBe(200)
    expect(AccountInvoiceListSchema.parse(invoices.json())).toEqual([
      {
        invoiceNumber: paid.invoiceNumber,
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        issuedAt: expect.any(String) as string,
        currency: 'EUR',
        totalAmount: order.totals.totalAmount,
        invoiceUrl: paid.invoiceUrl,
      },
    ])
  })

  it.each([
    ['another account', 'other'],
    ['a guest', 'guest'],
    ['nobody (it does not exist)', 'missing'],
  ] as const)('answers an order of %s with the same 404, its invoice too', async (_, whose) => {
    const owner = await signedIn()
    const other = await signedIn()
    let orderId = MISSING
    if (whose !== 'missing') {
      const order = await orderOf(whose === 'other' ? other.accountId : null)
      await pay(order.orderId)
      orderId = order.orderId
    }
    for (const url of [`/api/account/orders/${orderId}`, `/api/account/orders/${orderId}/invoice`]) {
      const res = await get(url, owner)
      expect(res.statusCode, res.body).toBe(404)
      expect(ApiErrorSchema.parse(res.json()).code).toBe('orderNotFound')
    }
    expect((await get('/api/account/invoices', owner)).json()).toEqual([])
  })

  it("does not answer an account's order to a session of another site", async () => {
    const owner = await signedIn()
    const order = await orderOf(owner.accountId)
    // The cookie of the Dutch session is no session on the Belgian site.
    const res = await get(`/api/account/orders/${order.orderId}`, { ...owner, host: HOSTS.be })
    expect(res.statusCode).toBe(401)
    const belgian = await signedIn(HOSTS.be)
    const asBelgian = await get(`/api/account/orders/${order.orderId}`, belgian)
    expect(asBelgian.statusCode).toBe(404)
  })
})
