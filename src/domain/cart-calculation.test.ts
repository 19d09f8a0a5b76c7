import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { product, variant } from '../../tests/helpers/catalogue-fixtures.ts'
import { code, input, line, NL, NOW } from '../../tests/helpers/cart-calculation-fixtures.ts'
import { CartCalculationSchema, type DiscountCodeRule, type Promotion } from './cart-calculation.ts'
import { allocate, calculateCart, vatIn } from './cart-pricing.ts'
import { freeQuantity } from './promotions.ts'
import { roundCents } from './currency.ts'
import { cartQuantityCount } from './cart.ts'

const FEED = product(1, { vatType: 'low', variants: [variant(101, { price: 3295 })] })
const BLANKET = product(2, { productType: 3, vatType: 'high', variants: [variant(201, { price: 1995 })] })
const SCAN = product(53, { productType: 4, vatType: 'high', variants: [variant(5301, { price: 3950 })] })

describe('the cart calculation', () => {
  it('works out a cart above the free-shipping amount: VAT per rate from the inclusive prices', () => {
    const result = calculateCart(input({ lines: [line(FEED, 2), line(BLANKET, 1)] }))
    expect(CartCalculationSchema.parse(result)).toEqual(result)
    expect(result).toMatchObject({
      subTotalAmount: 8585,
      originalShippingCosts: 695,
      shippingDiscounts: [{ promotionKey: 'freeShipping', amount: 695 }],
      shippingCosts: 0,
      paymentCosts: 0,
      totalAmount: 8585,
      vatAmountLow: 544, // 6590 × 9 / 109 = 544.13
      vatAmountHigh: 346, // 1995 × 21 / 121 = 346.24
      totalAmountExclVat: 7695,
      shippingCostsExclVat: 0,
    })
    expect(result.products[0]).toMatchObject({
      quantity: 2,
      originalAmount: 6590,
      totalAmount: 6590,
      vatRatePercentage: 9,
      vatAmount: 544,
      vatType: 'low',
    })
  })

  it('shares a code’s discount, shipping and payment costs over the VAT rates, to the cent', () => {
    const result = calculateCart(
      input({ lines: [line(FEED, 1), line(BLANKET, 1)], discount: code({}), paymentMethodId: 3 }),
    )
    // 10% of 5 290 = 529, shared 330 / 199; goods 4 761 are under 50.00, so shipping 6.95 (433 / 262) and 0.29 for
    // paying (18 / 11) follow them.
    expect(result).toMatchObject({
      subTotalAmount: 5290,
      orderDiscounts: [{ description: 'Code WELKOM10', promotionKey: 'code:WELKOM10', amount: 529 }],
      shippingCosts: 695,
      paymentCosts: 29,
      totalAmount: 5485,
      vatAmountLow: 282, // (2 965 + 433 + 18) × 9 / 109 = 282.06
      vatAmountHigh: 359, // (1 796 + 262 + 11) × 21 / 121 = 359.08
      totalAmountExclVat: 4844,
      shippingCostsExclVat: 614, // 695 − 36 − 45
      discountCode: { code: 'WELKOM10', status: 'applied' },
    })
  })

  it('gives free products with a promotion, counts them in the quantity and charges nothing for them', () => {
    const threeForTwo: Promotion = {
      kind: 'buyXGetYFree',
      key: 'feed-3-1',
      buy: 3,
      free: 1,
      productVariantIds: [101],
      validFrom: null,
      validTo: null,
    }
    const rules = { ...NL, promotions: [threeForTwo] }
    const result = calculateCart(input({ lines: [line(FEED, 7)], rules }))
    expect(result.products[0]!.freeProducts).toEqual([
      {
        productId: 1,
        productVariantId: 101,
        description: 'Product 1',
        productLabel: 'bag 20000',
        promotionText: '3 + 1 free',
        quantity: 2,
        originalAmount: 6590,
      },
    ])
    expect(result.subTotalAmount).toBe(7 * 3295)
    expect(cartQuantityCount(result.products)).toBe(9)
    expect(freeQuantity(rules, 101, 7, NOW)).toBe(2)
    expect(freeQuantity(rules, 101, 2, NOW)).toBe(0)
  })

  it('takes a percentage off a product, rounded half away from zero, and only while the promotion runs', () => {
    const off: Promotion = {
      kind: 'percentageOff',
      key: 'blanket-15',
      percentage: 15,
      productVariantIds: [201],
      validFrom: '2026-11-01T00:00:00Z',
      validTo: '2026-12-01T00:00:00Z',
    }
    const during = calculateCart(input({ lines: [line(BLANKET, 3)], rules: { ...NL, promotions: [off] } }))
    // 15% of 5 985 = 897.75 → 898
    expect(during.products[0]).toMatchObject({
      originalAmount: 5985,
      totalAmount: 5087,
      productDiscounts: [{ promotionKey: 'blanket-15', amount: 898 }],
    })
    const after = calculateCart(
      input({ lines: [line(BLANKET, 3)], rules: { ...NL, promotions: [off] }, now: new Date('2026-12-01T00:00:00Z') }),
    )
    expect(after.products[0]!.productDiscounts).toEqual([])
  })

  it.each<[string, Partial<DiscountCodeRule>, Date, string]>([
    ['below its minimum order', { minimumOrderCents: 10_000 }, NOW, 'minimumNotMet'],
    ['after it ran out', { validTo: '2026-11-01T00:00:00Z' }, NOW, 'expired'],
    ['before it starts', { validFrom: '2026-12-01T00:00:00Z' }, NOW, 'notYetValid'],
  ])('applies no code %s, and says why', (_, rule, now, status) => {
    const result = calculateCart(input({ lines: [line(FEED, 1)], discount: code(rule), now }))
    expect(result.orderDiscounts).toEqual([])
    expect(result.discountCode).toMatchObject({ status })
    expect(result.totalAmount).toBe(3295 + 695)
  })

  it('says a code the site does not have is unknown', () => {
    const result = calculateCart(input({ lines: [line(FEED, 1)], discount: { code: 'NOPE', rule: null } }))
    expect(result.discountCode).toEqual({ code: 'NOPE', status: 'unknown', rule: null })
  })

  it('takes a fixed amount off, never more than the goods, and a free-shipping code takes the shipping', () => {
    const fixed = calculateCart(
      input({ lines: [line(BLANKET, 1)], discount: code({ code: 'VIJF', kind: 'fixedAmount', value: 2500 }) }),
    )
    expect(fixed).toMatchObject({
      subTotalAmount: 1995,
      orderDiscounts: [{ amount: 1995 }],
      totalAmount: 695,
      vatAmountLow: 0,
      vatAmountHigh: 121,
    })
    const free = calculateCart(
      input({ lines: [line(BLANKET, 1)], discount: code({ code: 'GRATIS', kind: 'freeShipping', value: 0 }) }),
    )
    expect(free).toMatchObject({
      shippingCosts: 0,
      shippingDiscounts: [{ promotionKey: 'code:GRATIS', amount: 695 }],
      totalAmount: 1995,
    })
  })

  it('ships nothing for scan samples only, nor for an empty cart', () => {
    expect(calculateCart(input({ lines: [line(SCAN, 2)], paymentMethodId: 3 }))).toMatchObject({
      originalShippingCosts: 0,
      shippingCosts: 0,
      paymentCosts: 29,
      totalAmount: 7929,
    })
    expect(calculateCart(input({ paymentMethodId: 3 }))).toMatchObject({
      totalAmount: 0,
      shippingCosts: 0,
      paymentCosts: 0,
      vatAmountHigh: 0,
      vatAmountLow: 0,
    })
  })

  it('handles a VAT rate with a fraction (Ireland’s 13.5 %)', () => {
    const result = calculateCart(input({ lines: [line(FEED, 1)], rules: { ...NL, vatPercentageLow: 13.5 } }))
    expect(result.vatAmountLow).toBe(Math.round(((3295 + 695) * 13.5) / 113.5))
  })
})

describe('money helpers', () => {
  it.each([
    [0.5, 1],
    [1.5, 2],
    [-0.5, -1],
    [2.4999, 2],
  ])('rounds %d half away from zero to %d', (value, rounded) => expect(roundCents(value)).toBe(rounded))

  it('finds the VAT inside an inclusive amount', () => {
    expect(vatIn(121, 21)).toBe(21)
    expect(vatIn(109, 9)).toBe(9)
    expect(vatIn(0, 21)).toBe(0)
  })

  it('splits whole cents by the largest remainder, adding up exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        (total, weights) => {
          const parts = allocate(total, weights)
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
          for (const part of parts) expect(part).toBeGreaterThanOrEqual(0)
          const sum = weights.reduce((a, b) => a + b, 0)
          // Each part is within a cent of its exact share (with no weights, all goes to the first).
          const exact = weights.map((w, i) => (sum > 0 ? (total * w) / sum : i === 0 ? total : 0))
          for (const [i, part] of parts.entries()) expect(Math.abs(part - exact[i]!)).toBeLessThan(1)
        },
      ),
    )
  })
})
