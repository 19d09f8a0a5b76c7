// What the search index is built from: one product's text, facets, numbers and sort keys. The server makes them from
// its catalogue, the app from the catalogue in IndexedDB (catalogue-search.ts).
import type { ProductFilterKey } from '../catalogue.ts'

export interface SearchDocument {
  id: number
  /** Weighted text: the name counts most, then the short text, then the rest. */
  name: string
  summary: string
  body: string
  /** Facet value keys per facet key (multi- and single-select facets). */
  facets: Partial<Record<ProductFilterKey, string[]>>
  /** Numbers per facet key (range and slider facets), e.g. the weights of a product's variants in kilograms. */
  numbers: Partial<Record<ProductFilterKey, number[]>>
  /** Lowest variant price in cents, for the price sort. */
  priceCents: number
  /** ISO date the product came into the shop, for the newest sort. */
  createdAt: string
}
