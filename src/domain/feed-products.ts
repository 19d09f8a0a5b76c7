import { z } from 'zod'
import { CatalogueProductSchema, FeedingGuideSchema, type CatalogueProduct } from './product.ts'

// What the feed calculator page needs of a site's products (`GET /api/feedproducts`): the feeds it doses, with what
// the advice shows (name, picture, packages, price). The page takes them from the server, or offline from the device's
// copy of the catalogue through the same `feedProductsOf`.

export const FeedProductSchema = CatalogueProductSchema.pick({
  productId: true,
  name: true,
  path: true,
  image: true,
  productGroup: true,
  facets: true,
  state: true,
  nutrition: true,
  variants: true,
  currency: true,
}).extend({ feeding: FeedingGuideSchema })
export type FeedProduct = z.infer<typeof FeedProductSchema>
export const FeedProductListSchema = z.array(FeedProductSchema)

/** The products of a catalogue the calculator can dose, in catalogue order. */
export function feedProductsOf(products: readonly CatalogueProduct[]): FeedProduct[] {
  return products.flatMap(
    ({ productId, name, path, image, productGroup, facets, state, nutrition, variants, currency, feeding }) =>
      feeding
        ? [{ productId, name, path, image, productGroup, facets, state, nutrition, variants, currency, feeding }]
        : [],
  )
}
