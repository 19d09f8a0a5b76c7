import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { summaryOf, utcDay } from '../../domain/product-rules.ts'
import type { RequestScope } from '../http/scope.ts'
import type { CartService } from './cart.service.ts'

/** Up to four products that go with the cart: related products first, then others of the same groups, in stock. */
export async function recommendations(carts: CartService, scope: RequestScope, id: string): Promise<ProductSummary[]> {
  const { contents } = await carts.read(scope, id)
  const entry = await carts.entry(scope)
  const inCart = new Set(contents.products.map((p) => p.productId))
  const cartProducts = contents.products.flatMap((p) => entry.byId.get(p.productId) ?? [])
  const candidates = [
    ...cartProducts.flatMap((p) => p.related),
    ...entry.catalogue.products
      .filter((p) => cartProducts.some((c) => c.productGroup === p.productGroup))
      .toSorted((a, b) => (b.rating?.average ?? 0) - (a.rating?.average ?? 0))
      .map((p) => p.productId),
  ]
  const today = utcDay(scope.now)
  const chosen: ProductSummary[] = []
  for (const productId of new Set(candidates)) {
    const product = entry.byId.get(productId)
    if (!product || inCart.has(productId) || product.state !== 'available') continue
    if (!product.variants.some((v) => v.stock > 0)) continue
    chosen.push(summaryOf(product, today))
    if (chosen.length === 4) break
  }
  return chosen
}
