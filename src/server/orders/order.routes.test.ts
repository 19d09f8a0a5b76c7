// GET /api/orders/:orderId?key=… on real databases: the order to whoever has its key, and the same 404 for a wrong
// key, another site or an order that does not exist.
import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { OrderSchema } from '../../domain/orders.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { useOrders } from './order-test-setup.ts'

describe.each(DIALECTS)('the order API on %s', (dialect) => {
  const { request, cartWith, place, setStock } = useOrders(dialect)

  async function placed() {
    await setStock(SPORT_MUESLI, 50)
    return place(await cartWith([[SPORT_MUESLI, 2]]))
  }

  it('answers the order to whoever has its key', async () => {
    const { order, orderKey } = await placed()
    const res = await request('GET', `/api/orders/${order.orderId}?key=${orderKey}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toMatch(/no-store/)
    const answer = OrderSchema.parse(res.json())
    expect(answer).toEqual(order)
    expect(res.body).not.toContain('keyHash')
    expect(res.body).not.toContain('cartId')
  })

  it.each([
    [
      'a wrong key',
      (id: string, key: string) => [
        `/api/orders/${id}?key=${key.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
        HOSTS.nl,
      ],
    ],
    ['no key', (id: string) => [`/api/orders/${id}?key=`, HOSTS.nl]],
    ['the right key on another site', (id: string, key: string) => [`/api/orders/${id}?key=${key}`, HOSTS.be]],
    [
      'an order that does not exist',
      (_: string, key: string) => [`/api/orders/0b6f1c2e-8d4a-4f3b-9c5e-7a1d2b3c4d5e?key=${key}`, HOSTS.nl],
    ],
  ])('answers %s with the same 404', async (_, make) => {
    const { order, orderKey } = await placed()
    const [url, host] = make(order.orderId, orderKey) as [string, string]
    const res = await request('GET', url, undefined, host)
    expect(res.statusCode, res.body).toBe(404)
    const body = ApiErrorSchema.parse(res.json())
    expect(body.code).toBe('orderNotFound')
    expect(body.localizedMessage).toBe('Deze bestelling bestaat niet.')
    expect(res.body).not.toContain(order.customer.emailAddress)
  })
})
