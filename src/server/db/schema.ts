// Kysely's view of the tables (camelCase; the CamelCasePlugin maps to snake_case columns).
// JSON columns hold text that the repositories parse with the domain's zod schemas; booleans are stored as
// integers 0/1 on SQLite and booleans on PostgreSQL, and read back through `Boolean()`.

export type Bool = number | boolean

export interface LanguageTable {
  id: number
  code: string
  culture: string
  localizedName: string
}

export interface CountryTable {
  id: number
  regionCode: string
  phoneCountryCode: string
}

export interface CountryNameTable {
  countryId: number
  languageId: number
  name: string
}

export interface ZipcodeExclusionTable {
  id: number
  countryId: number
  kind: 'exact' | 'prefix' | 'range'
  zipcode: string | null
  prefix: string | null
  rangeFrom: string | null
  rangeTo: string | null
  description: string
}

export interface PaymentMethodTable {
  id: number
  code: string
  name: string
}

export interface SiteTable {
  id: number
  key: string
  name: string
  brandName: string
  variant: string
  type: number
  countryId: number
  fallbackLanguageId: number
  currencySymbol: string
  vatPercentageHigh: number
  vatPercentageLow: number
  socialMedia: string
  customerServicePhone: string
  customerServiceEmailAddress: string
  paymentProviderConfigurationId: string
  googleRecaptchaKey: string | null
  gtmContainerId: string | null
  mapsKey: string | null
  autoRedirectIfNotInSameCountry: Bool
  enableRqs: Bool
  enableStockReminderFeature: Bool
  isDefault: Bool
}

export interface SiteDomainTable {
  domain: string
  siteId: number
  isPrimary: Bool
}

export interface SiteLanguageTable {
  siteId: number
  languageId: number
  position: number
  pathPrefix: string
}

export interface SiteTextTable {
  siteId: number
  languageId: number
  customerServiceTitle: string
  customerServiceTextBottom: string
  customerServiceLink: string
  customerServicePhoneLink: string
  openingHours: string
  dealerPageTitle: string
  becomeDealerLink: string | null
  currencyConversionDisclaimerLink: string | null
  rqsContentPage: string | null
}

export interface SitePaymentMethodTable {
  siteId: number
  paymentMethodId: number
  position: number
}

export interface ContentPageTable {
  id: number
  siteId: number
  key: string
}

export interface ContentPageTextTable {
  contentPageId: number
  languageId: number
  title: string
  seoTitle: string
  seoDescription: string
  blocks: string
}

export interface FaqTable {
  id: number
  contentPageId: number
  position: number
}

export interface FaqTextTable {
  faqId: number
  languageId: number
  title: string
}

export interface FaqItemTable {
  id: number
  faqId: number
  position: number
}

export interface FaqItemTextTable {
  faqItemId: number
  languageId: number
  question: string
  answer: string
}

export interface UrlTable {
  siteId: number
  path: string
  languageId: number
  kind: string
  routeKey: string | null
  target: string
  isCanonical: Bool
}

export interface NavigationTable {
  id: number
  siteId: number
  kind: 'primary' | 'secondary'
}

export interface NavigationTextTable {
  navigationId: number
  languageId: number
  items: string
}

export interface FooterTable {
  id: number
  siteId: number
}

export interface FooterTextTable {
  footerId: number
  languageId: number
  content: string
}

export interface UspCollectionTable {
  id: number
  siteId: number
  kind: 'header' | 'cart'
}

export interface UspCollectionTextTable {
  uspCollectionId: number
  languageId: number
  usps: string
}

export interface NotificationTable {
  id: number
  siteId: number
  severity: 'info' | 'warning'
  startsAt: string
  endsAt: string | null
}

export interface NotificationTextTable {
  notificationId: number
  languageId: number
  text: string
  link: string | null
}

export interface ConversionTable {
  siteId: number
  mailplusId: string
  createdAt: string
}

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

export interface ShippingRateTable {
  siteId: number
  shippingMethod: number
  priceCents: number
  freeFromCents: number | null
}

export interface PaymentCostTable {
  siteId: number
  paymentMethodId: number
  costCents: number
}

export interface PromotionTable {
  id: number
  key: string
  kind: 'buyXGetYFree' | 'percentageOff'
  buy: number | null
  free: number | null
  percentage: number | null
  validFrom: string | null
  validTo: string | null
}

export interface PromotionVariantTable {
  promotionId: number
  variantId: number
}

export interface PromotionSiteTable {
  promotionId: number
  siteId: number
}

export interface DiscountCodeTable {
  id: number
  code: string
  kind: 'percentage' | 'fixedAmount' | 'freeShipping'
  value: number
  minimumOrderCents: number
  validFrom: string | null
  validTo: string | null
}

export interface DiscountCodeSiteTable {
  discountCodeId: number
  siteId: number
}

export interface CartTable {
  id: string
  siteId: number
  languageId: number
  createdAt: string
  lastModified: string
  clientIp: string | null
  storeId: string | null
  /** JSON: person and address (CartSchema billing). */
  billing: string | null
  /** JSON: an address. */
  shippingAddress: string | null
  shippingMethod: number
  /** JSON: company name and VAT number. */
  company: string | null
  alternativeShippingAddress: Bool
  newsletterSubscribe: Bool
  paymentMethodId: number | null
  mailplusId: string | null
  discountCode: string | null
  dealerId: number | null
  dpdParcelShopId: string | null
  dpdParcelShopZipcodeOrCity: string | null
  passwordHash: string | null
  confirmUrl: string | null
}

export interface CartLineTable {
  cartId: string
  productVariantId: number
  productId: number
  count: number
  position: number
  /** JSON: the samples' names, in order (scan products). */
  samples: string
}

export interface IdempotencyKeyTable {
  key: string
  cartId: string | null
  requestHash: string
  state: 'pending' | 'done'
  claimedAt: string
  statusCode: number | null
  responseBody: string | null
  createdAt: string
}

export interface ImpersonationKeyTable {
  keyHash: string
  cartId: string
  createdAt: string
  expiresAt: string
  usedAt: string | null
}

export interface Database {
  languages: LanguageTable
  countries: CountryTable
  countryNames: CountryNameTable
  zipcodeExclusions: ZipcodeExclusionTable
  paymentMethods: PaymentMethodTable
  sites: SiteTable
  siteDomains: SiteDomainTable
  siteLanguages: SiteLanguageTable
  siteTexts: SiteTextTable
  sitePaymentMethods: SitePaymentMethodTable
  contentPages: ContentPageTable
  contentPageTexts: ContentPageTextTable
  faqs: FaqTable
  faqTexts: FaqTextTable
  faqItems: FaqItemTable
  faqItemTexts: FaqItemTextTable
  urls: UrlTable
  navigations: NavigationTable
  navigationTexts: NavigationTextTable
  footers: FooterTable
  footerTexts: FooterTextTable
  uspCollections: UspCollectionTable
  uspCollectionTexts: UspCollectionTextTable
  notifications: NotificationTable
  notificationTexts: NotificationTextTable
  conversions: ConversionTable
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
  shippingRates: ShippingRateTable
  paymentCosts: PaymentCostTable
  promotions: PromotionTable
  promotionVariants: PromotionVariantTable
  promotionSites: PromotionSiteTable
  discountCodes: DiscountCodeTable
  discountCodeSites: DiscountCodeSiteTable
  carts: CartTable
  cartLines: CartLineTable
  idempotencyKeys: IdempotencyKeyTable
  impersonationKeys: ImpersonationKeyTable
}
