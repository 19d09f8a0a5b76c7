// The catalogue: its version, product groups, facets, products with their texts, variants, prices and stock, related
// products, bundles, reviews, landing pages and notify-me requests.
import type { ColumnType, Generated } from 'kysely'
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

/** A back-in-stock request by e-mail (src/server/stock-reminders/). */
export interface StockReminderTable {
  id: Generated<number>
  siteId: number
  variantId: number
  /** Trimmed and lower-cased. */
  emailAddress: string
  languageId: number
  /** The account signed in when it was asked for. */
  accountId: number | null
  /** The secret of the mailed cancel link. */
  cancelToken: string
  createdAt: string
  notifiedAt: string | null
  cancelledAt: string | null
}

/** A back-in-stock request by Web Push: a browser's push subscription for one variant on one site. */
export interface PushReminderTable {
  id: Generated<number>
  siteId: number
  variantId: number
  languageId: number
  accountId: number | null
  endpoint: string
  p256dh: string
  auth: string
  createdAt: string
  notifiedAt: string | null
}

/** Keys the server makes once and keeps (the VAPID key pair when none is configured). */
export interface ServerKeyTable {
  name: string
  value: string
  createdAt: string
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
  pushReminders: PushReminderTable
  serverKeys: ServerKeyTable
}
