import { z } from 'zod'
import { CURRENCY_CODES } from './currency.ts'

// Money is kept in integer cents together with its ISO currency. Prices in euros are authoritative;
// other currencies are indicative only.

export const CurrencyCodeSchema = z.enum(CURRENCY_CODES)

export const CentsSchema = z.number().int().safe()
export type Cents = z.infer<typeof CentsSchema>

export const MoneySchema = z.object({ cents: CentsSchema, currency: CurrencyCodeSchema })
export type Money = z.infer<typeof MoneySchema>
