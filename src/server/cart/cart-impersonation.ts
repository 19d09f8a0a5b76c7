// Customer service opens a customer's cart with a key made by `npm run cart:key` (cart-maintenance.ts).
import type { Cart } from '../../domain/cart.ts'
import { AppError } from '../../domain/errors.ts'
import { cartOf, contentsOf } from './cart-rows.ts'
import { impersonationKeyHash } from './cart-secrets.ts'
import { findCart, findCartLines, useImpersonationKey } from './cart.repository.ts'
import type { CartScope, Trx } from './cart.service.ts'

/** The cart a key opens, once: the key is spent by the attempt, and opens only a cart of the request's site. */
export async function impersonate(trx: Trx, scope: CartScope, key: string): Promise<Cart> {
  const cartId = await useImpersonationKey(trx, impersonationKeyHash(key), new Date().toISOString())
  const invalid = new AppError('impersonationKeyInvalid', 404, 'This key opens no cart.')
  if (!cartId) throw invalid
  const row = await findCart(trx, cartId)
  if (!row || row.siteId !== scope.site.id) throw invalid
  return cartOf(row, contentsOf(row, await findCartLines(trx, cartId)), scope.entry)
}
