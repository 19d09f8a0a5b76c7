// The tables the seed fills and their primary keys, in the order they can be written (parents first).
import type { Insertable } from 'kysely'
import type { Database } from '../schema.ts'

/** Tables the seed fills; the others (conversions, back-in-stock requests and push reminders, server keys, the
 * catalogue's version, carts and their keys, jobs, the back-office audit trail, the mail outbox, sessions, rate-limit counters, payments,
 * orders, invoices and their numbers, accounts, their tokens and spent captchas, newsletter subscriptions and
 * newsletters, return reports, scan results and feed advice) hold what the shop records while it runs. Gift cards
 * are seeded apart
 * (gift-card-seed.ts): only inserted, never overwritten, so a second seed keeps what a tester spent. */
export type SeedTable = Exclude<
  keyof Database,
  | 'conversions'
  | 'catalogueState'
  | 'stockReminders'
  | 'pushReminders'
  | 'serverKeys'
  | 'carts'
  | 'cartLines'
  | 'idempotencyKeys'
  | 'impersonationKeys'
  | 'backofficeAudit'
  | 'jobs'
  | 'mails'
  | 'sessions'
  | 'rateLimits'
  | 'payments'
  | 'testProviderPayments'
  | 'testProviderRefunds'
  | 'orderNumbers'
  | 'orders'
  | 'orderLines'
  | 'invoiceNumbers'
  | 'invoices'
  | 'giftCards'
  | 'accounts'
  | 'accountTokens'
  | 'captchaSpent'
  | 'newsletterSubscriptions'
  | 'newsletters'
  | 'returns'
  | 'scanResults'
  | 'feedAdvice'
>
export type SeedRows = { [T in SeedTable]: Insertable<Database[T]>[] }

/** Primary-key columns of the seeded tables, for upserts, listed in the order tables can be written (parents first). */
export const SEED_KEYS: { [T in SeedTable]: (keyof Database[T] & string)[] } = {
  languages: ['id'],
  countries: ['id'],
  countryNames: ['countryId', 'languageId'],
  zipcodeExclusions: ['id'],
  paymentMethods: ['id'],
  sites: ['id'],
  siteDomains: ['domain'],
  siteLanguages: ['siteId', 'languageId'],
  siteTexts: ['siteId', 'languageId'],
  sitePaymentMethods: ['siteId', 'paymentMethodId'],
  contentPages: ['id'],
  contentPageTexts: ['contentPageId', 'languageId'],
  faqs: ['id'],
  faqTexts: ['faqId', 'languageId'],
  faqItems: ['id'],
  faqItemTexts: ['faqItemId', 'languageId'],
  urls: ['siteId', 'path'],
  navigations: ['id'],
  navigationTexts: ['navigationId', 'languageId'],
  footers: ['id'],
  footerTexts: ['footerId', 'languageId'],
  uspCollections: ['id'],
  uspCollectionTexts: ['uspCollectionId', 'languageId'],
  notifications: ['id'],
  notificationTexts: ['notificationId', 'languageId'],
  productGroups: ['key'],
  productGroupTexts: ['productGroupKey', 'languageId'],
  facetValues: ['facetKey', 'valueKey'],
  facetValueTexts: ['facetKey', 'valueKey', 'languageId'],
  landingPages: ['id'],
  landingPageTexts: ['landingPageId', 'languageId'],
  products: ['id'],
  productTexts: ['productId', 'languageId'],
  productVariants: ['id'],
  variantPrices: ['variantId', 'siteId'],
  variantStock: ['variantId'],
  relatedProducts: ['productId', 'relatedProductId'],
  bundleItems: ['bundleProductId', 'variantId'],
  reviews: ['id'],
  shippingRates: ['siteId', 'shippingMethod'],
  paymentCosts: ['siteId', 'paymentMethodId'],
  promotions: ['id'],
  promotionVariants: ['promotionId', 'variantId'],
  promotionSites: ['promotionId', 'siteId'],
  discountCodes: ['id'],
  discountCodeSites: ['discountCodeId', 'siteId'],
  addresses: ['id'],
  pickupPoints: ['id'],
  articleCategories: ['id'],
  articleCategoryTexts: ['categoryId', 'languageId'],
  articles: ['id'],
  articleTexts: ['articleId', 'languageId'],
  articleOverviewTexts: ['kind', 'languageId'],
  dealers: ['id'],
  dealerPlaces: ['id'],
}

export const SEED_TABLE_ORDER = Object.keys(SEED_KEYS) as SeedTable[]
