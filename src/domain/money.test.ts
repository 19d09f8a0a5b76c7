import { describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import { MoneySchema } from './money.ts'
import { currencyFromSymbol, fromEuroCents, isIndicativeCurrency, toEuroCents } from './currency.ts'
import { normaliseLanguageCode } from './language-codes.ts'

describe('currencyFromSymbol', () => {
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

describe('the binding euro amount (only euro prices bind)', () => {
  it.each([
    ['DKK', 3295, 24581],
    ['SEK', 3295, 36904],
    ['PLN', 3295, 14103],
    ['EUR', 3295, 3295],
  ] as const)(
    'a euro price of %s … %i cents is indicatively %i cents, and binds as the euro price again',
    (currency, euro, local) => {
      expect(fromEuroCents(euro, currency)).toBe(local)
      expect(toEuroCents(local, currency)).toBe(euro)
    },
  )

  it('gives every euro price back exactly from its indicative price, in every currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.constantFrom('DKK', 'SEK', 'PLN', 'EUR'),
        (euro, currency) => {
          expect(toEuroCents(fromEuroCents(euro, currency), currency)).toBe(euro)
        },
      ),
    )
  })

  it('converts any other amount at the same rate, to whole cents', () => {
    expect(toEuroCents(6900, 'DKK')).toBe(925) // 9.249…
    expect(toEuroCents(-6900, 'DKK')).toBe(-925)
    expect(toEuroCents(0, 'SEK')).toBe(0)
  })
})

describe('MoneySchema', () => {
  it('keeps money in whole cents', () => {
    expect(MoneySchema.safeParse({ cents: 1999, currency: 'EUR' }).success).toBe(true)
    expect(MoneySchema.safeParse({ cents: 19.99, currency: 'EUR' }).success).toBe(false)
    expect(MoneySchema.safeParse({ cents: 1, currency: 'USD' }).success).toBe(false)
  })
})

describe('normaliseLanguageCode (old codes to shop codes)', () => {
  it.each([
    ['esp', 'es'],
    ['se', 'sv'],
    ['fr', 'fr-FR'],
    ['nl-BE', 'nl-BE'],
    ['xx', undefined],
  ])('%s → %s', (code, expected) => expect(normaliseLanguageCode(code)).toBe(expected))
})
