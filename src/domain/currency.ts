// Currencies as plain values (no zod), for the browser's critical path.

export const CURRENCY_CODES = ['EUR', 'DKK', 'SEK', 'PLN'] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

/** The currency of a site's currency symbol: Kr. gives DKK, KR gives SEK, zł gives PLN, otherwise EUR. */
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

/**
 * The shop's fixed rates: units of each currency per euro. Euro prices are authoritative, other currencies
 * indicative. An indicative price is its euro price at this rate, and an amount shown in another currency binds as
 * that amount at the same rate in euro: for a price, exactly its euro price again (every rate is above 1, so the
 * rounding to whole cents on the way there is undone on the way back).
 */
export const EURO_RATES: Readonly<Record<CurrencyCode, number>> = { EUR: 1, DKK: 7.46, SEK: 11.2, PLN: 4.28 }

/** Half away from zero, to whole cents. */
export const roundCents = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount))

/** A euro amount in another currency (the indicative price of a euro price). */
export const fromEuroCents = (euroCents: number, currency: CurrencyCode) => roundCents(euroCents * EURO_RATES[currency])

/** The binding euro amount of an amount in a currency. */
export const toEuroCents = (cents: number, currency: CurrencyCode) => roundCents(cents / EURO_RATES[currency])
