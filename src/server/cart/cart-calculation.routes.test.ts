import { describe, expect, it } from 'vitest'
import { CartCalculation2Schema, RecommendationsSchema, ShippingMethodsSchema } from '../../domain/cart-api.ts'
import { CartCalculationSchema, PricingRulesSchema } from '../../domain/cart-calculation.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { setStock } from '../catalogue/catalogue.repository.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { SPORT_MUESLI, APPLE_TREATS, BRUSH, PADDOCK_PURE_ONLY, DATETIME, useCartApi } from './cart-test-setup.ts'

describe.each(DIALECTS)('cart calculation API on %s', (dialect) => {
  const { current, db, request, newCart, ok, add, expectError } = useCartApi(dialect)

  describe('calculation', () => {
    it('prices a stored cart: promotions, free products, shipping under the threshold, VAT per rate', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, APPLE_TREATS, 3))
      await ok(add(id, BRUSH, 2))
      const res = await request('POST', `/api/cartcalculation/${id}/calculate`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const calculation = CartCalculationSchema.parse(res.json())
      // Treats: 3 × 5.95 = 17.85 and one free; brushes: 2 × 9.95 = 19.90 less 15% (2.985 → 2.99) = 16.91.
      expect(
        calculation.products.map((l) => [l.productVariantId, l.quantity, l.originalAmount, l.totalAmount]),
      ).toEqual([
        [APPLE_TREATS, 3, 1785, 1785],
        [BRUSH, 2, 1990, 1691],
      ])
      expect(calculation.products[0]!.freeProducts).toMatchObject([
        { quantity: 1, originalAmount: 595, promotionText: '3 + 1 gratis' },
      ])
      expect(calculation.products[1]!.productDiscounts).toEqual([
        { description: '15% korting', promotionKey: 'brushes-15', amount: 299 },
      ])
      expect(calculation.products[1]!.productLabel).toBe('Stuk · 180 g · marineblauw')
      expect(calculation).toMatchObject({
        currency: 'EUR',
        subTotalAmount: 3476,
        shippingCosts: 695,
        totalAmount: 4171,
      })
      expect(calculation.vatAmountLow + calculation.vatAmountHigh).toBe(
        calculation.totalAmount - calculation.totalAmountExclVat,
      )
    })

    it('prices a described cart without storing anything, leaving out what the site does not sell', async () => {
      const res = await request('POST', '/api/cartcalculation/calculate', {
        body: {
          products: [
            { productVariantId: SPORT_MUESLI, count: 2 },
            { productVariantId: PADDOCK_PURE_ONLY, count: 1 },
          ],
          discountCode: 'WELKOM10',
          shippingMethod: 1,
        },
      })
      expect(res.statusCode, res.body).toBe(200)
      const calculation = CartCalculationSchema.parse(res.json())
      expect(calculation.products.map((l) => l.productVariantId)).toEqual([SPORT_MUESLI])
      // 65.90 less 10% = 59.31: free pickup-point delivery from 50.00.
      expect(calculation).toMatchObject({
        subTotalAmount: 6590,
        orderDiscounts: [{ amount: 659 }],
        shippingCosts: 0,
        totalAmount: 5931,
      })
    })

    it.each([
      [{ products: [{ productVariantId: 1, count: 0 }] }],
      [{ products: [{ productVariantId: 1, count: 1.5 }] }],
      [{ products: 'all of them' }],
      [{ products: Array.from({ length: 101 }, (_, i) => ({ productVariantId: i + 1, count: 1 })) }],
      [{ products: [], shippingMethod: 7 }],
      [{ products: [], paymentMethodId: -3 }],
    ])('refuses the described cart %j with 400', async (body) => {
      expectError(await request('POST', '/api/cartcalculation/calculate', { body }), 400, 'invalidBody')
    })

    it('answers calculate2 with the cart, its calculation and what changed about its lines', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI, 5))
      await ok(add(id, BRUSH))
      await setStock(db(), SPORT_MUESLI, 3, new Date(DATETIME))
      await setStock(db(), BRUSH, 0, new Date(DATETIME))
      await current().app.context.catalogue.refresh()
      const res = await request('POST', `/api/cartcalculation/${id}/calculate2`)
      const answer = CartCalculation2Schema.parse(res.json())
      expect(answer.cart.shoppingcartId).toBe(id)
      expect(answer.calculation.products).toHaveLength(2)
      expect(answer.notices).toEqual([
        { productVariantId: SPORT_MUESLI, kind: 'onlyInStock', amount: 3 },
        { productVariantId: BRUSH, kind: 'outOfStock', amount: null },
      ])
      await setStock(db(), SPORT_MUESLI, 214, new Date(DATETIME))
      await setStock(db(), BRUSH, 214, new Date(DATETIME))
      await current().app.context.catalogue.refresh()
    })

    it('lists the delivery methods with what they cost this cart', async () => {
      const { shoppingcartId: id } = await newCart()
      const empty = ShippingMethodsSchema.parse((await request('GET', `/api/cart/${id}/shippingmethods`)).json())
      expect(empty).toEqual([
        { shippingMethod: 0, price: 695, priceExVat: 574 },
        { shippingMethod: 1, price: 495, priceExVat: 409 },
      ])
      await ok(add(id, SPORT_MUESLI, 2))
      const free = ShippingMethodsSchema.parse((await request('GET', `/api/cart/${id}/shippingmethods`)).json())
      expect(free.map((o) => o.price)).toEqual([0, 0])
    })

    it('serves the site’s pricing rules for the app’s offline totals', async () => {
      const rules = PricingRulesSchema.parse((await request('GET', '/api/cart/pricing')).json())
      expect(rules).toMatchObject({ currency: 'EUR', vatPercentageHigh: 21, vatPercentageLow: 9 })
      expect(rules.promotions.map((p) => p.key)).toEqual(['treats-3-plus-1', 'brushes-15', 'omega-oil-10'])
      const danish = PricingRulesSchema.parse((await request('GET', '/api/cart/pricing', { host: HOSTS.dk })).json())
      expect(danish).toMatchObject({ currency: 'DKK', shippingRates: [{ priceCents: 6900 }, { priceCents: 4900 }] })
    })

    it('recommends up to four products that are not in the cart', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      const recommended = RecommendationsSchema.parse((await request('GET', `/api/cart/${id}/recommendations`)).json())
      expect(recommended.length).toBeGreaterThan(0)
      expect(recommended.length).toBeLessThanOrEqual(4)
      expect(recommended.map((p) => p.productId)).not.toContain(1)
    })
  })
})
