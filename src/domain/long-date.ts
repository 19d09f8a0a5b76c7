// A date as a language writes it in full ('27 november 2026', '27. November 2026', '27 de novembro de 2026'), in UTC:
// what Intl.DateTimeFormat writes with dateStyle 'long', from its generated template (intl-texts.ts), so a page that
// shows dates does not set up ICU's data while it hydrates.
import { LONG_DATES } from './intl-texts.ts'
import type { LanguageCode } from './language-codes.ts'

export function formatLongDate(date: Date, language: LanguageCode): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  const { template, months } = LONG_DATES[language]
  return template
    .replace('{day}', String(date.getUTCDate()))
    .replace('{month}', months[date.getUTCMonth()]!)
    .replace('{year}', String(date.getUTCFullYear()))
}
