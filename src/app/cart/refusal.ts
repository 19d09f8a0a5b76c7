import type { TFunction } from 'i18next'
import { translateWith } from '../catalogue/product-specs.tsx'
import type { Refusal } from '../data/cart-store.ts'

/** Why the server refused a change, in the shopper's language: its own words, or the app's text for its code. */
export function reasonOf(t: TFunction, error: Refusal): string {
  return error.message || translateWith(t)(`errors.${error.code}`, error.params)
}
