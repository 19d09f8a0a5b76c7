// Rules about products as plain functions (no zod), for pages and the search alike.
import type { CatalogueProduct, ProductVariant } from './product.ts'

/** Shown as "only {amount} in stock" at or below this many pieces. */
export const LOW_STOCK_THRESHOLD = 10
/** A product is "new" (facet and badge) this many days after it came into the shop. */
export const NEW_PRODUCT_DAYS = 60
/** Delivery time 1–2 days. */
export const DELIVERY_DAYS = { min: 1, max: 2 } as const
/** The silo offer is for more than 1000 kg, or from 15 horses (12 in the German texts). */
export const SILO_OFFER = { minKilograms: 1000, minHorses: 15, minHorsesGerman: 12 } as const

/** Whether a variant's price is reduced: an old price above the price it sells for now. */
export function isReduced(variant: Pick<ProductVariant, 'price' | 'originalPrice'>): boolean {
  return variant.originalPrice !== null && variant.originalPrice > variant.price
}

/**
 * Whether any variant of a product is reduced: the "sale" facet and landing page. Not the badge: a badge belongs to
 * the variant whose price it stands beside (`isReduced`), or a card showing an unreduced "from" price says "sale".
 */
export function isOnSale(product: CatalogueProduct): boolean {
  return product.variants.some(isReduced)
}

/** Whether a product counts as new on a day ('YYYY-MM-DD'). */
export function isNew(product: Pick<CatalogueProduct, 'createdAt'>, today: string): boolean {
  const age = (Date.parse(today) - Date.parse(product.createdAt)) / 86_400_000
  return age >= 0 && age < NEW_PRODUCT_DAYS
}

/** The variant with the lowest price: what a product card shows as "from". */
export function cheapestVariant(product: CatalogueProduct): ProductVariant {
  return product.variants.reduce((best, v) => (v.price < best.price ? v : best))
}

/** Whether the silo offer fits a product: feed sold loose in a silo or in big bags. */
export function hasSiloOffer(product: CatalogueProduct): boolean {
  return product.productType === 2 && product.variants.some((v) => v.package === 'silo' || v.package === 'bigBag')
}

/** Whether a product can be ordered now: available and in stock (the page says it either way). */
export function isOrderable(product: CatalogueProduct, variant: ProductVariant): boolean {
  return product.state === 'available' && variant.stock > 0
}

/** Half-star rounding for display: 4.26 → 4.5. */
export function roundRating(average: number): number {
  return Math.round(average * 2) / 2
}
