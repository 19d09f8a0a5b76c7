// The catalogue: its version, product groups, facets, products with their texts, variants, prices and stock, related
// products, bundles, reviews, landing pages and notify-me requests.
import type { ColumnType } from 'kysely'
import type { ReviewStatus } from '../../../domain/account-reviews.ts'
import type { Bool } from './columns.ts'

export interface CatalogueStateTable {
  id: number
  version: number
  labelsVersion: number
  labelsHash: string
}

export interface ProductGroupTable {
  key: string
  position: number
}

export interface ProductGroupTextTable {
  productGroupKey: string
  languageId: number
  name: string
  slug: string
  description: string
}

export interface FacetValueTable {
  facetKey: string
  valueKey: string
  position: number
}

export interface FacetValueTextTable {
  facetKey: string
  valueKey: string
  languageId: number
  label: string
}

export interface ProductTable {
  id: number
  key: string
  productType: number
  productGroupKey: string
  facets: string
  vatType: 'high' | 'low'
  createdAt: string
  state: 'available' | 'comingSoon' | 'notYetAvailable'
  shelfLifeMonths: number | null
  nutrition: string | null
  /** JSON: how the feed calculator doses it (FeedingGuideSchema), or null. */
  feeding: string | null
  videos: string
  image: string
  contentHash: string
  version: number
  isDeleted: Bool
}

export interface ProductTextTable {
  productId: number
  languageId: number
  name: string
  slug: string
  shortDescription: string
  description: string
  usage: string
  seoTitle: string
  seoDescription: string
}

export interface ProductVariantTable {
  id: number
  productId: number
  key: string
  position: number
  ean: string | null
  articleNumber: string
  package: string
  weightGrams: number | null
  contentMillilitres: number | null
  colour: string | null
  dimensions: string | null
  quantityPerPallet: number | null
  isDeleted: Bool
}

export interface VariantPriceTable {
  variantId: number
  siteId: number
  currency: string
  priceCents: number
  originalPriceCents: number | null
}

export interface VariantStockTable {
  variantId: number
  amount: number
  updatedAt: string
}

export interface RelatedProductTable {
  productId: number
  relatedProductId: number
  position: number
}

export interface BundleItemTable {
  bundleProductId: number
  variantId: number
  quantity: number
  position: number
}

export interface ReviewTable {
  id: number
  productId: number
  languageId: number
  rating: number
  author: string
  title: string
  text: string
  createdAt: string
  /** Migration 0019: moderation. Seeded reviews are approved; the catalogue shows approved ones only. */
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>
  /** The site a written review was written on, its account and the order (line) it bought the product in. */
  siteId: ColumnType<number | null, number | null | undefined, number | null>
  accountId: ColumnType<number | null, number | null | undefined, number | null>
  orderId: ColumnType<string | null, string | null | undefined, string | null>
  orderPosition: ColumnType<number | null, number | null | undefined, number | null>
  moderatedAt: ColumnType<string | null, string | null | undefined, string | null>
  /** The back-office token's fingerprint, or 'cli'. */
  moderatedBy: ColumnType<string | null, string | null | undefined, string | null>
}

export interface LandingPageTable {
  id: number
  key: string
  filters: string
  position: number
}

export interface LandingPageTextTable {
  landingPageId: number
  languageId: number
  title: string
  slug: string
  intro: string
}

export interface StockReminderTable {
  siteId: number
  variantId: number
  emailAddress: string
  languageId: number
  createdAt: string
  notifiedAt: string | null
}

export interface CatalogueTables {
  catalogueState: CatalogueStateTable
  productGroups: ProductGroupTable
  productGroupTexts: ProductGroupTextTable
  facetValues: FacetValueTable
  facetValueTexts: FacetValueTextTable
  products: ProductTable
  productTexts: ProductTextTable
  productVariants: ProductVariantTable
  variantPrices: VariantPriceTable
  variantStock: VariantStockTable
  relatedProducts: RelatedProductTable
  bundleItems: BundleItemTable
  reviews: ReviewTable
  landingPages: LandingPageTable
  landingPageTexts: LandingPageTextTable
  stockReminders: StockReminderTable
}
