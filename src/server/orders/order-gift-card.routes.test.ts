// The payment selection at placement, through HTTP on both databases with the built-in test provider: the chosen bank
// goes with the payment; a gift card pays its part in the placing transaction and only the rest goes to the provider
// (nothing when it pays everything); one card never pays more than its balance, however many orders take it at once;
// an order that ends unpaid gives the card its part back.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { OrderViewSchema, PlacedOrderSchema } from '../../domain/orders.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { balanceOf, newGiftCard, TEST_PIN } from '../gift-cards/gift-card-test-setup.ts'
import type { TestPaymentProvider } from '../payments/test-provider.ts'
import { findOrder } from './order.repository.ts'
import { useOrders } from './order-test-setup.ts'

const IDEAL = 1
const CREDITCARD = 3
const GIFTCARD = 5
const MUESLI = 3295
const newKey = () => randomBytes(16).toString('base64url')

// Each test places from its own addresses (the placement and card-check limits count per address).
let lastNet = 0
const network = () => {
  const net = ++lastNet
  return (host: number) => `10.88.${net}.${host}`
}

describe.each(DIALECTS)('paying an order with a bank and a gift card on %s', (dialect) => {
  const { current, db, context, cartWith, setStock, stockOf } = useOrders(dialect)

  beforeAll(() => {
    const provider = context().payments.provider as TestPaymentProvider
    provider.transport = async (url, body, headers) =>
      (await current().app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode
  })

  const call = (method: 'GET' | 'POST', url: string, { body, key, ip }: { body?: object; key?: string; ip?: string }) =>
    current().app.inject({
      method,
      url,
      ...(body && { payload: body }),
      ...(ip && { remoteAddress: ip }),
      headers: { host: HOSTS.nl, ...(key && { 'idempotency-key': key }) },
    })

  /** A cart of `quantity` muesli with billing details, the payment selection and, if given, a gift card. */
  async function readyCart(
    quantity: number,
    ip: string,
    { selection = { paymentMethodId: IDEAL }, card }: { selection?: object; card?: string } = {},
  ) {
    const id = await cartWith([[SPORT_MUESLI, quantity]])
    const selected = await call('POST', `/api/cart/${id}/payment`, { body: selection, ip })
    expect(selected.statusCode, selected.body).toBe(204)
    if (!card) return id
    const checked = await call('POST', `/api/cart/${id}/giftcard`, {
      body: { giftCardNumber: card, giftCardPin: TEST_PIN },
      ip,
    })
    expect(checked.statusCode, checked.body).toBe(200)
    return id
  }
  const placeOrder = (cartId: string, ip: string) => call('POST', `/api/cart/${cartId}/order`, { key: newKey(), ip })
  const getOrder = async (orderId: string, key: string) =>
    OrderViewSchema.parse((await call('GET', `/api/orders/${orderId}?key=${key}`, {})).json())
  const paymentsOf = (orderId: string) =>
    db().selectFrom('payments').selectAll().where('reference', '=', orderId).orderBy('id').execute()
  const ordersOf = (cartId: string) => db().selectFrom('orders').select('id').where('cartId', '=', cartId).execute()

  it('sends the chosen bank with the payment; the order keeps it and the provider’s page shows it', async () => {
    await setStock(SPORT_MUESLI, 50)
    const ip = network()(1)
    const cartId = await readyCart(2, ip, { selection: { paymentMethodId: IDEAL, issuer: 'ideal_INGBNL2A' } })
    const res = await placeOrder(cartId, ip)
    expect(res.statusCode, res.body).toBe(200)
    const placed = PlacedOrderSchema.parse(res.json())
    const [payment] = await paymentsOf(placed.orderId)
    expect(payment).toMatchObject({ method: 'ideal', issuer: 'ideal_INGBNL2A', amount: 2 * MUESLI })
    expect((await getOrder(placed.orderId, placed.orderKey)).paymentIssuer).toBe('ideal_INGBNL2A')
    const page = await current().app.inject({ method: 'GET', url: new URL(placed.paymentUrl!).pathname })
    expect(page.body).toContain('<dt>Bank</dt><dd>ING</dd>')
  })

  it('freezes the chosen method’s payment costs into the order and its payment', async () => {
    await setStock(SPORT_MUESLI, 50)
    const ip = network()(1)
    const cartId = await readyCart(2, ip, { selection: { paymentMethodId: CREDITCARD } })
    const placed = PlacedOrderSchema.parse((await placeOrder(cartId, ip)).json())
    const order = await getOrder(placed.orderId, placed.orderKey)
    expect(order.totals).toMatchObject({
      paymentCosts: 35,
      totalAmount: 2 * MUESLI + 35,
      paymentAmount: 2 * MUESLI + 35,
    })
    expect((await paymentsOf(placed.orderId)).map((p) => [p.method, p.amount])).toEqual([
      ['creditcard', 2 * MUESLI + 35],
    ])
    // A later price change of the method does not touch the placed order.
    await db().updateTable('paymentCosts').set({ costCents: 99 }).where('paymentMethodId', '=', CREDITCARD).execute()
    expect((await findOrder(db(), placed.orderId))!.totals.paymentCosts).toBe(35)
    await db().updateTable('paymentCosts').set({ costCents: 35 }).where('paymentMethodId', '=', CREDITCARD).execute()
  })

  it('takes the card’s part at placement and has the provider pay only the rest', async () => {
    await setStock(SPORT_MUESLI, 50)
    const ip = network()(1)
    const card = await newGiftCard(db(), 2500)
    const cartId = await readyCart(2, ip, { card })
    const res = await placeOrder(cartId, ip)
    expect(res.statusCode, res.body).toBe(200)
    const placed = PlacedOrderSchema.parse(res.json())
    expect(placed.status).toBe('open')
    expect(placed.paymentUrl).toMatch(/\/payments\/test\/tst_/)
    expect(await balanceOf(db(), card)).toBe(0)
    const order = await getOrder(placed.orderId, placed.orderKey)
    expect(order.totals).toMatchObject({
      totalAmount: 2 * MUESLI,
      giftCardAmount: 2500,
      paymentAmount: 2 * MUESLI - 2500,
    })
    const payments = await paymentsOf(placed.orderId)
    expect(payments.map((p) => p.amount)).toEqual([2 * MUESLI - 2500])
    const mail = await db()
      .selectFrom('mails')
      .select('text')
      .where('dedupeKey', '=', `order:${placed.orderId}:confirmation`)
      .executeTakeFirstOrThrow()
    expect(mail.text).toContain(`Cadeaukaart •••• ${card.slice(-4)}`)
    expect(mail.text).toContain('Nog te betalen')
  })

  it('pays the order at once, with no payment, when the card covers everything', async () => {
    await setStock(SPORT_MUESLI, 50)
    const ip = network()(1)
    const card = await newGiftCard(db(), 10_000)
    const cartId = await readyCart(2, ip, { selection: { paymentMethodId: GIFTCARD }, card })
    const res = await placeOrder(cartId, ip)
    expect(res.statusCode, res.body).toBe(200)
    const placed = PlacedOrderSchema.parse(res.json())
    expect(placed).toMatchObject({ status: 'paid', paymentUrl: null })
    expect(await paymentsOf(placed.orderId)).toEqual([])
    expect(await balanceOf(db(), card)).toBe(10_000 - 2 * MUESLI)
    expect((await getOrder(placed.orderId, placed.orderKey)).totals).toMatchObject({
      giftCardAmount: 2 * MUESLI,
      paymentAmount: 0,
    })
  })

  it('refuses a rest to pay without a method other than the gift card, and takes nothing', async () => {
    await setStock(SPORT_MUESLI, 50)
    const ip = network()(1)
    const card = await newGiftCard(db(), 2500)
    const cartId = await readyCart(2, ip, { selection: { paymentMethodId: GIFTCARD }, card })
    const res = await placeOrder(cartId, ip)
    expect(res.statusCode, res.body).toBe(409)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('checkoutIncomplete')
    expect(await balanceOf(db(), card)).toBe(2500)
    expect(await stockOf(SPORT_MUESLI)).toBe(50)
    expect(await ordersOf(cartId)).toHaveLength(0)
  })

  it('refuses the order when the card was spent meanwhile, and gives the stock back', async () => {
    await setStock(SPORT_MUESLI, 50)
    const ip = network()(1)
    const card = await newGiftCard(db(), 2500)
    const cartId = await readyCart(2, ip, { card })
    await db().updateTable('giftCards').set({ balance: 0 }).where('number', '=', card).execute()
    const res = await placeOrder(cartId, ip)
    expect(res.statusCode, res.body).toBe(409)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('giftCardInvalid')
    expect(await stockOf(SPORT_MUESLI)).toBe(50)
    expect(await ordersOf(cartId)).toHaveLength(0)
  })

  it('never lets orders placed at once take more than the card’s balance', async () => {
    await setStock(SPORT_MUESLI, 100)
    const ip = network()
    const card = await newGiftCard(db(), 5000)
    // One muesli costs 32.95 plus 6.95 delivery: the first order takes 39.90, the next the 10.10 left, then none.
    const carts = await Promise.all(Array.from({ length: 6 }, (_, i) => readyCart(1, ip(i + 1), { card })))
    const answers = await Promise.all(carts.map((cartId, i) => placeOrder(cartId, ip(i + 1))))
    const placed = answers.filter((a) => a.statusCode === 200).map((a) => PlacedOrderSchema.parse(a.json()))
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409)
      expect(ApiErrorSchema.parse(refused.json()).code).toBe('giftCardInvalid')
    }
    const parts = await Promise.all(placed.map(async (p) => (await findOrder(db(), p.orderId))!.totals.giftCardAmount))
    expect(parts.toSorted((a, b) => b - a)).toEqual([MUESLI + 695, 5000 - MUESLI - 695])
    expect(await balanceOf(db(), card)).toBe(0)
    expect(await stockOf(SPORT_MUESLI)).toBe(100 - placed.length)
  })

  it('gives the card its part back, once, when the unpaid order expires or is cancelled', async () => {
    await setStock(SPORT_MUESLI, 50)
    const ip = network()(1)
    const card = await newGiftCard(db(), 3000)
    const expiring = PlacedOrderSchema.parse((await placeOrder(await readyCart(1, ip, { card }), ip)).json())
    expect(await balanceOf(db(), card)).toBe(0)
    const later = new Date(Date.now() + 2 * 60 * 60_000)
    for (let i = 0; i < 2; i++)
      await db()
        .transaction()
        .execute((trx) => context().orders.expire(trx, expiring.orderId, later))
    expect((await findOrder(db(), expiring.orderId))!.status).toBe('expired')
    expect(await balanceOf(db(), card)).toBe(3000)
    expect(await stockOf(SPORT_MUESLI)).toBe(50)

    const cancelled = PlacedOrderSchema.parse((await placeOrder(await readyCart(1, ip, { card }), ip)).json())
    expect(await balanceOf(db(), card)).toBe(0)
    for (let i = 0; i < 2; i++)
      await db()
        .transaction()
        .execute((trx) => context().orders.setStatus(trx, cancelled.orderId, 'cancelled', 'backoffice', new Date()))
    expect(await balanceOf(db(), card)).toBe(3000)
  })
})
