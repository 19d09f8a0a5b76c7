// The cart calculation: lines with their discounts and free products,
// discount codes, shipping and payment costs, VAT per rate and the totals. Pure: the server answers
// /api/cartcalculation with it, and the app computes the same totals offline (shown as provisional until the server,
// which stays authoritative, has answered).
//
// Money and rounding, the way a shop's till does it:
// - Every amount is in integer cents of the site's currency, and prices include VAT (consumers see those prices).
// - A percentage of an amount (a product discount, a percentage code) is rounded half away from zero to whole cents,
//   once per line for product discounts and once on the subtotal for an order discount.
// - An order discount is shared over the VAT rates in proportion to the goods at each rate; shipping and payment costs
//   follow the goods' VAT rates in the same way (with no goods they are taxed at the high rate). Shares are whole cents
//   by the largest remainder, so they add up to the amount exactly.
// - VAT is worked out once per rate, from the VAT-inclusive total at that rate: round(total × rate / (100 + rate)).
//   A line's own vatAmount is the same formula on the line, for showing; the totals use the per-rate figures.
//
// The calculation itself is in cart-pricing.ts (no zod: the cart page runs it on its first path); here its shapes.
import { z } from 'zod'
import { CartCalculationResultSchema } from './cart.ts'
import { ShippingMethodSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { CentsSchema, CurrencyCodeSchema } from './money.ts'

/** When a promotion or a code starts or ends: a moment, or none. */
export const ValidityMomentSchema = z.iso.datetime({ offset: true }).nullable()
const When = ValidityMomentSchema

export const PromotionSchema = z.discriminatedUnion('kind', [
  /** For every `buy` pieces of a variant, `free` more of it for nothing ("buy 3, get 1 free"). */
  z.object({
    kind: z.literal('buyXGetYFree'),
    key: z.string().min(1).max(60),
    buy: z.number().int().min(1).max(100),
    free: z.number().int().min(1).max(100),
    productVariantIds: z.array(IdSchema).max(1000),
    validFrom: When,
    validTo: When,
  }),
  /** A percentage off the price of these variants. */
  z.object({
    kind: z.literal('percentageOff'),
    key: z.string().min(1).max(60),
    percentage: z.number().int().min(1).max(100),
    productVariantIds: z.array(IdSchema).max(1000),
    validFrom: When,
    validTo: When,
  }),
])
export type Promotion = z.infer<typeof PromotionSchema>

export const ShippingRateSchema = z.object({
  shippingMethod: ShippingMethodSchema,
  priceCents: CentsSchema.min(0),
  /** Free from this order amount (goods after discounts, VAT included); null: never free. */
  freeFromCents: CentsSchema.min(0).nullable(),
})
export type ShippingRate = z.infer<typeof ShippingRateSchema>

export const PaymentCostSchema = z.object({ paymentMethodId: IdSchema, costCents: CentsSchema.min(0) })
export type PaymentCost = z.infer<typeof PaymentCostSchema>

/** A site's prices apart from the products: VAT rates, shipping, payment costs and the promotions running there. */
export const PricingRulesSchema = z.object({
  currency: CurrencyCodeSchema,
  vatPercentageHigh: z.number().min(0).max(100),
  vatPercentageLow: z.number().min(0).max(100),
  shippingRates: z.array(ShippingRateSchema).max(10),
  paymentCosts: z.array(PaymentCostSchema).max(50),
  promotions: z.array(PromotionSchema).max(200),
})
export type PricingRules = z.infer<typeof PricingRulesSchema>

export const DiscountKindSchema = z.enum(['percentage', 'fixedAmount', 'freeShipping'])

/** A discount code's rule. Codes are looked up by the server per site; the app learns a rule once a code is applied. */
export const DiscountCodeRuleSchema = z.object({
  code: z.string().min(1).max(40),
  kind: DiscountKindSchema,
  /** A percentage for 'percentage', cents for 'fixedAmount', unused (0) for 'freeShipping'. */
  value: z.number().int().min(0),
  minimumOrderCents: CentsSchema.min(0),
  validFrom: When,
  validTo: When,
})
export type DiscountCodeRule = z.infer<typeof DiscountCodeRuleSchema>

/** Whether a code takes effect: applied, or why not. 'unknown' is a code the site does not have. */
export const DiscountStatusSchema = z.enum(['applied', 'minimumNotMet', 'expired', 'notYetValid', 'unknown'])
export type DiscountStatus = z.infer<typeof DiscountStatusSchema>

/** The calculation as the API answers it: the calculation result plus what became of the cart's discount code. */
export const CartCalculationSchema = CartCalculationResultSchema.extend({
  discountCode: z
    .object({ code: z.string(), status: DiscountStatusSchema, rule: DiscountCodeRuleSchema.nullable() })
    .nullable(),
})
export type CartCalculation = z.infer<typeof CartCalculationSchema>
