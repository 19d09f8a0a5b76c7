// What the order tests share: a test app (with a back-office token), carts filled and given billing details through
// the cart API, and placing them with the order service in transactions of their own.
import { expect } from 'vitest'
import type { RequestScope } from '../http/scope.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import type { Dialect } from '../db/database.ts'
import { DATETIME } from '../cart/cart-test-setup.ts'

export const TOKEN = 'back-office-test-token-0123456789abcdefghij'
export const NOW = new Date(DATETIME)
export const BILLING = {
  firstName: 'Anna',
  lastName: 'de Vries',
  phoneNumber: '+31612345678',
  emailAddress: 'anna@example.nl',
  address: {
    zipcode: '1234 AB',
    street: 'Hoefijzerlaan',
    streetNumber: '12',
    streetNumberAddition: 'A',
    city: 'Paardendorp',
    countryId: 1,
  },
}
/** Billing details on the Belgian site: a Dutch address is refused there (orders with one only on the Dutch site). */
export const BILLING_BE = {
  ...BILLING,
  phoneNumber: '+32470123456',
  emailAddress: 'anna@example.be',
  address: { ...BILLING.address, zipcode: '2000', street: 'Hoefijzerstraat', city: 'Antwerpen', countryId: 2 },
}

/** `env`: settings besides the back-office token (e.g. a local push service's origin). */
export function useOrders(dialect: Dialect, env: Record<string, string> = {}) {
  const { current } = useTestApp(dialect, { env: { BACKOFFICE_TOKEN: TOKEN, ...env } })
  const db = () => current().database.handle.db
  const context = () => current().app.context

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, host: string = HOSTS.nl) =>
    current().app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      headers: { host, datetime: DATETIME },
    })

  /** A cart with these lines (variant, quantity) and, unless told otherwise, billing details. */
  async function cartWith(
    lines: [number, number][],
    { host = HOSTS.nl as string, billing = true } = {},
  ): Promise<string> {
    const created = await request('POST', '/api/cart', undefined, host)
    expect(created.statusCode, created.body).toBe(200)
    const id = (created.json() as { shoppingcartId: string }).shoppingcartId
    for (const [variant, quantity] of lines) {
      const res = await request(
        'POST',
        `/api/cart/${id}/products?productVariantId=${variant}&quantity=${quantity}`,
        undefined,
        host,
      )
      expect(res.statusCode, res.body).toBe(204)
    }
    if (billing) {
      const res = await request('POST', `/api/cart/${id}/billing`, host === HOSTS.be ? BILLING_BE : BILLING, host)
      expect(res.statusCode, res.body).toBe(204)
    }
    return id
  }

  function scopeOf(host: string = HOSTS.nl, now = NOW): RequestScope {
    const site = context().sites.byDomain(host)!
    return { site, language: site.languages[0]!, now }
  }

  /** Places a cart with the service, in a transaction of its own. */
  async function place(cartId: string, host: string = HOSTS.nl) {
    const scope = await context().carts.prepare(scopeOf(host))
    return db()
      .transaction()
      .execute((trx) => context().orders.place(trx, scope, cartId, { origin: `http://${host}` }))
  }

  async function setStock(variantId: number, amount: number) {
    await db().updateTable('variantStock').set({ amount }).where('variantId', '=', variantId).execute()
  }
  async function stockOf(variantId: number) {
    const row = await db()
      .selectFrom('variantStock')
      .select('amount')
      .where('variantId', '=', variantId)
      .executeTakeFirstOrThrow()
    return row.amount
  }

  return { current, db, context, request, cartWith, scopeOf, place, setStock, stockOf }
}
