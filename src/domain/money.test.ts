import { describe, expect, it } from 'vitest'
import { currencyFromSymbol, isIndicativeCurrency, MoneySchema } from './money.ts'
import { normaliseLanguageCode } from './languages.ts'

describe('currencyFromSymbol (SPEC §9)', () => {
  it.each([
    ['Kr.', 'DKK'],
    ['KR', 'SEK'],
    ['zł', 'PLN'],
    ['€', 'EUR'],
    ['kr', 'EUR'],
  ])('%s → %s', (symbol, currency) => expect(currencyFromSymbol(symbol)).toBe(currency))

  it('marks every currency but the euro as indicative', () => {
    expect(isIndicativeCurrency('EUR')).toBe(false)
    expect(isIndicativeCurrency('SEK')).toBe(true)
  })
})

describe('MoneySchema', () => {
  it('keeps money in whole cents', () => {
    expect(MoneySchema.safeParse({ cents: 1999, currency: 'EUR' }).success).toBe(true)
    expect(MoneySchema.safeParse({ cents: 19.99, currency: 'EUR' }).success).toBe(false)
    expect(MoneySchema.safeParse({ cents: 1, currency: 'USD' }).success).toBe(false)
  })
})

describe('normaliseLanguageCode (SPEC §9 mappings)', () => {
  it.each([
    ['esp', 'es'],
    ['se', 'sv'],
    ['fr', 'fr-FR'],
    ['nl-BE', 'nl-BE'],
    ['xx', undefined],
  ])('%s → %s', (code, expected) => expect(normaliseLanguageCode(code)).toBe(expected))
})
