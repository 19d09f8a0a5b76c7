// Currencies as plain values (no zod), for the browser's critical path.

export const CURRENCY_CODES = ['EUR', 'DKK', 'SEK', 'PLN'] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

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
