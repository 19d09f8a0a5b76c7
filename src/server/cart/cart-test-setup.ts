// What the cart API's route tests share: the seeded variants they use, and a test app with requests to it and the
// checks they repeat (a 204, an error with its code, a refusal that leaves the cart as it was).
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { CartSchema, type Cart } from '../../domain/cart.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import type { Dialect } from '../db/database.ts'

// Seeded variants (product id × 100 + position): see src/server/db/seed/catalogue/products.json.
export const SPORT_MUESLI = 101 // 32.95, 214 in stock, low VAT
export const APPLE_TREATS = 3001 // 5.95, "3 + 1 free"
export const BRUSH = 3401 // 9.95, 15% off in November 2026, high VAT
export const FLEECE_115 = 3601 // none in stock
export const HAY_NET = 4001 // not yet available
export const CALMING_3KG = 2302 // 1 in stock
export const PADDOCK_PURE_ONLY = 4101
export const QUICK_SCAN = 5301 // a sample product
export const SPORT_BUNDLE = 5701
export const DATETIME = '2026-11-25T12:00:00Z'
export const UNKNOWN_CART = '9b2f9d3e-3c6a-4b8e-9a51-1d2c3b4a5f60'

/** For a describe block: the test app on a dialect, and requests to its cart API (to the Dutch site by default). */
export function useCartApi(dialect: Dialect) {
  const { current } = useTestApp(dialect)
  const db = () => current().database.handle.db

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { body?: object; host?: string; headers?: Record<string, string> } = {},
  ) =>
    current().app.inject({
      method,
      url,
      ...(options.body ? { payload: options.body } : {}),
      headers: { host: options.host ?? HOSTS.nl, datetime: DATETIME, ...options.headers },
    })

  async function newCart(host: string = HOSTS.nl): Promise<Cart> {
    const res = await request('POST', '/api/cart', { host })
    expect(res.statusCode, res.body).toBe(200)
    return CartSchema.parse(res.json())
  }
  async function cartOf(id: string, host: string = HOSTS.nl): Promise<Cart> {
    const res = await request('GET', `/api/cart/${id}`, { host })
    expect(res.statusCode, res.body).toBe(200)
    return CartSchema.parse(res.json())
  }
  async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
    const answer = await res
    expect(answer.statusCode, answer.body).toBe(204)
  }
  const add = (id: string, variant: number, quantity?: number, host?: string) =>
    request('POST', `/api/cart/${id}/products?productVariantId=${variant}${quantity ? `&quantity=${quantity}` : ''}`, {
      host,
    })
  const lines = (cart: Cart) => cart.products.map((p) => [p.productVariantId, p.count])
  function expectError(res: LightMyRequestResponse, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status)
    const body = ApiErrorSchema.parse(res.json())
    expect(body.code).toBe(code)
    expect(body.localizedMessage.trim()).not.toBe('')
    expect(body.localizedMessage).not.toMatch(/^errors\./)
    return body
  }
  /** Runs a request that must be refused, and checks the cart is exactly as it was. */
  async function refusedUnchanged(
    id: string,
    run: () => Promise<LightMyRequestResponse>,
    status: number,
    code: string,
  ) {
    const before = await cartOf(id)
    const body = expectError(await run(), status, code)
    expect(await cartOf(id)).toEqual(before)
    return body
  }

  return { current, db, request, newCart, cartOf, ok, add, lines, expectError, refusedUnchanged }
}
