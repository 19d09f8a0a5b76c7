import type { CurrencyCode } from './currency.ts'
import { CULTURES, normaliseLanguageCode, type LanguageCode } from './language-codes.ts'
import { NUMBER_PATTERNS } from './number-patterns.ts'

// Locale (chosen at start-up) and number formats. The same code formats prices on the server and in the app: with
// the patterns Intl gives (number-patterns.ts, generated), not Intl itself, so the browser never sets up ICU's number
// data while it hydrates the first price (40–110 ms on a slow phone).

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

/**
 * How a language writes a number with two decimals: what comes before and after the digits (the currency sign, the
 * minus), the decimal and group separators, and from how many digits above the thousands it groups.
 */
export interface NumberPattern {
  positive: [prefix: string, suffix: string]
  negative: [prefix: string, suffix: string]
  decimal: string
  /** null: no grouping. */
  group: string | null
  minimumGrouping: number
}

/** The Intl format the shop writes numbers (no currency) or money in, always with two decimals. */
export const intlFormatOf = (language: LanguageCode, currency?: CurrencyCode) =>
  Intl.NumberFormat(CULTURES[language], {
    ...(currency ? { style: 'currency', currency } : {}),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: GROUPED.has(language),
  })

/**
 * A number written with a pattern (number-patterns.ts), the way Intl.NumberFormat writes it: rounded half away from
 * zero from the number's shortest decimal form, as ICU rounds. null where the shortest form has an exponent (below
 * 1e-6 or from 1e21): Intl writes those.
 */
export function formatWithPattern(pattern: NumberPattern, value: number): string | null {
  const digits = String(Math.abs(value))
  if (!Number.isFinite(value) || digits.includes('e')) return null
  let [whole = '0', fraction = ''] = digits.split('.')
  if (fraction.length > 2) {
    const up = fraction.charCodeAt(2) >= 53 // '5'
    fraction = fraction.slice(0, 2)
    if (up) {
      const cents = String(BigInt(whole + fraction) + 1n).padStart(3, '0')
      whole = cents.slice(0, -2)
      fraction = cents.slice(-2)
    }
  }
  fraction = fraction.padEnd(2, '0')
  if (pattern.group !== null && whole.length - 3 >= pattern.minimumGrouping)
    whole = whole.replace(/\B(?=(\d{3})+$)/g, pattern.group)
  const [prefix, suffix] = value < 0 || Object.is(value, -0) ? pattern.negative : pattern.positive
  return `${prefix}${whole}${pattern.decimal}${fraction}${suffix}`
}

const intlFormats = new Map<string, Intl.NumberFormat>()
function intlFormat(language: LanguageCode, currency?: CurrencyCode): Intl.NumberFormat {
  const key = `${language}:${currency ?? ''}`
  let format = intlFormats.get(key)
  if (!format) intlFormats.set(key, (format = intlFormatOf(language, currency)))
  return format
}

/** A number with always two decimals. */
export function formatNumber(value: number, language: LanguageCode): string {
  const pattern = NUMBER_PATTERNS[language]?.number
  return (pattern && formatWithPattern(pattern, value)) ?? intlFormat(language).format(value)
}

/** An amount in integer cents as money in the language's format, with two decimals and the currency sign. */
export function formatMoney(cents: number, currency: CurrencyCode, language: LanguageCode): string {
  const pattern = NUMBER_PATTERNS[language]?.money[currency]
  return (pattern && formatWithPattern(pattern, cents / 100)) ?? intlFormat(language, currency).format(cents / 100)
}
