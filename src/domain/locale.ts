import type { CurrencyCode } from './currency.ts'
import { CULTURES, normaliseLanguageCode, type LanguageCode } from './language-codes.ts'
import { intlDataOf } from './intl-data.ts'
import { keptPerKey } from './kept-per-key.ts'

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
 * How a language writes a number, whatever its decimals: what comes before and after the digits (the currency sign,
 * the minus, the percent sign), the decimal and group separators, and from how many digits above the thousands it
 * groups.
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
 * zero from the number's shortest decimal form, as ICU rounds, to `digits` (fraction digits at least, at most);
 * `shift` moves the decimal point right first (2 for a percentage, which Intl writes multiplied by 100). null where
 * the shortest form has an exponent (below 1e-6 or from 1e21): Intl writes those.
 */
export function formatWithPattern(
  pattern: NumberPattern,
  value: number,
  digits: readonly [min: number, max: number] = [2, 2],
  shift = 0,
): string | null {
  const shortest = String(Math.abs(value))
  if (!Number.isFinite(value) || shortest.includes('e')) return null
  const [min, max] = digits
  let [whole = '0', fraction = ''] = shortest.split('.')
  if (shift > 0) {
    whole = (whole + fraction.slice(0, shift).padEnd(shift, '0')).replace(/^0+(?=\d)/, '')
    fraction = fraction.slice(shift)
  }
  if (fraction.length > max) {
    const up = fraction.charCodeAt(max) >= 53 // '5'
    fraction = fraction.slice(0, max)
    if (up) {
      const rounded = String(BigInt(whole + fraction) + 1n).padStart(max + 1, '0')
      whole = rounded.slice(0, rounded.length - max)
      fraction = rounded.slice(rounded.length - max)
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(min, '0')
  if (pattern.group !== null && whole.length - 3 >= pattern.minimumGrouping)
    whole = whole.replace(/\B(?=(\d{3})+$)/g, pattern.group)
  const [prefix, suffix] = value < 0 || Object.is(value, -0) ? pattern.negative : pattern.positive
  return `${prefix}${whole}${fraction ? pattern.decimal + fraction : ''}${suffix}`
}

/** Intl's formats, one per language and currency ('' for a plain number), made on first use. */
const intlFormats = keptPerKey((language: LanguageCode) =>
  keptPerKey((currency: CurrencyCode | '') => intlFormatOf(language, currency || undefined)),
)
const intlFormat = (language: LanguageCode, currency?: CurrencyCode): Intl.NumberFormat =>
  intlFormats(language)(currency ?? '')

/** A number with always two decimals. */
export function formatNumber(value: number, language: LanguageCode): string {
  const pattern = intlDataOf(language)?.numbers.number
  return (pattern && formatWithPattern(pattern, value)) ?? intlFormat(language).format(value)
}

/** An amount in integer cents as money in the language's format, with two decimals and the currency sign. */
export function formatMoney(cents: number, currency: CurrencyCode, language: LanguageCode): string {
  const pattern = intlDataOf(language)?.numbers.money[currency]
  return (pattern && formatWithPattern(pattern, cents / 100)) ?? intlFormat(language, currency).format(cents / 100)
}
