// Placing the order once: the attempt's key is on the device before the call, a lost answer is tried again with it
// (and finds the one order), a refusal lets it go. Over the real device store (IndexedDB in memory).
import { beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import type { PlacedOrder } from '../../domain/orders.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { deviceAttempts } from '../data/order-attempt.ts'
import { placeOrderOnce, type PlaceOrderApi } from './place-order.ts'

const SITE = 1
const CART = '6f1c2a9e-0000-4000-8000-000000000001'
const NEW_CART = '6f1c2a9e-0000-4000-8000-000000000002'
const ORDER: PlacedOrder = {
  orderId: '0b7d3c1e-0000-4000-8000-0000000000aa',
  orderNumber: 17,
  orderKey: 'k'.repeat(32),
  status: 'open',
  paymentUrl: 'http://localhost/payments/test/tst_1',
}

const apiError = (status: number, code?: string, params: Record<string, string> = {}) =>
  new ApiRequestError(
    status,
    code ? { status, code, message: code, localizedMessage: code, params } : null,
    new Headers(status === 429 ? { 'retry-after': '600' } : {}),
  )

/** A server that answers each call with the next of `answers` (an error is thrown), noting each call's cart and key. */
function server(...answers: (PlacedOrder | Error | 'never')[]) {
  const calls: { cartId: string; key: string; storedBefore: string | null }[] = []
  const api: PlaceOrderApi = {
    async placeOrder(cartId, key) {
      // What the device holds when the call goes out.
      calls.push({ cartId, key, storedBefore: (await deviceAttempts.read(SITE))?.idempotencyKey ?? null })
      const answer = answers.shift()
      if (answer === 'never') return new Promise<PlacedOrder>(() => undefined)
      if (answer instanceof Error) throw answer
      if (!answer) throw new Error('no more answers')
      return answer
    },
  }
  return { api, calls }
}

beforeEach(() => {
  freshDatabase()
})

describe('placing the order', () => {
  it('keeps the key on the device before the call, and a lost answer is tried again with it and finds the one order', async () => {
    const { api, calls } = server(apiError(503), ORDER)
    expect(await placeOrderOnce(api, deviceAttempts, SITE, CART)).toEqual({ kind: 'unreachable' })
    expect(calls[0]!.storedBefore).toBe(calls[0]!.key)
    expect((await deviceAttempts.read(SITE))?.idempotencyKey).toBe(calls[0]!.key)

    expect(await placeOrderOnce(api, deviceAttempts, SITE, CART)).toEqual({ kind: 'placed', order: ORDER })
    expect(calls.map((c) => [c.cartId, c.key])).toEqual([
      [CART, calls[0]!.key],
      [CART, calls[0]!.key],
    ])
    // Placed: the attempt is over, a next order has a key of its own.
    expect(await deviceAttempts.read(SITE)).toBeNull()
  })

  it('after a reload mid-call the page sends the same key again, for the cart the attempt was made for', async () => {
    const { api, calls } = server('never', ORDER)
    void placeOrderOnce(api, deviceAttempts, SITE, CART)
    await expect.poll(() => calls.length).toBe(1)
    // The page is reloaded; the server had placed the order and closed the cart, so the device started a new one.
    const outcome = await placeOrderOnce(api, deviceAttempts, SITE, NEW_CART)
    expect(outcome).toEqual({ kind: 'placed', order: ORDER })
    expect(calls[1]).toMatchObject({ cartId: CART, key: calls[0]!.key })
  })

  it('an old attempt whose cart was never placed gives way to one for the cart the device has now', async () => {
    const { api, calls } = server('never', apiError(404, 'cartNotFound'), ORDER)
    void placeOrderOnce(api, deviceAttempts, SITE, CART)
    await expect.poll(() => calls.length).toBe(1)
    expect(await placeOrderOnce(api, deviceAttempts, SITE, NEW_CART)).toEqual({ kind: 'placed', order: ORDER })
    expect(calls.map((c) => c.cartId)).toEqual([CART, CART, NEW_CART])
    expect(calls[2]!.key).not.toBe(calls[0]!.key)
  })

  it.each([
    ['no network or a timeout', apiError(503), { kind: 'unreachable' }],
    ['a server error', apiError(500, 'internal'), { kind: 'failed' }],
    [
      'the payment could not be started (the order is kept)',
      apiError(503, 'paymentUnavailable'),
      { kind: 'paymentUnavailable' },
    ],
    ['the same key still being handled', apiError(409, 'requestInProgress'), { kind: 'inProgress' }],
    [
      'too many attempts (nothing was done)',
      apiError(429, 'rateLimited', { seconds: '600' }),
      { kind: 'rateLimited', minutes: 10 },
    ],
  ])('keeps the key after %s, so the next try finds the one order', async (_, error, outcome) => {
    const { api, calls } = server(error, ORDER)
    expect(await placeOrderOnce(api, deviceAttempts, SITE, CART)).toEqual(outcome)
    await placeOrderOnce(api, deviceAttempts, SITE, CART)
    expect(calls[1]!.key).toBe(calls[0]!.key)
  })

  it.each([
    ['out of stock', apiError(409, 'outOfStock', { ids: '101, 201' }), { ids: '101, 201' }],
    ['not orderable', apiError(409, 'productNotAvailable', { ids: '101' }), { ids: '101' }],
    ['details missing', apiError(409, 'checkoutIncomplete'), {}],
  ])(
    'lets the key go when refused (%s): the server keeps the refusal as that key’s answer',
    async (_, error, params) => {
      const { api, calls } = server(error, ORDER)
      const outcome = await placeOrderOnce(api, deviceAttempts, SITE, CART)
      expect(outcome).toEqual({ kind: 'refused', code: (error.body as { code: string }).code, params })
      expect(await deviceAttempts.read(SITE)).toBeNull()
      await placeOrderOnce(api, deviceAttempts, SITE, CART)
      expect(calls[1]!.key).not.toBe(calls[0]!.key)
    },
  )
})
