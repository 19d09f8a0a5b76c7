import { z } from 'zod'
import { ProductFilterKeySchema, SearchRequestSchema } from './catalogue.ts'
import { ProductTypeSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { CentsSchema, CurrencyCodeSchema } from './money.ts'
import {
  CatalogueLabelsSchema,
  CatalogueProductSchema,
  ProductStateSchema,
  RatingSchema,
  UnitPriceCentsSchema,
} from './product.ts'

// What the catalogue API answers: search results, autocomplete, products, the offline catalogue's
// snapshot and deltas, and the notify-me request. The app checks every answer with these schemas.

/** A product in a list: what a card shows. Derived from the product by `summaryOf`, the same on server and app. */
export const ProductSummarySchema = z.object({
  productId: IdSchema,
  productVariantId: IdSchema,
  name: z.string(),
  path: z.string(),
  brand: z.string(),
  productGroup: z.string(),
  productType: ProductTypeSchema,
  state: ProductStateSchema,
  image: z.string(),
  price: CentsSchema,
  /** The shown (cheapest) variant's old price, only while it is reduced. */
  originalPrice: CentsSchema.nullable(),
  currency: CurrencyCodeSchema,
  unitPrice: UnitPriceCentsSchema.nullable(),
  rating: RatingSchema.nullable(),
  isNew: z.boolean(),
  /** The shown (cheapest) variant is reduced: the card's sale badge, beside that price. */
  onSale: z.boolean(),
  inStock: z.boolean(),
  variantCount: z.number().int().positive(),
})
export type ProductSummary = z.infer<typeof ProductSummarySchema>

export const FacetDiscriminatorSchema = z.enum(['multiSelect', 'rangeSlider', 'singleSelect', 'slider'])
export type FacetDiscriminator = z.infer<typeof FacetDiscriminatorSchema>

export const FacetResultSchema = z.object({
  facetKey: ProductFilterKeySchema,
  /** How the shop offers this facet. */
  discriminator: FacetDiscriminatorSchema,
  values: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int().min(0) })),
  /** Numeric facets: the range over the products that match the other filters. */
  range: z.object({ min: z.number(), max: z.number() }).nullable(),
})
export type FacetResult = z.infer<typeof FacetResultSchema>

export const SearchResponseSchema = z.object({
  results: z.array(ProductSummarySchema),
  totalCount: z.number().int().min(0),
  pageInfo: SearchRequestSchema.shape.pageInfo.unwrap(),
  facets: z.array(FacetResultSchema),
})
export type SearchResponse = z.infer<typeof SearchResponseSchema>

export const AUTOCOMPLETE_MAX_TERM = 100

export const AutocompleteQuerySchema = z.object({ term: z.string().max(AUTOCOMPLETE_MAX_TERM) })

export const AutocompleteResponseSchema = z.object({
  term: z.string(),
  products: z.array(ProductSummarySchema),
  groups: z.array(z.object({ key: z.string(), name: z.string(), path: z.string() })),
  totalCount: z.number().int().min(0),
})
export type AutocompleteResponse = z.infer<typeof AutocompleteResponseSchema>

/** GET /api/products?ids=1,2,3: at most this many (the compare page asks for 4). */
export const PRODUCTS_BY_IDS_MAX = 24
export const ProductIdsQuerySchema = z.object({
  ids: z
    .string()
    .max(PRODUCTS_BY_IDS_MAX * 11)
    .regex(/^\d+(,\d+)*$/)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(IdSchema).max(PRODUCTS_BY_IDS_MAX)),
})
export const ProductListSchema = z.array(CatalogueProductSchema)

/**
 * The offline catalogue (GET /api/catalogue/sync?since=N): everything of a site in a language that changed after
 * catalogue version N: products to put, product ids to remove (no longer sold here), and the labels when they
 * changed. `full` says the answer is a whole snapshot (since=0, or a version this server cannot answer a delta for),
 * and the client then replaces what it has.
 */
export const CatalogueSyncQuerySchema = z.object({
  since: z.coerce.number<string>().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
})
export const CatalogueSyncSchema = z.object({
  siteId: IdSchema,
  languageId: IdSchema,
  version: z.number().int().min(0),
  full: z.boolean(),
  /** When this answer was made: the "prices and stock as of" time. */
  asOf: z.iso.datetime(),
  products: z.array(CatalogueProductSchema),
  removed: z.array(IdSchema),
  labels: CatalogueLabelsSchema.nullable(),
})
export type CatalogueSync = z.infer<typeof CatalogueSyncSchema>
