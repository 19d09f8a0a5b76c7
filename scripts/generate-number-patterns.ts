// Writes src/domain/number-patterns.ts: how each shop language writes an amount of money in each currency and a
// plain number with two decimals (signs, separators, grouping), read off Node's Intl.NumberFormat with the options
// the shop formats with. Committed, so the browser formats prices without Intl: the first Intl.NumberFormat of a
// page costs 40–110 ms on a slow phone (ICU's data is set up on first use), inside the task that hydrates the first
// price. scripts/generate-number-patterns.test.ts checks the file is what this writes.
// Run: `npm exec -- node scripts/generate-number-patterns.ts`.
import { writeFileSync } from 'node:fs'
import * as prettier from 'prettier'
import { CURRENCY_CODES } from '../src/domain/currency.ts'
import { CULTURES, LANGUAGE_CODES } from '../src/domain/language-codes.ts'
import { intlFormatOf, type NumberPattern } from '../src/domain/locale.ts'

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
  const groupsThousands = format.formatToParts(1000).some((part) => part.type === 'group')
  return {
    positive: [positive.prefix, positive.suffix],
    negative: [negative.prefix, negative.suffix],
    decimal,
    group,
    minimumGrouping: groupsThousands || group === null ? 1 : 2,
  }
}

/** Every language's patterns: money in each currency, and plain numbers. */
export function numberPatterns() {
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      {
        number: patternOf(intlFormatOf(language)),
        money: Object.fromEntries(
          CURRENCY_CODES.map((currency) => [currency, patternOf(intlFormatOf(language, currency))]),
        ),
      },
    ]),
  )
}

/** Spaces other than the plain one and the minus sign written as escapes, so a reader sees which they are. */
const visible = (json: string) =>
  json.replace(/[^\S \n]|\p{Cf}|\u2212/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

export function numberPatternsModule(): string {
  return `// Written by scripts/generate-number-patterns.ts from Node's Intl (ICU ${process.versions.icu}); do not edit.
// How each language writes money and numbers with two decimals (${Object.values(CULTURES).length} cultures).
import type { CurrencyCode } from './currency.ts'
import type { LanguageCode } from './language-codes.ts'
import type { NumberPattern } from './locale.ts'

export const NUMBER_PATTERNS: Record<
  LanguageCode,
  { number: NumberPattern; money: Record<CurrencyCode, NumberPattern> }
> = ${visible(JSON.stringify(numberPatterns(), null, 2))}
`
}

if (import.meta.main) {
  const file = new URL('../src/domain/number-patterns.ts', import.meta.url)
  const options = { ...(await prettier.resolveConfig(file)), filepath: file.pathname }
  writeFileSync(file, await prettier.format(numberPatternsModule(), options))
  console.log('wrote src/domain/number-patterns.ts')
}
