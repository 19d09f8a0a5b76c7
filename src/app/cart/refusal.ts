import type { TFunction } from 'i18next'
import type { Refusal } from '../data/cart-store.ts'

/** Why the server refused a change, in the shopper's language: its own words, or the app's text for its code. */
export function reasonOf(t: TFunction, error: Refusal): string {
  if (error.message) return error.message
  return (t as unknown as (key: string, params?: object) => string)(`errors.${error.code}`, error.params)
}
