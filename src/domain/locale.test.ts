import { describe, expect, it } from 'vitest'
import { brandOf, chooseLocale, formatMoney, formatNumber } from './locale.ts'

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
