import { describe, expect, it } from 'vitest'
import { CURRENCY_CODES } from './currency.ts'
import { LANGUAGE_CODES } from './language-codes.ts'
import { brandOf, chooseLocale, formatMoney, formatNumber, formatWithPattern, intlFormatOf } from './locale.ts'
import { NUMBER_PATTERNS } from './number-patterns.ts'
import { provideAllIntlData } from './intl-data-all.ts'

// With the generated data, as the server and the browser write (intl-data.ts); without it each use asks Intl.
provideAllIntlData()

describe('brandOf', () => {
  it.each([
    [{ type: 0, variant: 'shop' }, 'equivera'],
    [{ type: 0, variant: 'muehldorfer' }, 'muehldorfer'],
    [{ type: 1, variant: 'shop' }, 'paddockpure'],
    [{ type: 2, variant: 'corporate' }, 'corporate'],
  ] as const)('%o is %s', (site, brand) => {
    expect(brandOf(site)).toBe(brand)
  })
})

describe('chooseLocale', () => {
  it('is the language for the main brand, with the fallback language', () => {
    expect(chooseLocale('equivera', 'de-AT', 'en')).toEqual({
      locale: 'de-AT',
      fallback: 'en',
      language: 'de-AT',
      fallbackLanguage: 'en',
    })
  })
  it('carries the brand prefix for the second brand', () => {
    expect(chooseLocale('paddockpure', 'da', 'en')).toMatchObject({
      locale: 'second-brand/da',
      fallback: 'second-brand/en',
    })
  })
  it.each([
    ['esp', 'es'],
    ['se', 'sv'],
    ['fr', 'fr-FR'],
  ])('maps the legacy code %s to %s', (code, language) => {
    expect(chooseLocale('equivera', code, 'en').language).toBe(language)
  })
  it('defaults to nl and en for unknown codes', () => {
    expect(chooseLocale('equivera', 'xx', 'yy')).toMatchObject({ language: 'nl', fallbackLanguage: 'en' })
  })
})

// Intl puts a narrow or normal no-break space between groups and before some currency signs; compare without them.
const plain = (text: string) => text.replace(/[\u00a0\u202f ]/g, ' ')

describe('formatNumber', () => {
  it.each([
    ['nl', 1234.5, '1234,50'],
    ['en', 1234.5, '1234.50'],
    ['de', 1234567, '1234567,00'],
    ['sv', 1234.5, '1 234,50'],
    ['pl', 12345.678, '12 345,68'],
  ] as const)('in %s formats %d as %s (two decimals, grouping only for sv and pl)', (language, value, text) => {
    expect(plain(formatNumber(value, language))).toBe(text)
  })
})

describe('formatMoney', () => {
  it.each([
    ['nl', 'EUR', 123456, '€ 1234,56'],
    ['da', 'DKK', 9900, '99,00 kr.'],
    ['sv', 'SEK', 123456, '1 234,56 kr'],
    ['pl', 'PLN', 123456, '1 234,56 zł'],
    ['fr-BE', 'EUR', 500, '5,00 €'],
  ] as const)('in %s formats %s %d cents as %s', (language, currency, cents, text) => {
    expect(plain(formatMoney(cents, currency, language))).toBe(text)
  })
})

// The patterns must write exactly what Intl writes: the server's page and the app hydrating it both use them, and a
// shopper must read the same price in a mail (or on the invoice) as on the page.
describe('formatting with the generated patterns', () => {
  // Cents as they come (integers), the halves and near-halves rounding sees in prices per kilo, signs and sizes.
  const edges = [0, -0, 0.005, 0.004, 0.015, 0.125, 1.005, 1.015, 2.675, 9.995, 99.995, 999.995, 1000, 9999.999]
  const sizes = [1, 12, 123, 1234, 12345, 123456, 1234567, 12345678, 123456789012]
  let seed = 15
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 10 ** Math.floor(seed % 9)
  const values = [
    ...edges,
    ...edges.map((value) => -value),
    ...sizes.flatMap((value) => [value, value + 0.5, value / 100, -value, -value / 1000]),
    ...Array.from({ length: 400 }, random),
    ...Array.from({ length: 100 }, () => -random()),
    ...Array.from({ length: 300 }, (_, cents) => cents / 100),
  ]

  it.each(LANGUAGE_CODES)('write every number as Intl does in %s', (language) => {
    const intl = intlFormatOf(language)
    for (const value of values) expect([value, formatNumber(value, language)]).toEqual([value, intl.format(value)])
  })

  it.each(LANGUAGE_CODES)('write every amount in every currency as Intl does in %s', (language) => {
    for (const currency of CURRENCY_CODES) {
      const intl = intlFormatOf(language, currency)
      for (const value of values) {
        const cents = Math.round(value * 100)
        expect([cents, formatMoney(cents, currency, language)]).toEqual([cents, intl.format(cents / 100)])
      }
    }
  })

  it('leave to Intl what has no plain decimal form', () => {
    const pattern = NUMBER_PATTERNS.nl.number
    for (const value of [1e21, 1e-7, Number.NaN, Infinity, -Infinity]) {
      expect(formatWithPattern(pattern, value)).toBeNull()
      expect(formatNumber(value, 'nl')).toBe(intlFormatOf('nl').format(value))
    }
  })
})
