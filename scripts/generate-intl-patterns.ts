// Writes what the shop's pages format with Intl, read off Node's Intl and committed, so the browser writes prices,
// numbers, dates and language names without Intl: the first Intl object a page makes sets up ICU's data, 40–110 ms
// in Chromium on this machine (150–450 ms at 4× CPU slowdown), inside the task that hydrates the first price.
// - src/domain/number-patterns.ts: how each language writes money in each currency and numbers (signs, separators,
//   grouping), for the options the shop formats with;
// - src/domain/intl-texts.ts: each language's long date (order, words between, the month names as a date has them)
//   and the names of the languages reviews are written in.
// scripts/generate-intl-patterns.test.ts checks the files hold what this writes.
// Run: `npm exec -- node scripts/generate-intl-patterns.ts`.
import { writeFileSync } from 'node:fs'
import * as prettier from 'prettier'
import { CURRENCY_CODES } from '../src/domain/currency.ts'
import { CULTURES, LANGUAGE_CODES, type LanguageCode } from '../src/domain/language-codes.ts'
import { intlFormatOf, intlLocaleOf, type NumberPattern } from '../src/domain/locale.ts'
import { intlLongDateOf } from '../src/domain/long-date.ts'
import { spokenLanguage } from '../src/domain/review-languages.ts'

/** A format's pattern, read off what it writes for a few numbers. */
export function patternOf(format: Intl.NumberFormat): NumberPattern {
  const around = (value: number) => {
    const parts = format.formatToParts(value)
    const first = parts.findIndex((part) => part.type === 'integer')
    const last = parts.findLastIndex((part) => ['integer', 'group', 'decimal', 'fraction'].includes(part.type))
    const text = (from: number, to: number) =>
      parts
        .slice(from, to)
        .map((part) => part.value)
        .join('')
    return { prefix: text(0, first), suffix: text(last + 1, parts.length), parts }
  }
  const positive = around(1234567.5)
  const negative = around(-1234567.5)
  const group = positive.parts.find((part) => part.type === 'group')?.value ?? null
  const decimal = positive.parts.find((part) => part.type === 'decimal')?.value
  if (decimal === undefined) throw new Error('a format without a decimal separator')
  // A thousand as written (a percentage is written multiplied by 100): grouped, or only from ten thousand.
  const thousand = format.resolvedOptions().style === 'percent' ? 10 : 1000
  const groupsThousands = format.formatToParts(thousand).some((part) => part.type === 'group')
  return {
    positive: [positive.prefix, positive.suffix],
    negative: [negative.prefix, negative.suffix],
    decimal,
    group,
    minimumGrouping: groupsThousands || group === null ? 1 : 2,
  }
}

/** Numbers as the language groups them (nutrition values); the decimals are the pattern user's. */
const localeFormat = (language: LanguageCode, style: 'decimal' | 'percent') =>
  Intl.NumberFormat(intlLocaleOf(language), { style, minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Every language's patterns: money in each currency, numbers as prices have them, and as the language groups them. */
export function numberPatterns() {
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      {
        number: patternOf(intlFormatOf(language)),
        decimal: patternOf(localeFormat(language, 'decimal')),
        percent: patternOf(localeFormat(language, 'percent')),
        money: Object.fromEntries(
          CURRENCY_CODES.map((currency) => [currency, patternOf(intlFormatOf(language, currency))]),
        ),
      },
    ]),
  )
}

/** The long date format of a language (Intl's dateStyle 'long'), as a template and the months' names in it. */
export function longDateOf(language: LanguageCode) {
  const format = intlLongDateOf(language)
  const template = format
    .formatToParts(new Date(Date.UTC(2026, 0, 5)))
    .map((part) => (part.type === 'literal' ? part.value : `{${part.type}}`))
    .join('')
  const months = Array.from(
    { length: 12 },
    (_, month) =>
      format.formatToParts(new Date(Date.UTC(2026, month, 15))).find((part) => part.type === 'month')!.value,
  )
  return { template, months }
}

/** The languages reviews are written in (without country), named in each shop language. */
export function languageNames() {
  const spoken = [...new Set(LANGUAGE_CODES.map(spokenLanguage))].toSorted()
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => {
      const names = new Intl.DisplayNames(intlLocaleOf(language), { type: 'language', fallback: 'code' })
      return [language, Object.fromEntries(spoken.map((code) => [code, names.of(code) ?? code]))]
    }),
  )
}

/** Spaces other than the plain one and the minus sign written as escapes, so a reader sees which they are. */
const visible = (json: string) =>
  json.replace(/[^\S \n]|\p{Cf}|\u2212/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

const header = `// Written by scripts/generate-intl-patterns.ts from Node's Intl (ICU ${process.versions.icu}, ${
  Object.values(CULTURES).length
} cultures); do not edit.`

export function numberPatternsModule(): string {
  return `${header}
// How each language writes money and numbers: the signs around the digits, the separators, the grouping.
import type { LanguageNumbers } from './intl-data.ts'
import type { LanguageCode } from './language-codes.ts'

export const NUMBER_PATTERNS: Record<LanguageCode, LanguageNumbers> = ${visible(JSON.stringify(numberPatterns(), null, 2))}
`
}

export function intlTextsModule(): string {
  const dates = Object.fromEntries(LANGUAGE_CODES.map((language) => [language, longDateOf(language)]))
  return `${header}
// Each language's long date ('27 november 2026'): a template with {day}, {month} and {year}, and the months as a date
// names them; and the languages reviews are written in, named in each language.
import type { LanguageCode } from './language-codes.ts'

export const LONG_DATES: Record<LanguageCode, { template: string; months: string[] }> = ${visible(
    JSON.stringify(dates, null, 2),
  )}

export const LANGUAGE_NAMES: Record<LanguageCode, Record<string, string>> = ${visible(
    JSON.stringify(languageNames(), null, 2),
  )}
`
}

if (import.meta.main) {
  for (const [path, text] of [
    ['../src/domain/number-patterns.ts', numberPatternsModule()],
    ['../src/domain/intl-texts.ts', intlTextsModule()],
  ] as const) {
    const file = new URL(path, import.meta.url)
    const options = { ...(await prettier.resolveConfig(file)), filepath: file.pathname }
    writeFileSync(file, await prettier.format(text, options))
    console.log(`wrote ${path.slice(3)}`)
  }
}
