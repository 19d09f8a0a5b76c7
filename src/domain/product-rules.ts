// Rules about products as plain functions (no zod), for pages and the search alike.
import type { ProductSummary } from './catalogue-api.ts'
import type { CatalogueProduct, ProductVariant } from './product.ts'

/** A product page says "only {amount} in stock" at or below this many pieces. */
export const LOW_STOCK_THRESHOLD = 10
/** A product is "new" (facet and badge) this many days after it came into the shop. */
export const NEW_PRODUCT_DAYS = 60
/** Delivery takes 1–2 working days. */
export const DELIVERY_DAYS = { min: 1, max: 2 } as const
/** The silo offer is for more than 1000 kg, or from 15 horses (12 in the German texts). */
export const SILO_OFFER = { minKilograms: 1000, minHorses: 15, minHorsesGerman: 12 } as const
/** The silo offer's number of horses in a language: 15, and 12 in the German text (spec §9). */
export const siloMinHorses = (language: string | null): number =>
  language?.startsWith('de') ? SILO_OFFER.minHorsesGerman : SILO_OFFER.minHorses

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

/** Today as 'YYYY-MM-DD' in UTC: the day "new" is counted from, the same on server and app. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/** The variant with the lowest price: what a product card shows as "from". */
export function cheapestVariant(product: CatalogueProduct): ProductVariant {
  return product.variants.reduce((best, v) => (v.price < best.price ? v : best))
}

/** Whether the silo offer fits a product: feed sold loose in a silo or in big bags. */
export function hasSiloOffer(product: CatalogueProduct): boolean {
  return product.productType === 2 && product.variants.some((v) => v.package === 'silo' || v.package === 'bigBag')
}

/** Whether a product can be ordered now: available and in stock (the page says which it is either way). */
export function isOrderable(product: CatalogueProduct, variant: ProductVariant): boolean {
  return product.state === 'available' && variant.stock > 0
}

/** Half-star rounding for display: 4.26 → 4.5. */
export function roundRating(average: number): number {
  return Math.round(average * 2) / 2
}

/** A product in a list: what its card shows, the same on the server and in the app. */
export function summaryOf(product: CatalogueProduct, today: string): ProductSummary {
  const cheapest = cheapestVariant(product)
  return {
    productId: product.productId,
    productVariantId: cheapest.productVariantId,
    name: product.name,
    path: product.path,
    brand: product.brand,
    productGroup: product.productGroup,
    productType: product.productType,
    state: product.state,
    image: product.image.name,
    price: cheapest.price,
    originalPrice: isReduced(cheapest) ? cheapest.originalPrice : null,
    currency: product.currency,
    unitPrice: cheapest.unitPrice,
    rating: product.rating,
    isNew: isNew(product, today),
    // The card's badge, beside the price it shows: only when that variant is reduced.
    onSale: isReduced(cheapest),
    inStock: product.variants.some((v) => v.stock > 0),
    variantCount: product.variants.length,
  }
}
