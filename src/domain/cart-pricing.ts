// The cart calculation itself: pure arithmetic over the cart's lines and the site's rules, with no zod, so the cart
// page can show its totals without the schemas on its first path. The shapes and their schemas, and the rounding
// rules this follows, are in cart-calculation.ts.
import type {
  CartCalculation,
  DiscountCodeRule,
  DiscountStatus,
  PricingRules,
  Promotion,
  ShippingRate,
} from './cart-calculation.ts'
import type { CartLine, Discount } from './cart.ts'
import { isSampleProduct } from './cart-constants.ts'
import type { CartItem } from './cart-mutations.ts'
import type { ProductType, ShippingMethod, VatType } from './enums.ts'
import { isRunning } from './promotions.ts'
import { roundCents } from './currency.ts'
import type { CatalogueProduct, ProductVariant } from './product.ts'

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
