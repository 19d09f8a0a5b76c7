// Languages, countries, payment methods and sites with their domains, languages and texts; conversions.
import type { ColumnType } from 'kysely'
import type { Bool } from './columns.ts'

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
  /** JSON: the seller's legal details (SellerSchema), printed on invoices; null until the site's settings give them. */
  seller: ColumnType<string | null, string | null | undefined, string | null>
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

export interface ConversionTable {
  siteId: number
  mailplusId: string
  createdAt: string
}

export interface PlatformTables {
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
  conversions: ConversionTable
}
