import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { ZipcodeExclusionSchema, CountryCodeSchema } from '../../../domain/country.ts'
import { PlatformVariantSchema, SiteTypeSchema } from '../../../domain/enums.ts'
import { IdSchema } from '../../../domain/ids.ts'
import { LanguageCodeSchema } from '../../../domain/languages.ts'
import { LANGUAGE_CODES, type LanguageCode } from '../../../domain/language-codes.ts'
import { SellerSchema } from '../../../domain/invoices.ts'
import { SocialMediaSchema } from '../../../domain/site.ts'
import { ContentOverlaySchema, ContentTemplateSchema, type ContentTemplate } from './template.ts'

// Reads and validates the seed files beside this module. A broken seed file fails loudly here, before any write.

const here = new URL('./', import.meta.url)
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, here), 'utf8'))

export const CountrySeedSchema = z.object({
  countryId: IdSchema,
  regionCode: CountryCodeSchema,
  phoneCountryCode: z.string(),
  zipcodeExclusions: z.array(ZipcodeExclusionSchema),
  names: z.record(LanguageCodeSchema, z.string().min(1)),
})
export type CountrySeed = z.infer<typeof CountrySeedSchema>

export const SiteSeedSchema = z.object({
  siteId: IdSchema,
  key: z.string().regex(/^[a-z-]+$/),
  name: z.string().min(1),
  brandName: z.string().min(1),
  variant: PlatformVariantSchema,
  type: SiteTypeSchema,
  countryCode: CountryCodeSchema,
  languages: z.array(LanguageCodeSchema).min(1),
  domains: z.array(z.string().regex(/^[a-z0-9.-]+$/)).min(2),
  currencySymbol: z.string().min(1),
  vatPercentageHigh: z.number().min(0).max(100),
  vatPercentageLow: z.number().min(0).max(100),
  paymentMethods: z.array(z.string()),
  customerServicePhone: z.string().regex(/^\+[\d ]+$/),
  customerServiceEmailAddress: z.email(),
  seller: SellerSchema,
  socialMedia: SocialMediaSchema,
  paymentProviderConfigurationId: z.string(),
  googleRecaptchaKey: z.string().nullable(),
  gtmContainerId: z.string().nullable(),
  mapsKey: z.string().nullable(),
  autoRedirectIfNotInSameCountry: z.boolean(),
  enableRqs: z.boolean(),
  enableStockReminderFeature: z.boolean(),
  becomeDealer: z.boolean(),
})
export type SiteSeed = z.infer<typeof SiteSeedSchema>

export const SitesFileSchema = z.object({
  defaultSiteKey: z.string(),
  paymentMethods: z.array(z.object({ paymentMethodId: IdSchema, code: z.string(), name: z.string() })),
  sites: z.array(SiteSeedSchema),
})
export type SitesFile = z.infer<typeof SitesFileSchema>

export function loadCountries(): CountrySeed[] {
  return z.array(CountrySeedSchema).parse(readJson('countries.json'))
}

export function loadSites(): SitesFile {
  return SitesFileSchema.parse(readJson('sites.json'))
}

export type Brand = 'main' | 'second' | 'corporate'

/** The content template of a language and brand; second-brand files overlay the main brand's file. */
export function loadTemplate(language: LanguageCode, brand: Brand): ContentTemplate {
  if (brand === 'second') {
    const overlay = ContentOverlaySchema.parse(readJson(`content/${language}.second.json`))
    const main = loadTemplate(language, 'main')
    const { pages, ...rest } = overlay
    return ContentTemplateSchema.parse({ ...main, ...rest, brand: 'main', pages: { ...main.pages, ...pages } })
  }
  return ContentTemplateSchema.parse(readJson(`content/${language}.${brand}.json`))
}

/** Language ids are fixed by the order of the 15 language codes. */
export function languageIdOf(code: LanguageCode): number {
  return LANGUAGE_CODES.indexOf(code) + 1
}
