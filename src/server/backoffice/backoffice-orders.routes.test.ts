// PUT /api/backoffice/orders/:orderId/status on real databases: moves through the order transitions, audited; a move
// they refuse is a 409 that changes nothing and writes no audit row; a cancelled order gives its stock back.
import { describe, expect, it } from 'vitest'
import { OrderStatusChangeSchema } from '../../domain/backoffice-api.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { NOW, TOKEN, useOrders } from '../orders/order-test-setup.ts'
import { findOrder } from '../orders/order.repository.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { findAudit } from './backoffice.repository.ts'

const bearer = { authorization: `Bearer ${TOKEN}` }

describe.each(DIALECTS)('the back-office order status API on %s', (dialect) => {
  const { current, db, context, cartWith, place, setStock, stockOf } = useOrders(dialect)

  const put = (orderId: string, payload: object, headers: Record<string, string> = bearer) =>
    current().app.inject({ method: 'PUT', url: `/api/backoffice/orders/${orderId}/status`, payload, headers })

  async function placed(quantity = 1) {
    await setStock(SPORT_MUESLI, 50)
    return (await place(await cartWith([[SPORT_MUESLI, quantity]]))).order
  }
  const markPaid = (orderId: string) =>
    db()
      .transaction()
      .execute((trx) => context().orders.setStatus(trx, orderId, 'paid', 'test', NOW))
  const auditsOf = async (orderId: string) =>
    (await findAudit(db())).filter((a) => 'orderId' in a.summary && a.summary.orderId === orderId)

  it('ships and closes a paid order, auditing each move; the same status again changes nothing', async () => {
    const order = await placed()
    await markPaid(order.orderId)
    const sent = await put(order.orderId, { status: 'sent' })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(OrderStatusChangeSchema.parse(sent.json())).toEqual({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      from: 'paid',
      to: 'sent',
      changed: true,
    })
    const again = await put(order.orderId, { status: 'sent' })
    expect(again.json()).toMatchObject({ from: 'sent', to: 'sent', changed: false })
    expect((await put(order.orderId, { status: 'closed' })).json()).toMatchObject({ from: 'sent', to: 'closed' })
    const audits = await auditsOf(order.orderId)
    expect(audits.map((a) => [a.action, a.tokenFingerprint.length > 0, a.summary])).toEqual([
      ['order-status', true, expect.objectContaining({ from: 'paid', to: 'sent', changed: true })],
      ['order-status', true, expect.objectContaining({ from: 'sent', to: 'sent', changed: false })],
      ['order-status', true, expect.objectContaining({ from: 'sent', to: 'closed', changed: true })],
    ])
    expect((await findOrder(db(), order.orderId))?.status).toBe('closed')
  })

  it.each([
    ['ship an unpaid order', 'created', 'sent'],
    ['cancel a paid order', 'paid', 'cancelled'],
    ['close an unpaid order', 'created', 'closed'],
  ] as const)('refuses to %s with 409, changing nothing and auditing nothing', async (_, from, status) => {
    const order = await placed(2)
    if (from === 'paid') await markPaid(order.orderId)
    const stock = await stockOf(SPORT_MUESLI)
    const res = await put(order.orderId, { status })
    expect(res.statusCode, res.body).toBe(409)
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'orderStatusRefused', params: { from, to: status } })
    expect((await findOrder(db(), order.orderId))?.status).toBe(from)
    expect(await stockOf(SPORT_MUESLI)).toBe(stock)
    expect(await auditsOf(order.orderId)).toEqual([])
  })

  it('cancels an unpaid order and gives its stock back once', async () => {
    const order = await placed(3)
    expect(await stockOf(SPORT_MUESLI)).toBe(47)
    expect((await put(order.orderId, { status: 'cancelled' })).json()).toMatchObject({ changed: true })
    expect(await stockOf(SPORT_MUESLI)).toBe(50)
    expect((await put(order.orderId, { status: 'cancelled' })).json()).toMatchObject({ changed: false })
    expect(await stockOf(SPORT_MUESLI)).toBe(50)
  })

  it.each([
    ['a status the back office does not set', { status: 'paid' }, 400, 'invalidBody'],
    ['an unknown order', { status: 'sent' }, 404, 'orderNotFound'],
  ])('answers %s with %i', async (_, payload, status, code) => {
    const res = await put('0b6f1c2e-8d4a-4f3b-9c5e-7a1d2b3c4d5e', payload)
    expect(res.statusCode, res.body).toBe(status)
    expect(ApiErrorSchema.parse(res.json()).code).toBe(code)
  })

  it('refuses a request without the token before anything else', async () => {
    const order = await placed()
    const res = await put(order.orderId, { status: 'cancelled' }, {})
    expect(res.statusCode).toBe(401)
    expect((await findOrder(db(), order.orderId))?.status).toBe('created')
  })
})
