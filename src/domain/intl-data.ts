// What the shop reads off Intl for a language, generated ahead (number-patterns.ts, intl-texts.ts) so no page sets up
// ICU's data while it hydrates: how it writes numbers and money, its long date, the review languages' names. The
// tables hold all 15 languages; a browser needs one, so they are not imported here. The server provides them all
// (provideAllIntlData, intl-data-all.ts); the browser provides its language's with that language's texts
// (vite.config.ts puts them in the texts' chunk, src/app/i18n/bundles.client.ts provides them). Where a language's
// are not provided, each use falls back to Intl itself, which writes the same.
import type { CurrencyCode } from './currency.ts'
import type { LanguageCode } from './language-codes.ts'
import type { NumberPattern } from './locale.ts'

export interface LanguageNumbers {
  /** With two decimals, grouped only in sv and pl, as prices are. */
  number: NumberPattern
  /** As the language groups numbers. */
  decimal: NumberPattern
  percent: NumberPattern
  money: Record<CurrencyCode, NumberPattern>
}

export interface IntlData {
  numbers: LanguageNumbers
  longDate: { template: string; months: string[] }
  /** The review languages (without country) named in this language. */
  languageNames: Record<string, string>
}

const provided = new Map<LanguageCode, IntlData>()

export function provideIntlData(language: LanguageCode, data: IntlData) {
  provided.set(language, data)
}

/** A language's generated Intl data, if provided (else its users ask Intl). */
export const intlDataOf = (language: LanguageCode): IntlData | undefined => provided.get(language)
