import type { ProductType } from './enums.ts'
import type { UnitPriceCents } from './product.ts'

// Unit prices (per unit, kilogram, litre, 100 gram, 100 millilitre), so shoppers can compare a 3 kg
// bucket with a 20 kg bag. Amounts of a kilogram or litre and more are priced per kilogram or litre, smaller ones per
// 100 g or 100 ml. Merchandise and analysis kits are priced per piece; a bundle has no unit price.

interface Amounts {
  productType: ProductType
  price: number
  weightGrams: number | null
  contentMillilitres: number | null
  /** Pieces in the pack, for things sold by the piece. */
  pieces?: number
}

/** Rounded half away from zero to whole cents, like every amount a shop shows. */
const perAmount = (price: number, amount: number, per: number) => Math.round((price * per) / amount)

export function unitPriceOf({
  productType,
  price,
  weightGrams,
  contentMillilitres,
  pieces = 1,
}: Amounts): UnitPriceCents | null {
  if (productType === 6) return null
  if (productType === 3 || productType === 4 || productType === 5)
    return { unit: 'piece', cents: Math.round(price / pieces) }
  if (contentMillilitres !== null)
    return contentMillilitres >= 1000
      ? { unit: 'litre', cents: perAmount(price, contentMillilitres, 1000) }
      : { unit: '100millilitre', cents: perAmount(price, contentMillilitres, 100) }
  if (weightGrams !== null)
    return weightGrams >= 1000
      ? { unit: 'kilogram', cents: perAmount(price, weightGrams, 1000) }
      : { unit: '100gram', cents: perAmount(price, weightGrams, 100) }
  return { unit: 'piece', cents: Math.round(price / pieces) }
}
