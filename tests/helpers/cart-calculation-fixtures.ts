// The cart calculation's test fixtures: a Dutch site's pricing rules, texts, a fixed moment, and cart lines, inputs
// and discount codes built from catalogue fixtures. Pure data, for the example and the property tests alike.
import type { DiscountCodeRule, PricingRules } from '../../src/domain/cart-calculation.ts'
import type { CalculationInput, CalculationTexts } from '../../src/domain/cart-pricing.ts'
import type { CatalogueProduct } from '../../src/domain/product.ts'

export const NOW = new Date('2026-11-25T12:00:00Z')
export const TEXTS: CalculationTexts = {
  variantLabel: (_, v) => `${v.package} ${v.weightGrams ?? ''}`.trim(),
  promotion: (p) => (p.kind === 'buyXGetYFree' ? `${p.buy} + ${p.free} free` : `${p.percentage}% off`),
  discountCode: (rule) => `Code ${rule.code}`,
  freeShipping: () => 'Free shipping',
}
export const NL: PricingRules = {
  currency: 'EUR',
  vatPercentageHigh: 21,
  vatPercentageLow: 9,
  shippingRates: [
    { shippingMethod: 0, priceCents: 695, freeFromCents: 5000 },
    { shippingMethod: 1, priceCents: 495, freeFromCents: 5000 },
  ],
  paymentCosts: [{ paymentMethodId: 3, costCents: 29 }],
  promotions: [],
}
export const line = (p: CatalogueProduct, count: number) => ({
  item: { productId: p.productId, productVariantId: p.variants[0]!.productVariantId, count, rqsSamples: [] },
  product: p,
})
export const input = (overrides: Partial<CalculationInput>): CalculationInput => ({
  lines: [],
  rules: NL,
  discount: null,
  shippingMethod: 0,
  paymentMethodId: null,
  now: NOW,
  texts: TEXTS,
  ...overrides,
})
export const code = (rule: Partial<DiscountCodeRule>): CalculationInput['discount'] => {
  const full = {
    code: 'WELKOM10',
    kind: 'percentage',
    value: 10,
    minimumOrderCents: 0,
    validFrom: null,
    validTo: null,
    ...rule,
  } as const
  return { code: full.code, rule: full }
}
