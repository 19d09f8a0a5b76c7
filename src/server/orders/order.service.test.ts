// Placing orders and moving them through their statuses, on real databases: frozen lines and totals, gap-free
// numbers per site, the stock rule under concurrency, expiry, cancellation and the confirmation mail.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../domain/errors.ts'
import { OrderSchema } from '../../domain/orders.ts'
import { CartCalculationSchema } from '../../domain/cart-calculation.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { catalogueVersion } from '../catalogue/catalogue.repository.ts'
import { BRUSH, HAY_NET, SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import type { Trx } from '../cart/cart.service.ts'
import { NOW, useOrders } from './order-test-setup.ts'
import { findOrder } from './order.repository.ts'
import { ORDER_EXPIRE_JOB, UNPAID_ORDER_MS } from './order.service.ts'

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe.each(DIALECTS)('orders on %s', (dialect) => {
  const { db, context, request, cartWith, scopeOf, place, setStock, stockOf } = useOrders(dialect)
  const mailsOf = (orderId: string) =>
    db().selectFrom('mails').selectAll().where('dedupeKey', '=', `order:${orderId}:confirmation`).execute()
  const numbersOf = async (siteId: number) =>
    (await db().selectFrom('orders').select('number').where('siteId', '=', siteId).orderBy('number').execute()).map(
      (r) => r.number,
    )

  it('freezes the lines and totals of the cart calculation, takes the stock and closes the cart', async () => {
    await setStock(SPORT_MUESLI, 50)
    await setStock(BRUSH, 10)
    const cartId = await cartWith([
      [SPORT_MUESLI, 2],
      [BRUSH, 1],
    ])
    const calculated = await request('POST', `/api/cartcalculation/${cartId}/calculate`)
    const calculation = CartCalculationSchema.parse(calculated.json())
    const versionBefore = (await catalogueVersion(db())).version

    const { order, orderKey } = await place(cartId)

    expect(OrderSchema.parse(order)).toEqual(order)
    expect(order.status).toBe('created')
    expect(orderKey).toMatch(/^[\w-]{32}$/)
    expect(order.lines.map((l) => [l.productVariantId, l.quantity, l.description, l.totalAmount])).toEqual(
      calculation.products.map((l) => [l.productVariantId, l.quantity, l.description, l.totalAmount]),
    )
    expect(order.totals).toMatchObject({
      totalAmount: calculation.totalAmount,
      subTotalAmount: calculation.subTotalAmount,
      shippingCosts: calculation.shippingCosts,
      vatAmountLow: calculation.vatAmountLow,
      vatAmountHigh: calculation.vatAmountHigh,
    })
    expect(order.customer.emailAddress).toBe('anna@example.nl')
    expect(order.shippingAddress).toEqual(order.billingAddress)
    expect(order.expiresAt).toBe(new Date(NOW.getTime() + UNPAID_ORDER_MS).toISOString())
    expect(await stockOf(SPORT_MUESLI)).toBe(48)
    expect(await stockOf(BRUSH)).toBe(9)
    // The catalogue (and with it search and the offline sync) sees the stock that was taken.
    expect((await catalogueVersion(db())).version).toBeGreaterThan(versionBefore)
    await context().catalogue.refresh()
    const entry = await context().carts.entry(scopeOf())
    const variant = entry.byVariant.get(SPORT_MUESLI)!.variants.find((v) => v.productVariantId === SPORT_MUESLI)!
    expect(variant.stock).toBe(48)
    // Stored as placed: what is read back is what was answered.
    const stored = await findOrder(db(), order.orderId)
    expect(stored).toMatchObject(order)
    // The placed cart is no longer a cart: it cannot be read or changed (the app starts a new one).
    expect((await request('GET', `/api/cart/${cartId}`)).statusCode).toBe(404)
    expect(
      (await request('POST', `/api/cart/${cartId}/products?productVariantId=${BRUSH}&quantity=1`)).statusCode,
    ).toBe(404)
    expect((await refusal(place(cartId))).code).toBe('cartNotFound')
  })

  it('queues the confirmation mail once, with the order, and schedules its expiry', async () => {
    await setStock(SPORT_MUESLI, 50)
    const { order } = await place(await cartWith([[SPORT_MUESLI, 1]]))
    const mails = await mailsOf(order.orderId)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ recipient: 'anna@example.nl', kind: 'order-confirmation', state: 'queued' })
    expect(mails[0]!.subject).toContain(String(order.orderNumber))
    expect(mails[0]!.text).toContain('1–2 dagen')
    expect(mails[0]!.text).toContain('Hoefijzerlaan 12 A')
    expect(mails[0]!.html).toContain(order.lines[0]!.description)
    const jobs = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('dedupeKey', '=', `order:${order.orderId}:expire`)
      .execute()
    expect(jobs).toHaveLength(1)
    expect(jobs[0]).toMatchObject({ name: ORDER_EXPIRE_JOB, runAt: order.expiresAt })
  })

  it('numbers the orders of each site from 1 without gaps, also after a refused order rolled back', async () => {
    const nl = context().sites.byDomain(HOSTS.nl)!.id
    const be = context().sites.byDomain(HOSTS.be)!.id
    await setStock(SPORT_MUESLI, 50)
    const before = await numbersOf(nl)
    const first = await place(await cartWith([[SPORT_MUESLI, 1]]))
    const refusedCart = await cartWith([[SPORT_MUESLI, 1]])
    await setStock(SPORT_MUESLI, 0)
    const mailsBefore = await db().selectFrom('mails').select('id').execute()
    const error = await refusal(place(refusedCart))
    expect(error).toMatchObject({ code: 'outOfStock', status: 409, params: { ids: String(SPORT_MUESLI) } })
    // Nothing of the refused order is left: no mail, the cart still open, the stock as it was.
    expect(await db().selectFrom('mails').select('id').execute()).toHaveLength(mailsBefore.length)
    expect((await request('GET', `/api/cart/${refusedCart}`)).statusCode).toBe(200)
    await setStock(SPORT_MUESLI, 50)
    const second = await place(refusedCart)
    expect(second.order.orderNumber).toBe(first.order.orderNumber + 1)
    const numbers = await numbersOf(nl)
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1))
    expect(numbers.length).toBe(before.length + 2)
    const belgian = await place(await cartWith([[SPORT_MUESLI, 1]], { host: HOSTS.be }), HOSTS.be)
    expect(belgian.order.orderNumber).toBe(1)
    expect(await numbersOf(be)).toEqual([1])
  })

  it.each([
    ['an empty cart', 'cartEmpty', async () => cartWith([])],
    [
      'a cart without billing details',
      'checkoutIncomplete',
      async () => cartWith([[SPORT_MUESLI, 1]], { billing: false }),
    ],
  ])('refuses %s with %s', async (_, code, make) => {
    await setStock(SPORT_MUESLI, 50)
    const error = await refusal(place(await make()))
    expect(error).toMatchObject({ code, status: 409 })
  })

  it('refuses a cart with a line that cannot be ordered, naming it', async () => {
    const cartId = await cartWith([])
    await db()
      .insertInto('cartLines')
      .values({
        cartId,
        productVariantId: HAY_NET,
        productId: Math.floor(HAY_NET / 100),
        count: 1,
        position: 0,
        samples: '[]',
      })
      .execute()
    const error = await refusal(place(cartId))
    expect(error).toMatchObject({ code: 'productNotAvailable', params: { ids: String(HAY_NET) } })
  })

  it('places exactly 3 of 20 concurrent orders for the last 3 units, and leaves the stock at 0', async () => {
    await setStock(SPORT_MUESLI, 50)
    const carts = []
    for (let i = 0; i < 20; i++) carts.push(await cartWith([[SPORT_MUESLI, 1]]))
    await setStock(SPORT_MUESLI, 3)
    const results = await Promise.allSettled(carts.map((id) => place(id)))
    const placed = results.filter((r) => r.status === 'fulfilled')
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []))
    expect(placed).toHaveLength(3)
    expect(refused).toHaveLength(17)
    for (const error of refused) expect(error.code).toBe('outOfStock')
    expect(await stockOf(SPORT_MUESLI)).toBe(0)
    const numbers = await numbersOf(context().sites.byDomain(HOSTS.nl)!.id)
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1))
  })

  it('expires an unpaid order once, giving its stock back, and leaves a paid one alone', async () => {
    await setStock(SPORT_MUESLI, 10)
    const unpaid = (await place(await cartWith([[SPORT_MUESLI, 2]]))).order
    const paid = (await place(await cartWith([[SPORT_MUESLI, 3]]))).order
    expect(await stockOf(SPORT_MUESLI)).toBe(5)
    const orders = context().orders
    const run = <T>(work: (trx: Trx) => Promise<T>) => db().transaction().execute(work)
    await run((trx) => orders.setStatus(trx, paid.orderId, 'paid', 'test', NOW))
    const early = new Date(NOW.getTime() + UNPAID_ORDER_MS - 1000)
    const late = new Date(NOW.getTime() + UNPAID_ORDER_MS + 1000)
    expect(await run((trx) => orders.expire(trx, unpaid.orderId, early))).toBe(false)
    expect(await run((trx) => orders.expire(trx, unpaid.orderId, late))).toBe(true)
    expect(await stockOf(SPORT_MUESLI)).toBe(7)
    // At least once: the job run again changes nothing.
    expect(await run((trx) => orders.expire(trx, unpaid.orderId, late))).toBe(false)
    expect(await stockOf(SPORT_MUESLI)).toBe(7)
    expect(await run((trx) => orders.expire(trx, paid.orderId, late))).toBe(false)
    expect((await findOrder(db(), unpaid.orderId))?.status).toBe('expired')
    expect(await findOrder(db(), paid.orderId)).toMatchObject({ status: 'paid', expiresAt: null })
  })

  it('gives the stock of a cancelled order back exactly once, and refuses to cancel a paid one', async () => {
    await setStock(SPORT_MUESLI, 10)
    const { order } = await place(await cartWith([[SPORT_MUESLI, 4]]))
    const orders = context().orders
    const cancel = () =>
      db()
        .transaction()
        .execute((trx) => orders.setStatus(trx, order.orderId, 'cancelled', 'test', NOW))
    const [a, b] = await Promise.all([cancel(), cancel()])
    expect([a.changed, b.changed].toSorted()).toEqual([false, true])
    expect(await stockOf(SPORT_MUESLI)).toBe(10)
    const { order: other } = await place(await cartWith([[SPORT_MUESLI, 1]]))
    await db()
      .transaction()
      .execute((trx) => orders.setStatus(trx, other.orderId, 'paid', 'test', NOW))
    const error = await refusal(
      db()
        .transaction()
        .execute((trx) => orders.setStatus(trx, other.orderId, 'cancelled', 'test', NOW)),
    )
    expect(error).toMatchObject({ code: 'orderStatusRefused', status: 409 })
    expect(await stockOf(SPORT_MUESLI)).toBe(9)
  })

  it('runs the expiry as a job at expires_at: the order expires and this server’s catalogue sees the stock back', async () => {
    // The earlier tests' unpaid orders expire first (their jobs are due too), then the stock is set.
    await context().jobs.drain()
    await setStock(SPORT_MUESLI, 10)
    // Placed at the tests' fixed time, a day before the machine's clock: its expiry job is due now.
    const { order } = await place(await cartWith([[SPORT_MUESLI, 4]]))
    expect(await stockOf(SPORT_MUESLI)).toBe(6)
    await context().catalogue.refresh()
    await context().jobs.drain()
    expect((await findOrder(db(), order.orderId))?.status).toBe('expired')
    expect(await stockOf(SPORT_MUESLI)).toBe(10)
    const entry = await context().carts.entry(scopeOf())
    const variant = entry.byVariant.get(SPORT_MUESLI)!.variants.find((v) => v.productVariantId === SPORT_MUESLI)!
    expect(variant.stock).toBe(10)
  })
})
