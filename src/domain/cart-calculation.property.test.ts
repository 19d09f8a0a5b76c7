// Property tests: for any cart, rules, promotions and code, the totals hold together.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { product, variant } from '../../tests/helpers/catalogue-fixtures.ts'
import { code, input, line, NL } from '../../tests/helpers/cart-calculation-fixtures.ts'
import { CartCalculationSchema, type DiscountCodeRule, type Promotion } from './cart-calculation.ts'
import { calculateCart, type CalculationInput } from './cart-pricing.ts'

const vatRate = fc.constantFrom(0, 6, 9, 12, 13.5, 19, 21, 25)
const arbitraryProduct = (id: number) =>
  fc
    .record({
      productType: fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<1 | 2 | 3 | 4 | 5 | 6>,
      vatType: fc.constantFrom('low', 'high') as fc.Arbitrary<'low' | 'high'>,
      price: fc.integer({ min: 1, max: 500_000 }),
    })
    .map(({ productType, vatType, price }) =>
      product(id, { productType, vatType, variants: [variant(id * 100 + 1, { price })] }),
    )
const arbitraryPromotion = (variantIds: number[]): fc.Arbitrary<Promotion> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('buyXGetYFree' as const),
      key: fc.constant('free'),
      buy: fc.integer({ min: 1, max: 5 }),
      free: fc.integer({ min: 1, max: 3 }),
      productVariantIds: fc.subarray(variantIds),
      validFrom: fc.constant(null),
      validTo: fc.constant(null),
    }),
    fc.record({
      kind: fc.constant('percentageOff' as const),
      key: fc.constant('off'),
      percentage: fc.integer({ min: 1, max: 100 }),
      productVariantIds: fc.subarray(variantIds),
      validFrom: fc.constant(null),
      validTo: fc.constant(null),
    }),
  )
const arbitraryInput: fc.Arbitrary<CalculationInput> = fc
  .integer({ min: 0, max: 6 })
  .chain((count) =>
    fc.tuple(...Array.from({ length: count }, (_, i) => arbitraryProduct(i + 1))).chain((products) => {
      const variantIds = products.map((p) => p.variants[0]!.productVariantId)
      return fc.record({
        lines: fc.tuple(...products.map((p) => fc.integer({ min: 1, max: 999 }).map((n) => line(p, n)))),
        high: vatRate,
        low: vatRate,
        shipping: fc.integer({ min: 0, max: 5000 }),
        freeFrom: fc.option(fc.integer({ min: 0, max: 500_000 })),
        payment: fc.integer({ min: 0, max: 500 }),
        paymentMethodId: fc.option(fc.constant(3)),
        promotions: fc.array(arbitraryPromotion(variantIds), { maxLength: 3 }),
        discount: fc.option(
          fc.record({
            kind: fc.constantFrom('percentage', 'fixedAmount', 'freeShipping') as fc.Arbitrary<
              DiscountCodeRule['kind']
            >,
            value: fc.integer({ min: 0, max: 100_000 }),
            minimumOrderCents: fc.integer({ min: 0, max: 100_000 }),
          }),
        ),
        shippingMethod: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
      })
    }),
  )
  .map((g) =>
    input({
      lines: [...g.lines],
      rules: {
        ...NL,
        vatPercentageHigh: g.high,
        vatPercentageLow: g.low,
        shippingRates: [{ shippingMethod: 0, priceCents: g.shipping, freeFromCents: g.freeFrom }],
        paymentCosts: [{ paymentMethodId: 3, costCents: g.payment }],
        promotions: g.promotions,
      },
      discount: g.discount
        ? code({ ...g.discount, value: g.discount.kind === 'percentage' ? g.discount.value % 101 : g.discount.value })
        : null,
      shippingMethod: g.shippingMethod,
      paymentMethodId: g.paymentMethodId,
    }),
  )

describe('the cart calculation, for any cart', () => {
  it('adds up: lines to the subtotal, discounts and costs to the total, VAT per rate to the VAT', () => {
    fc.assert(
      fc.property(arbitraryInput, (calculation) => {
        const result = calculateCart(calculation)
        const sum = (amounts: { amount: number }[]) => amounts.reduce((s, d) => s + d.amount, 0)
        expect(result.subTotalAmount).toBe(result.products.reduce((s, l) => s + l.totalAmount, 0))
        for (const l of result.products) expect(l.totalAmount).toBe(l.originalAmount - sum(l.productDiscounts))
        expect(result.shippingCosts).toBe(result.originalShippingCosts - sum(result.shippingDiscounts))
        expect(result.totalAmount).toBe(
          result.subTotalAmount - sum(result.orderDiscounts) + result.shippingCosts + result.paymentCosts,
        )
        expect(result.vatAmountLow + result.vatAmountHigh).toBe(result.totalAmount - result.totalAmountExclVat)
        expect(CartCalculationSchema.safeParse(result).success).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('never has a negative amount, and VAT never above what it is part of', () => {
    fc.assert(
      fc.property(arbitraryInput, (calculation) => {
        const result = calculateCart(calculation)
        const amounts = [
          result.subTotalAmount,
          result.totalAmount,
          result.totalAmountExclVat,
          result.vatAmountLow,
          result.vatAmountHigh,
          result.shippingCosts,
          result.originalShippingCosts,
          result.shippingCostsExclVat,
          result.paymentCosts,
          ...result.orderDiscounts.map((d) => d.amount),
          ...result.shippingDiscounts.map((d) => d.amount),
          ...result.products.flatMap((l) => [
            l.originalAmount,
            l.totalAmount,
            l.vatAmount,
            ...l.productDiscounts.map((d) => d.amount),
          ]),
        ]
        for (const amount of amounts) expect(amount).toBeGreaterThanOrEqual(0)
        expect(result.vatAmountLow + result.vatAmountHigh).toBeLessThanOrEqual(result.totalAmount)
        expect(result.shippingCostsExclVat).toBeLessThanOrEqual(result.shippingCosts)
        for (const l of result.products) expect(l.vatAmount).toBeLessThanOrEqual(l.totalAmount)
      }),
      { numRuns: 500 },
    )
  })

  it('never charges for free products: the same cart without its free-product promotions costs the same', () => {
    fc.assert(
      fc.property(arbitraryInput, (calculation) => {
        const result = calculateCart(calculation)
        const paidOnly = calculateCart({
          ...calculation,
          rules: {
            ...calculation.rules,
            promotions: calculation.rules.promotions.filter((p) => p.kind !== 'buyXGetYFree'),
          },
        })
        expect(result.totalAmount).toBe(paidOnly.totalAmount)
        expect(result.vatAmountHigh + result.vatAmountLow).toBe(paidOnly.vatAmountHigh + paidOnly.vatAmountLow)
        for (const l of result.products)
          expect(l.originalAmount).toBe(
            l.quantity *
              calculation.lines.find((x) => x.item.productVariantId === l.productVariantId)!.product.variants[0]!.price,
          )
      }),
      { numRuns: 300 },
    )
  })

  it('leaves its input as it was and answers the same every time', () => {
    fc.assert(
      fc.property(arbitraryInput, (calculation) => {
        const { texts, now, ...data } = calculation
        const before = structuredClone(data)
        const first = calculateCart(calculation)
        expect(calculateCart({ ...structuredClone(data), texts, now })).toEqual(first)
        expect(data).toEqual(before)
      }),
      { numRuns: 100 },
    )
  })
})
