// A date as a language writes it in full ('27 november 2026', '27. November 2026', '27 de novembro de 2026'), in UTC:
// what Intl.DateTimeFormat writes with dateStyle 'long', from its generated template (intl-texts.ts), so a page that
// shows dates does not set up ICU's data while it hydrates.
import { intlDataOf } from './intl-data.ts'
import type { LanguageCode } from './language-codes.ts'
import { intlLocaleOf } from './locale.ts'

const formats = new Map<LanguageCode, Intl.DateTimeFormat>()
/** Intl's own long date, where the language's template is not provided (intl-data.ts): the same text. */
function longDates(language: LanguageCode) {
  let format = formats.get(language)
  if (!format)
    formats.set(
      language,
      (format = new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'long', timeZone: 'UTC' })),
    )
  return format
}

export function formatLongDate(date: Date, language: LanguageCode): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  const long = intlDataOf(language)?.longDate
  if (!long) return longDates(language).format(date)
  const { template, months } = long
  return template
    .replace('{day}', String(date.getUTCDate()))
    .replace('{month}', months[date.getUTCMonth()]!)
    .replace('{year}', String(date.getUTCFullYear()))
}
