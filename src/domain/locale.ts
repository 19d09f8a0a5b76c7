import type { CurrencyCode } from './currency.ts'
import { CULTURES, normaliseLanguageCode, type LanguageCode } from './language-codes.ts'

// Locale (chosen at start-up) and number formats. The same code formats prices on the server and in the app.

export type Brand = 'equivera' | 'muehldorfer' | 'paddockpure' | 'corporate'

/** The brand of a site: its type (1 second brand, 2 corporate) and, for the main brand, its platform variant. */
export function brandOf(site: { type: number; variant: string }): Brand {
  if (site.type === 1) return 'paddockpure'
  if (site.type === 2) return 'corporate'
  return site.variant === 'muehldorfer' ? 'muehldorfer' : 'equivera'
}

/** Brands with their own texts on top of the language's (the second brand, in nl, de and da). */
const BRAND_PREFIX: Partial<Record<Brand, string>> = { paddockpure: 'second-brand/' }

export interface Locale {
  /** The brand prefix plus the language, e.g. 'nl' or 'second-brand/nl': the text bundles to load, in order. */
  locale: string
  fallback: string
  language: LanguageCode
  fallbackLanguage: LanguageCode
}

/**
 * Locale is the brand prefix plus the language culture; the fallback is the brand prefix plus the fallback
 * language (defaults nl and en). Old codes are mapped first (esp → es, se → sv, fr → fr-FR).
 */
export function chooseLocale(brand: Brand, languageCode: string, fallbackCode: string): Locale {
  const language = normaliseLanguageCode(languageCode) ?? 'nl'
  const fallbackLanguage = normaliseLanguageCode(fallbackCode) ?? 'en'
  const prefix = BRAND_PREFIX[brand] ?? ''
  return { locale: `${prefix}${language}`, fallback: `${prefix}${fallbackLanguage}`, language, fallbackLanguage }
}

/** Digit grouping is on for Swedish and Polish only. */
const GROUPED: ReadonlySet<LanguageCode> = new Set(['sv', 'pl'])

/** The Intl locale of a shop language: its culture, e.g. 'de-AT', or the country culture for a bare code. */
export const intlLocaleOf = (language: LanguageCode) => CULTURES[language]

const numberFormats = new Map<string, Intl.NumberFormat>()
function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = make()))
  return format
}

/** A number with always two decimals. */
export function formatNumber(value: number, language: LanguageCode): string {
  return cachedFormat(`n:${language}`, () =>
    Intl.NumberFormat(CULTURES[language], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: GROUPED.has(language),
    }),
  ).format(value)
}

/** An amount in integer cents as money in the language's format, with two decimals and the currency sign. */
export function formatMoney(cents: number, currency: CurrencyCode, language: LanguageCode): string {
  return cachedFormat(`m:${language}:${currency}`, () =>
    Intl.NumberFormat(CULTURES[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: GROUPED.has(language),
    }),
  ).format(cents / 100)
}
