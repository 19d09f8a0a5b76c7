import { z } from 'zod'
import { PlatformVariantSchema, SiteTypeSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { LanguageCodeSchema } from './languages.ts'
import { CurrencyCodeSchema } from './money.ts'

export const LinkSchema = z.object({
  title: z.string().min(1),
  route: z.string().min(1),
  target: z.enum(['_self', '_blank']).default('_self'),
})
export type Link = z.infer<typeof LinkSchema>

export const LanguageSchema = z.object({
  languageId: IdSchema,
  code: LanguageCodeSchema,
  culture: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
  localizedName: z.string().min(1),
})
export type Language = z.infer<typeof LanguageSchema>

/** A language as a site offers it; `pathPrefix` is '' for the site's default language, else e.g. 'fr'. */
export const SiteLanguageSchema = z.object({
  languageId: IdSchema,
  code: LanguageCodeSchema,
  culture: z.string(),
  localizedName: z.string().min(1),
  pathPrefix: z.string().regex(/^([a-z]{2})?$/),
})
export type SiteLanguage = z.infer<typeof SiteLanguageSchema>

export const SocialMediaSchema = z.object({
  instagram: z.url().nullable(),
  facebook: z.url().nullable(),
  twitter: z.url().nullable(),
  youtube: z.url().nullable(),
  linkedin: z.url().nullable(),
  tiktok: z.url().nullable(),
})
export type SocialMedia = z.infer<typeof SocialMediaSchema>

export const OpeningHoursSchema = z.array(
  z.object({
    days: z.string().min(1),
    hours: z.string().min(1),
  }),
)
export type OpeningHours = z.infer<typeof OpeningHoursSchema>

export const PaymentMethodSchema = z.object({
  paymentMethodId: IdSchema,
  code: z.string().min(1),
  name: z.string().min(1),
})
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

const Percentage = z.number().min(0).max(100)

/** A site as the API serves it, with its texts in the request's language. */
export const SiteSchema = z.object({
  siteId: IdSchema,
  name: z.string().min(1),
  brandName: z.string().min(1),
  variant: PlatformVariantSchema,
  domain: z.string().min(1),
  type: SiteTypeSchema,
  countryId: IdSchema,
  languages: z.array(SiteLanguageSchema).min(1),
  fallbackLanguageId: IdSchema,
  rootContentPageId: IdSchema,
  notFoundContentPageId: IdSchema,
  internalErrorContentPageId: IdSchema,
  customerServiceContentPageId: IdSchema,
  checkoutSuccessPageId: IdSchema,
  checkoutSuccessRqsPageId: IdSchema,
  checkoutFailedPageId: IdSchema,
  rqsContentPage: LinkSchema.nullable(),
  footerId: IdSchema,
  primaryNavigationId: IdSchema,
  secondaryNavigationId: IdSchema,
  headerUspCollectionId: IdSchema,
  cartUspCollectionId: IdSchema,
  notificationId: IdSchema.nullable(),
  socialMedia: SocialMediaSchema,
  customerServiceTitle: z.string(),
  customerServiceTextBottom: z.string(),
  customerServiceLink: LinkSchema,
  customerServicePhoneLink: LinkSchema,
  customerServiceEmailAddress: z.email(),
  openingHours: OpeningHoursSchema,
  currencyConversionDisclaimerLink: LinkSchema.nullable(),
  currency: z.string().min(1),
  currencyCode: CurrencyCodeSchema,
  paymentProviderConfigurationId: z.string().min(1),
  paymentMethods: z.array(PaymentMethodSchema),
  googleRecaptchaKey: z.string().nullable(),
  gtmContainerId: z.string().nullable(),
  clientApiEndpoint: z.string().min(1),
  autoRedirectIfNotInSameCountry: z.boolean(),
  enableRqs: z.boolean(),
  vatPercentageHigh: Percentage,
  vatPercentageLow: Percentage,
  mapsKey: z.string().nullable(),
  dealerPageTitle: z.string(),
  becomeDealerLink: LinkSchema.nullable(),
  enableStockReminderFeature: z.boolean(),
})
export type Site = z.infer<typeof SiteSchema>

/** The summary of the site found by its domain. */
export const SiteByDomainSchema = SiteSchema.pick({
  siteId: true,
  countryId: true,
  clientApiEndpoint: true,
  type: true,
  languages: true,
  fallbackLanguageId: true,
})
export type SiteByDomain = z.infer<typeof SiteByDomainSchema>

/** Site settings, fetched per siteId and languageId. */
export const SiteSettingsSchema = z.object({
  gtmContainerId: z.string().nullable(),
  googleRecaptchaKey: z.string().nullable(),
  currency: z.string().min(1),
})
export type SiteSettings = z.infer<typeof SiteSettingsSchema>

/** The localization check's result: the other site's address, and the query parameters to carry over to it. */
export const LocalizationCheckResultSchema = z.object({
  redirectUrl: z.string(),
  availableQueryParameters: z.array(z.string()),
})
export type LocalizationCheckResult = z.infer<typeof LocalizationCheckResultSchema>
