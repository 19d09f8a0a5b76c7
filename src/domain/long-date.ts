// A date as a language writes it in full ('27 november 2026', '27. November 2026', '27 de novembro de 2026'), in UTC:
// what Intl.DateTimeFormat writes with dateStyle 'long', from its generated template (intl-texts.ts), so a page that
// shows dates does not set up ICU's data while it hydrates.
import { intlDataOf } from './intl-data.ts'
import type { LanguageCode } from './language-codes.ts'
import { keptPerKey } from './kept-per-key.ts'
import { intlLocaleOf } from './locale.ts'

/**
 * Intl's long date in a language, in UTC, made once per language: what the template is read off
 * (scripts/generate-intl-patterns.ts), and what writes a date where the template is not provided.
 */
export const intlLongDateOf = keptPerKey(
  (language: LanguageCode) => new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'long', timeZone: 'UTC' }),
)

export function formatLongDate(date: Date, language: LanguageCode): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  const long = intlDataOf(language)?.longDate
  // Where the language's template is not provided (intl-data.ts), Intl writes the same.
  if (!long) return intlLongDateOf(language).format(date)
  const { template, months } = long
  return template
    .replace('{day}', String(date.getUTCDate()))
    .replace('{month}', months[date.getUTCMonth()]!)
    .replace('{year}', String(date.getUTCFullYear()))
}
