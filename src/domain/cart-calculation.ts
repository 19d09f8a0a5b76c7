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
import { z } from 'zod'
import { CartCalculationResultSchema, type CartLine, type Discount } from './cart.ts'
import { isSampleProduct, type CartItem } from './cart-mutations.ts'
import { ShippingMethodSchema, type ProductType, type ShippingMethod, type VatType } from './enums.ts'
import { IdSchema } from './ids.ts'
import { isRunning } from './promotions.ts'

import { CentsSchema, CurrencyCodeSchema } from './money.ts'
import { roundCents } from './currency.ts'
import type { CatalogueProduct, ProductVariant } from './product.ts'

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

/** The words of a calculation, in the shopper's language: the server and the app each pass their own translations. */
export interface CalculationTexts {
  /** What a variant is, beside the product's name: "Zak · 20 kg". */
  variantLabel(product: CatalogueProduct, variant: ProductVariant): string
  /** A promotion as the cart shows it: "3 + 1 gratis", "10% korting". */
  promotion(promotion: Promotion): string
  /** A discount code's line: "Kortingscode WELKOM10". */
  discountCode(rule: DiscountCodeRule): string
  /** Free shipping from an amount. */
  freeShipping(rate: ShippingRate): string
}

export interface CalculationInput {
  /** The cart's lines, each with its product as the site sells it (lines whose product is gone are left out). */
  lines: { item: CartItem; product: CatalogueProduct }[]
  rules: PricingRules
  /** The cart's code with its rule; rule null when the site has no such code. */
  discount: { code: string; rule: DiscountCodeRule | null } | null
  shippingMethod: ShippingMethod
  paymentMethodId: number | null
  now: Date
  texts: CalculationTexts
}

/** The VAT inside a VAT-inclusive amount. */
export const vatIn = (amount: number, ratePercentage: number) =>
  roundCents((amount * ratePercentage) / (100 + ratePercentage))

/** Splits whole cents over weights in proportion, by the largest remainder; the parts add up to `total` exactly. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (weights.length === 0) return []
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0))
  const exact = weights.map((w) => (total * w) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).toSorted((a, b) => b.rest - a.rest)
  for (const { i } of order) {
    if (left <= 0) break
    parts[i]! += 1
    left -= 1
  }
  return parts
}

const isActive = isRunning

/** The promotions that apply to a variant now. */
function promotionsFor(rules: PricingRules, productVariantId: number, now: Date): Promotion[] {
  return rules.promotions.filter((p) => p.productVariantIds.includes(productVariantId) && isActive(p, now))
}

/** What became of a discount code for a subtotal: the amount off the order, free shipping, or why not. */
function evaluateCode(
  discount: CalculationInput['discount'],
  subTotal: number,
  now: Date,
): { status: DiscountStatus; orderAmount: number; freeShipping: boolean } | null {
  if (!discount) return null
  const { rule } = discount
  if (!rule) return { status: 'unknown', orderAmount: 0, freeShipping: false }
  if (rule.validFrom !== null && now.getTime() < Date.parse(rule.validFrom))
    return { status: 'notYetValid', orderAmount: 0, freeShipping: false }
  if (rule.validTo !== null && now.getTime() >= Date.parse(rule.validTo))
    return { status: 'expired', orderAmount: 0, freeShipping: false }
  if (subTotal < rule.minimumOrderCents || subTotal === 0)
    return { status: 'minimumNotMet', orderAmount: 0, freeShipping: false }
  const orderAmount =
    rule.kind === 'percentage'
      ? Math.min(subTotal, roundCents((subTotal * Math.min(rule.value, 100)) / 100))
      : rule.kind === 'fixedAmount'
        ? Math.min(subTotal, Math.round(rule.value))
        : 0
  return { status: 'applied', orderAmount, freeShipping: rule.kind === 'freeShipping' }
}

const VAT_TYPES: readonly VatType[] = ['low', 'high']

/** Nothing to ship for an empty cart or for scan samples only (the customer sends those in). */
export const needsDelivery = (lines: readonly { productType: ProductType }[]) =>
  lines.length > 0 && !lines.every((line) => isSampleProduct(line.productType))

/** A rate's shipping is free from its threshold of goods (the subtotal less order discounts). */
export const shipsFree = (rate: ShippingRate, goodsCents: number) =>
  rate.freeFromCents !== null && goodsCents >= rate.freeFromCents

export function calculateCart(input: CalculationInput): CartCalculation {
  const { rules, now, texts } = input
  const rateOf = (vatType: VatType) => (vatType === 'high' ? rules.vatPercentageHigh : rules.vatPercentageLow)

  const products: CartLine[] = input.lines.flatMap(({ item, product }) => {
    const variant = product.variants.find((v) => v.productVariantId === item.productVariantId)
    if (!variant) return []
    const quantity = item.count
    const originalAmount = variant.price * quantity
    const promotions = promotionsFor(rules, variant.productVariantId, now)
    const productDiscounts: Discount[] = []
    let discounted = 0
    for (const promotion of promotions) {
      if (promotion.kind !== 'percentageOff') continue
      const amount = Math.min(
        originalAmount - discounted,
        roundCents((originalAmount * Math.min(promotion.percentage, 100)) / 100),
      )
      if (amount <= 0) continue
      discounted += amount
      productDiscounts.push({ description: texts.promotion(promotion), promotionKey: promotion.key, amount })
    }
    const totalAmount = originalAmount - discounted
    const rate = rateOf(product.vatType)
    const freeProducts = promotions.flatMap((promotion) => {
      if (promotion.kind !== 'buyXGetYFree') return []
      const free = Math.floor(quantity / promotion.buy) * promotion.free
      if (free === 0) return []
      return [
        {
          productId: product.productId,
          productVariantId: variant.productVariantId,
          description: product.name,
          productLabel: texts.variantLabel(product, variant),
          promotionText: texts.promotion(promotion),
          quantity: free,
          originalAmount: variant.price * free,
        },
      ]
    })
    return [
      {
        productId: product.productId,
        productVariantId: variant.productVariantId,
        productType: product.productType,
        quantity,
        description: product.name,
        productLabel: texts.variantLabel(product, variant),
        originalAmount,
        totalAmount,
        vatRatePercentage: rate,
        vatAmount: vatIn(totalAmount, rate),
        vatType: product.vatType,
        productDiscounts,
        rqsSamples: isSampleProduct(product.productType) ? item.rqsSamples : [],
        freeProducts,
      },
    ]
  })

  const subTotalAmount = products.reduce((sum, line) => sum + line.totalAmount, 0)
  const code = evaluateCode(input.discount, subTotalAmount, now)
  const orderDiscounts: Discount[] =
    code && code.orderAmount > 0 && input.discount?.rule
      ? [
          {
            description: texts.discountCode(input.discount.rule),
            promotionKey: `code:${input.discount.rule.code}`,
            amount: code.orderAmount,
          },
        ]
      : []
  const orderDiscount = orderDiscounts.reduce((sum, d) => sum + d.amount, 0)
  const goods = subTotalAmount - orderDiscount

  const ships = needsDelivery(products)
  const rate = rules.shippingRates.find((r) => r.shippingMethod === input.shippingMethod)
  const originalShippingCosts = ships && rate ? rate.priceCents : 0
  const shippingDiscounts: Discount[] = []
  if (originalShippingCosts > 0 && rate) {
    if (shipsFree(rate, goods)) {
      shippingDiscounts.push({
        description: texts.freeShipping(rate),
        promotionKey: 'freeShipping',
        amount: originalShippingCosts,
      })
    } else if (code?.freeShipping && input.discount?.rule) {
      shippingDiscounts.push({
        description: texts.discountCode(input.discount.rule),
        promotionKey: `code:${input.discount.rule.code}`,
        amount: originalShippingCosts,
      })
    }
  }
  const shippingCosts = originalShippingCosts - shippingDiscounts.reduce((sum, d) => sum + d.amount, 0)
  const paymentCosts =
    products.length > 0 && input.paymentMethodId !== null
      ? (rules.paymentCosts.find((c) => c.paymentMethodId === input.paymentMethodId)?.costCents ?? 0)
      : 0
  const totalAmount = goods + shippingCosts + paymentCosts

  // VAT per rate: the goods at each rate, less their share of the order discount, plus their share of the costs.
  const goodsAt = VAT_TYPES.map((type) =>
    products.filter((line) => line.vatType === type).reduce((sum, line) => sum + line.totalAmount, 0),
  )
  const discountAt = allocate(orderDiscount, goodsAt)
  const netAt = goodsAt.map((amount, i) => amount - discountAt[i]!)
  // No goods to follow: the costs are taxed at the high rate.
  const costWeights = netAt.some((amount) => amount > 0) ? netAt : [0, 1]
  const shippingAt = allocate(shippingCosts, costWeights)
  const paymentAt = allocate(paymentCosts, costWeights)
  const vatAt = VAT_TYPES.map((type, i) => vatIn(netAt[i]! + shippingAt[i]! + paymentAt[i]!, rateOf(type)))
  const shippingVat = VAT_TYPES.reduce((sum, type, i) => sum + vatIn(shippingAt[i]!, rateOf(type)), 0)

  return {
    currency: rules.currency,
    products,
    shippingDiscounts,
    orderDiscounts,
    originalShippingCosts,
    shippingCosts,
    paymentCosts,
    totalAmount,
    vatAmountLow: vatAt[0]!,
    vatAmountHigh: vatAt[1]!,
    subTotalAmount,
    totalAmountExclVat: totalAmount - vatAt[0]! - vatAt[1]!,
    shippingCostsExclVat: shippingCosts - shippingVat,
    discountCode: input.discount
      ? { code: input.discount.code, status: code!.status, rule: input.discount.rule }
      : null,
  }
}
