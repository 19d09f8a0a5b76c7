// Placing an order and paying it, through HTTP on both databases, with the built-in test provider: its hosted page
// is answered with inject and its signed webhook is delivered by draining the job queue.
import { randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { OrderViewSchema, PlacedOrderSchema } from '../../domain/orders.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { PaymentProviderError } from '../payments/payment-provider.ts'
import { SIGNATURE_HEADER, signWebhook, webhookKey, type TestPaymentProvider } from '../payments/test-provider.ts'
import { findOrder } from './order.repository.ts'
import { useOrders } from './order-test-setup.ts'

const WEBHOOK = '/api/payments/webhook/test'
const newKey = () => randomBytes(16).toString('base64url')

describe.each(DIALECTS)('placing and paying an order on %s', (dialect) => {
  const { current, db, context, cartWith, setStock, stockOf } = useOrders(dialect)
  let provider: TestPaymentProvider

  beforeAll(() => {
    provider = context().payments.provider as TestPaymentProvider
    provider.transport = async (url, body, headers) =>
      (await current().app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode
  })

  /** The shopper's calls, at the real time (the order's expiry job must not be due while the tests drain the queue). */
  const call = (
    method: 'GET' | 'POST',
    url: string,
    { body, key, ip }: { body?: object; key?: string; ip?: string } = {},
  ) =>
    current().app.inject({
      method,
      url,
      ...(body && { payload: body }),
      ...(ip && { remoteAddress: ip }),
      headers: { host: HOSTS.nl, ...(key && { 'idempotency-key': key }) },
    })

  const methodId = () => context().sites.byDomain(HOSTS.nl)!.paymentMethods[0]!.paymentMethodId

  /** A cart of `quantity` muesli with billing details and a payment method. */
  async function readyCart(quantity = 2) {
    const id = await cartWith([[SPORT_MUESLI, quantity]])
    const res = await call('POST', `/api/cart/${id}/payment`, { body: { paymentMethodId: methodId() } })
    expect(res.statusCode, res.body).toBe(204)
    return id
  }

  const placeOrder = (cartId: string, key: string) => call('POST', `/api/cart/${cartId}/order`, { key })
  const getOrder = async (orderId: string, key: string) => {
    const res = await call('GET', `/api/orders/${orderId}?key=${key}`)
    expect(res.statusCode, res.body).toBe(200)
    return OrderViewSchema.parse(res.json())
  }
  const choose = (checkoutUrl: string, outcome: string) =>
    current().app.inject({
      method: 'POST',
      url: new URL(checkoutUrl).pathname,
      payload: `outcome=${outcome}`,
      headers: { host: HOSTS.nl, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    })
  const paymentsOf = (orderId: string) =>
    db().selectFrom('payments').selectAll().where('reference', '=', orderId).orderBy('id').execute()
  const statusOf = async (orderId: string) => (await findOrder(db(), orderId))!.status

  it('places with a key: open, and the test provider’s checkout; the same key again answers the same', async () => {
    await setStock(SPORT_MUESLI, 50)
    const cartId = await readyCart()
    const key = newKey()
    const first = await placeOrder(cartId, key)
    expect(first.statusCode, first.body).toBe(200)
    const placed = PlacedOrderSchema.parse(first.json())
    expect(placed.status).toBe('open')
    expect(placed.paymentUrl).toMatch(/^http:\/\/localhost:8080\/payments\/test\/tst_/)
    expect(await stockOf(SPORT_MUESLI)).toBe(48)

    const [payment] = await paymentsOf(placed.orderId)
    const { totals } = await getOrder(placed.orderId, placed.orderKey)
    const method = context().sites.byDomain(HOSTS.nl)!.paymentMethods[0]!.code
    expect(payment).toMatchObject({ amount: totals.totalAmount, currency: 'EUR', status: 'open', method })
    expect(payment!.description).toBe(`Je bestelling ${placed.orderNumber} bij Equivera`)
    const back = new URL(payment!.redirectUrl)
    expect(`${back.origin}${back.pathname}`).toBe('http://equivera-nl.localhost:8080/checkout/complete/')
    expect(Object.fromEntries(back.searchParams)).toEqual({ id: placed.orderId, key: placed.orderKey, status: 'open' })

    // A lost answer retried with the same key: the same order, key and payment; no second order or payment.
    const again = await placeOrder(cartId, key)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(placed)
    expect(await paymentsOf(placed.orderId)).toHaveLength(1)
    const orders = await db().selectFrom('orders').select('id').where('cartId', '=', cartId).execute()
    expect(orders).toHaveLength(1)
    expect(await stockOf(SPORT_MUESLI)).toBe(48)

    // The cart is placed: another key finds no cart.
    expect((await placeOrder(cartId, newKey())).statusCode).toBe(404)
    expect(await getOrder(placed.orderId, placed.orderKey)).toMatchObject({
      status: 'open',
      paymentUrl: placed.paymentUrl,
    })
  })

  it('requires an Idempotency-Key, and a payment method when there is something to pay', async () => {
    const cartId = await cartWith([[SPORT_MUESLI, 1]])
    const res = await call('POST', `/api/cart/${cartId}/order`)
    expect(res.statusCode).toBe(400)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('parameterRequired')
    const noMethod = await placeOrder(cartId, newKey())
    expect(noMethod.statusCode, noMethod.body).toBe(409)
    expect(ApiErrorSchema.parse(noMethod.json()).code).toBe('checkoutIncomplete')
    expect(await db().selectFrom('orders').select('id').where('cartId', '=', cartId).execute()).toHaveLength(0)
  })

  it('moves the order to paid by the signed webhook; a replayed or late event changes nothing', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = PlacedOrderSchema.parse((await placeOrder(await readyCart(), newKey())).json())
    expect((await choose(placed.paymentUrl!, 'paid')).statusCode).toBe(303)
    expect(await statusOf(placed.orderId)).toBe('open')
    await context().jobs.drain()
    expect(await statusOf(placed.orderId)).toBe('paid')
    expect(await getOrder(placed.orderId, placed.orderKey)).toMatchObject({ status: 'paid', paymentUrl: null })

    // The same event again, and an out-of-order 'expired' for the paid payment: nothing moves, no stock comes back.
    const [payment] = await paymentsOf(placed.orderId)
    const signed = (status: string) => {
      const body = JSON.stringify({ id: payment!.providerPaymentId, status })
      const signature = signWebhook(webhookKey(context().config.SESSION_SECRET), body, Math.floor(Date.now() / 1000))
      return current().app.inject({
        method: 'POST',
        url: WEBHOOK,
        payload: body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      })
    }
    for (const status of ['paid', 'expired', 'failed']) expect((await signed(status)).statusCode).toBe(200)
    expect(await statusOf(placed.orderId)).toBe('paid')
    expect((await paymentsOf(placed.orderId))[0]!.status).toBe('paid')
    expect(await stockOf(SPORT_MUESLI)).toBe(48)
  })

  it('refuses a forged webhook with no change', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = PlacedOrderSchema.parse((await placeOrder(await readyCart(), newKey())).json())
    const [payment] = await paymentsOf(placed.orderId)
    const body = JSON.stringify({ id: payment!.providerPaymentId, status: 'paid' })
    const forged = signWebhook(Buffer.from('not the provider’s key'), body, Math.floor(Date.now() / 1000))
    const res = await current().app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: forged },
    })
    expect(res.statusCode).toBe(401)
    expect(await statusOf(placed.orderId)).toBe('open')
    expect((await paymentsOf(placed.orderId))[0]!.status).toBe('open')
  })

  it('keeps the order open after a failed payment, pays again, and an expired payment ends it with the stock back', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = PlacedOrderSchema.parse((await placeOrder(await readyCart(), newKey())).json())
    await choose(placed.paymentUrl!, 'failed')
    await context().jobs.drain()
    expect(await getOrder(placed.orderId, placed.orderKey)).toMatchObject({ status: 'open', paymentUrl: null })
    expect(await stockOf(SPORT_MUESLI)).toBe(48)

    const retry = await call('POST', `/api/orders/${placed.orderId}/payment?key=${placed.orderKey}`)
    expect(retry.statusCode, retry.body).toBe(200)
    const { status, paymentUrl } = retry.json() as { status: string; paymentUrl: string }
    expect(status).toBe('open')
    expect(paymentUrl).not.toBe(placed.paymentUrl)
    expect(await paymentsOf(placed.orderId)).toHaveLength(2)
    expect((await getOrder(placed.orderId, placed.orderKey)).paymentUrl).toBe(paymentUrl)
    // Asked again while that payment is under way: the same payment.
    const same = await call('POST', `/api/orders/${placed.orderId}/payment?key=${placed.orderKey}`)
    expect(same.json()).toEqual({ status: 'open', paymentUrl })
    // A wrong key starts nothing.
    expect((await call('POST', `/api/orders/${placed.orderId}/payment?key=wrong`)).statusCode).toBe(404)

    await choose(paymentUrl, 'expired')
    await context().jobs.drain()
    expect(await getOrder(placed.orderId, placed.orderKey)).toMatchObject({ status: 'expired', paymentUrl: null })
    expect(await stockOf(SPORT_MUESLI)).toBe(50)
  })

  it('an open order whose payment failed expires at its time, with the stock back', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = PlacedOrderSchema.parse((await placeOrder(await readyCart(), newKey())).json())
    await choose(placed.paymentUrl!, 'failed')
    await context().jobs.drain()
    const later = new Date(Date.now() + 2 * 60 * 60_000)
    await db()
      .transaction()
      .execute((trx) => context().orders.expire(trx, placed.orderId, later))
    expect(await statusOf(placed.orderId)).toBe('expired')
    expect(await stockOf(SPORT_MUESLI)).toBe(50)
  })

  it('leaves the order created when the provider cannot be reached; the same key again starts the payment', async () => {
    await setStock(SPORT_MUESLI, 50)
    const cartId = await readyCart()
    const key = newKey()
    const create = provider.createPayment.bind(provider)
    provider.createPayment = () => Promise.reject(new PaymentProviderError('down', 503))
    const down = await placeOrder(cartId, key).finally(() => (provider.createPayment = create))
    expect(down.statusCode, down.body).toBe(503)
    const error = ApiErrorSchema.parse(down.json())
    expect(error.code).toBe('paymentUnavailable')
    expect(error.localizedMessage).toBe(
      'De betaling kon nu niet worden gestart. Je bestelling is bewaard, probeer het nog een keer.',
    )
    const [order] = await db().selectFrom('orders').select(['id', 'status']).where('cartId', '=', cartId).execute()
    expect(order!.status).toBe('created')

    const again = PlacedOrderSchema.parse((await placeOrder(cartId, key)).json())
    expect(again).toMatchObject({ orderId: order!.id, status: 'open' })
    expect(again.paymentUrl).toMatch(/\/payments\/test\/tst_/)
    expect(await paymentsOf(order!.id)).toHaveLength(1)
  })

  it('pays an order with nothing to pay at once, with no payment', async () => {
    await setStock(SPORT_MUESLI, 50)
    const cartId = await readyCart(1)
    const scope = await context().carts.prepare({ ...scopeNow() })
    const { order, orderKey } = await db()
      .transaction()
      .execute((trx) => context().orders.place(trx, scope, cartId, { origin: `http://${HOSTS.nl}` }))
    await db()
      .updateTable('orders')
      .set({ totalAmount: 0, totals: JSON.stringify({ ...order.totals, totalAmount: 0 }) })
      .where('id', '=', order.orderId)
      .execute()
    const site = context().sites.byDomain(HOSTS.nl)!
    const start = await context().orderPayments.start(order.orderId, orderKey, { site, origin: 'http://x' })
    expect(start).toEqual({ status: 'paid', paymentUrl: null })
    expect(await paymentsOf(order.orderId)).toHaveLength(0)
    expect(await getOrder(order.orderId, orderKey)).toMatchObject({ status: 'paid', expiresAt: null })
  })

  const scopeNow = () => {
    const site = context().sites.byDomain(HOSTS.nl)!
    return { site, language: site.languages[0]!, now: new Date() }
  }

  it('limits placements per address (429 after the limit)', async () => {
    const ip = '10.77.0.1'
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push((await call('POST', `/api/cart/${randomUUID()}/order`, { key: newKey(), ip })).statusCode)
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})
