import { z } from 'zod'

// Money is kept in integer cents together with its ISO currency. Prices in euros are authoritative;
// other currencies are indicative only (SPEC §1).

export const CurrencyCodeSchema = z.enum(['EUR', 'DKK', 'SEK', 'PLN'])
export type CurrencyCode = z.infer<typeof CurrencyCodeSchema>

export const CentsSchema = z.number().int().safe()
export type Cents = z.infer<typeof CentsSchema>

export const MoneySchema = z.object({ cents: CentsSchema, currency: CurrencyCodeSchema })
export type Money = z.infer<typeof MoneySchema>

/** SPEC §9: Kr. gives DKK, KR gives SEK, zł gives PLN, otherwise EUR. */
export function currencyFromSymbol(symbol: string): CurrencyCode {
  switch (symbol.trim()) {
    case 'Kr.':
      return 'DKK'
    case 'KR':
      return 'SEK'
    case 'zł':
      return 'PLN'
    default:
      return 'EUR'
  }
}

export function isIndicativeCurrency(currency: CurrencyCode): boolean {
  return currency !== 'EUR'
}
