import { readFileSync } from 'node:fs'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CartCalculation2Schema, RecommendationsSchema, ShippingMethodsSchema } from '../../domain/cart-api.ts'
import { CartCalculationSchema, PricingRulesSchema } from '../../domain/cart-calculation.ts'
import { CartSchema, type Cart } from '../../domain/cart.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { setStock } from '../catalogue/catalogue.repository.ts'
import { issueImpersonationKey } from './cart-maintenance.ts'

const frBE = JSON.parse(readFileSync(new URL('../../../locales/fr-BE.json', import.meta.url), 'utf8')) as {
  messages: { stockWarning: string }
}

// Seeded variants (product id × 100 + position): see src/server/db/seed/catalogue/products.json.
const SPORT_MUESLI = 101 // 32.95, 214 in stock, low VAT
const APPLE_TREATS = 3001 // 5.95, "3 + 1 free"
const BRUSH = 3401 // 9.95, 15% off in November 2026, high VAT
const FLEECE_115 = 3601 // none in stock
const HAY_NET = 4001 // not yet available
const CALMING_3KG = 2302 // 1 in stock
const PADDOCK_PURE_ONLY = 4101
const QUICK_SCAN = 5301 // a sample product
const SPORT_BUNDLE = 5701
const DATETIME = '2026-11-25T12:00:00Z'
const UNKNOWN_CART = '9b2f9d3e-3c6a-4b8e-9a51-1d2c3b4a5f60'

describe.each(DIALECTS)('cart API on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const db = () => current().database.handle.db

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { body?: object; host?: string; headers?: Record<string, string> } = {},
  ) =>
    current().app.inject({
      method,
      url,
      ...(options.body ? { payload: options.body } : {}),
      headers: { host: options.host ?? HOSTS.nl, datetime: DATETIME, ...options.headers },
    })

  async function newCart(host: string = HOSTS.nl): Promise<Cart> {
    const res = await request('POST', '/api/cart', { host })
    expect(res.statusCode, res.body).toBe(200)
    return CartSchema.parse(res.json())
  }
  async function cartOf(id: string, host: string = HOSTS.nl): Promise<Cart> {
    const res = await request('GET', `/api/cart/${id}`, { host })
    expect(res.statusCode, res.body).toBe(200)
    return CartSchema.parse(res.json())
  }
  async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
    const answer = await res
    expect(answer.statusCode, answer.body).toBe(204)
  }
  const add = (id: string, variant: number, quantity?: number, host?: string) =>
    request('POST', `/api/cart/${id}/products?productVariantId=${variant}${quantity ? `&quantity=${quantity}` : ''}`, {
      host,
    })
  const lines = (cart: Cart) => cart.products.map((p) => [p.productVariantId, p.count])
  function expectError(res: LightMyRequestResponse, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status)
    const body = ApiErrorSchema.parse(res.json())
    expect(body.code).toBe(code)
    expect(body.localizedMessage.trim()).not.toBe('')
    expect(body.localizedMessage).not.toMatch(/^errors\./)
    return body
  }
  /** Runs a request that must be refused, and checks the cart is exactly as it was. */
  async function refusedUnchanged(
    id: string,
    run: () => Promise<LightMyRequestResponse>,
    status: number,
    code: string,
  ) {
    const before = await cartOf(id)
    const body = expectError(await run(), status, code)
    expect(await cartOf(id)).toEqual(before)
    return body
  }

  describe('create and get', () => {
    it('creates an empty cart of the site and language with an unguessable id, never cached', async () => {
      const res = await request('POST', '/api/cart', { headers: { languageid: String(LANG.nl) } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const cart = CartSchema.parse(res.json())
      expect(cart).toMatchObject({
        siteId: 1,
        languageId: LANG.nl,
        products: [],
        discountCode: null,
        scanProductsOnly: false,
      })
      expect(cart.shoppingcartId).toMatch(/^[0-9a-f-]{36}$/)
      expect((await newCart()).shoppingcartId).not.toBe(cart.shoppingcartId)
      const again = await request('GET', `/api/cart/${cart.shoppingcartId}`)
      expect(again.headers['cache-control']).toBe('no-store')
      expect(CartSchema.parse(again.json())).toEqual(cart)
    })

    it('keeps carts apart per site: another site’s cart is not found', async () => {
      const cart = await newCart(HOSTS.be)
      expectError(await request('GET', `/api/cart/${cart.shoppingcartId}`), 404, 'cartNotFound')
      expect((await cartOf(cart.shoppingcartId, HOSTS.be)).siteId).toBe(2)
    })

    it.each([
      ['an unknown id', UNKNOWN_CART, 404, 'cartNotFound'],
      ['a malformed id', 'not-a-cart', 400, 'invalidParameter'],
      ['a number', '12', 400, 'invalidParameter'],
    ])('answers %s with %i', async (_, id, status, code) => {
      expectError(await request('GET', `/api/cart/${id}`), status, code)
    })

    it('has no cart on the corporate site, which sells nothing', async () => {
      expectError(await request('POST', '/api/cart', { host: HOSTS.corporate }), 404, 'cartNotAvailable')
    })
  })

  describe('products', () => {
    it('adds one when no quantity is given, adds up when added again, and keeps the order', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      await ok(add(id, BRUSH, 2))
      await ok(add(id, SPORT_MUESLI, 3))
      const cart = await cartOf(id)
      expect(lines(cart)).toEqual([
        [SPORT_MUESLI, 4],
        [BRUSH, 2],
      ])
      expect(cart.products[0]!.productId).toBe(1)
    })

    it('changes a quantity (and through the deprecated PUT) and removes a line', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      await ok(add(id, BRUSH))
      await ok(request('POST', `/api/cart/${id}/products/${SPORT_MUESLI}?quantity=5`))
      await ok(request('PUT', `/api/cart/${id}/products-deprecated/${BRUSH}?quantity=3`))
      expect(lines(await cartOf(id))).toEqual([
        [SPORT_MUESLI, 5],
        [BRUSH, 3],
      ])
      await ok(request('DELETE', `/api/cart/${id}/products/${SPORT_MUESLI}`))
      expect(lines(await cartOf(id))).toEqual([[BRUSH, 3]])
    })

    it('refuses more than the stock with the spec’s message, translated, and leaves the cart as it was', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, CALMING_3KG))
      const body = await refusedUnchanged(id, () => add(id, CALMING_3KG), 409, 'insufficientStock')
      expect(body.params).toEqual({ amount: '1' })
      expect(body.localizedMessage).toBe('Nog maar 1 op voorraad')
      // The same refusal on the Belgian site in French.
      const belgian = await newCart(HOSTS.be)
      await ok(add(belgian.shoppingcartId, CALMING_3KG, 1, HOSTS.be))
      const french = await request('POST', `/api/cart/${belgian.shoppingcartId}/products/${CALMING_3KG}?quantity=2`, {
        host: HOSTS.be,
        headers: { languageid: String(LANG['fr-BE']) },
      })
      expect(french.json()).toMatchObject({
        code: 'insufficientStock',
        localizedMessage: frBE.messages.stockWarning.replace('{{amount}}', '1'),
      })
    })

    it('counts free products against the stock: 3 + 1 free needs 4 in stock', async () => {
      const { shoppingcartId: id } = await newCart()
      await setStock(db(), APPLE_TREATS, 3, new Date(DATETIME))
      await current().app.context.catalogue.refresh()
      await ok(add(id, APPLE_TREATS, 2))
      expectError(
        await request('POST', `/api/cart/${id}/products/${APPLE_TREATS}?quantity=3`),
        409,
        'insufficientStock',
      )
      await setStock(db(), APPLE_TREATS, 366, new Date(DATETIME))
      await current().app.context.catalogue.refresh()
    })

    it.each([
      ['a variant out of stock', FLEECE_115, 409, 'outOfStock'],
      ['a product not yet available', HAY_NET, 409, 'productNotAvailable'],
      ['a variant this site does not sell', PADDOCK_PURE_ONLY, 404, 'variantNotSold'],
      ['a variant that does not exist', 999_999, 404, 'variantNotSold'],
    ])('refuses %s and leaves the cart as it was', async (_, variant, status, code) => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      await refusedUnchanged(id, () => add(id, variant), status, code)
    })

    it.each([
      ['quantity=0', 'invalidParameter'],
      ['quantity=-1', 'invalidParameter'],
      ['quantity=1.5', 'invalidParameter'],
      ['quantity=1000', 'invalidParameter'],
      ['quantity=abc', 'invalidParameter'],
      ['quantity=99999999999999999999', 'invalidParameter'],
    ])('refuses %s with 400 and leaves the cart as it was', async (query, code) => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      await refusedUnchanged(
        id,
        () => request('POST', `/api/cart/${id}/products?productVariantId=${SPORT_MUESLI}&${query}`),
        400,
        code,
      )
      await refusedUnchanged(id, () => request('POST', `/api/cart/${id}/products/${SPORT_MUESLI}?${query}`), 400, code)
    })

    it('answers a change of a line that is not in the cart with 404', async () => {
      const { shoppingcartId: id } = await newCart()
      await refusedUnchanged(
        id,
        () => request('POST', `/api/cart/${id}/products/${BRUSH}?quantity=2`),
        404,
        'lineNotFound',
      )
      await refusedUnchanged(id, () => request('DELETE', `/api/cart/${id}/products/${BRUSH}`), 404, 'lineNotFound')
    })

    it('changes nothing in a cart of another site or in a cart that does not exist', async () => {
      const { shoppingcartId: id } = await newCart(HOSTS.be)
      expectError(await add(id, SPORT_MUESLI), 404, 'cartNotFound')
      expect((await cartOf(id, HOSTS.be)).products).toEqual([])
      expectError(await add(UNKNOWN_CART, SPORT_MUESLI), 404, 'cartNotFound')
    })

    it('adds a bundle by its variant, and refuses a variant that is no bundle', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(request('POST', `/api/cart/${id}/productbundles?productVariantBundleId=${SPORT_BUNDLE}&quantity=2`))
      expect(lines(await cartOf(id))).toEqual([[SPORT_BUNDLE, 2]])
      await refusedUnchanged(
        id,
        () => request('POST', `/api/cart/${id}/productbundles?productVariantBundleId=${SPORT_MUESLI}&quantity=1`),
        400,
        'invalidParameter',
      )
    })
  })

  describe('scan samples', () => {
    it('numbers samples, names them, removes one by sequence, and marks a scan-only cart', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, QUICK_SCAN, 3))
      await ok(
        request('POST', `/api/cart/${id}/rqssamplename?productVariantId=${QUICK_SCAN}&sequence=1&samplename=Weide%201`),
      )
      await ok(
        request(
          'POST',
          `/api/cart/${id}/rqssamplename?productVariantId=${QUICK_SCAN}&sequence=3&samplename=Hooi%202025`,
        ),
      )
      await ok(request('DELETE', `/api/cart/${id}/products/${QUICK_SCAN}/2`))
      const cart = await cartOf(id)
      expect(cart.products).toEqual([
        {
          productId: 53,
          productVariantId: QUICK_SCAN,
          count: 2,
          rqsSamples: [
            { sequence: 1, sampleName: 'Weide 1' },
            { sequence: 2, sampleName: 'Hooi 2025' },
          ],
        },
      ])
      expect(cart.scanProductsOnly).toBe(true)
      await refusedUnchanged(
        id,
        () => request('DELETE', `/api/cart/${id}/products/${QUICK_SCAN}/9`),
        404,
        'sampleNotFound',
      )
      await ok(add(id, SPORT_MUESLI))
      expect((await cartOf(id)).scanProductsOnly).toBe(false)
    })
  })

  describe('discount codes', () => {
    it('sets a code in any case, shows it in the calculation, and removes it', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      await ok(request('POST', `/api/cart/${id}/discountcode?code=welkom10`))
      expect((await cartOf(id)).discountCode).toBe('WELKOM10')
      const calculation = CartCalculationSchema.parse(
        (await request('POST', `/api/cartcalculation/${id}/calculate`)).json(),
      )
      expect(calculation.orderDiscounts).toEqual([
        { description: 'Kortingscode WELKOM10', promotionKey: 'code:WELKOM10', amount: 330 },
      ])
      expect(calculation.discountCode).toMatchObject({ code: 'WELKOM10', status: 'applied' })
      await ok(request('DELETE', `/api/cart/${id}/discountcode`))
      expect((await cartOf(id)).discountCode).toBeNull()
    })

    it.each([
      ['an unknown code', 'NOPE', 404, 'discountCodeUnknown'],
      ['an expired code', 'ZOMER2025', 409, 'discountCodeExpired'],
      ['a code not valid yet', 'VOORJAAR2027', 409, 'discountCodeNotYetValid'],
      ['another site’s code', 'WILLKOMMEN10', 404, 'discountCodeUnknown'],
      ['a malformed code', 'a%20b', 400, 'invalidParameter'],
      ['a code of 41 characters', 'A'.repeat(41), 400, 'invalidParameter'],
    ])('refuses %s and leaves the cart as it was', async (_, code, status, errorCode) => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      await ok(request('POST', `/api/cart/${id}/discountcode?code=STAL5`))
      await refusedUnchanged(id, () => request('POST', `/api/cart/${id}/discountcode?code=${code}`), status, errorCode)
    })

    it('keeps a code below its minimum order, and says so in the calculation', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, APPLE_TREATS))
      await ok(request('POST', `/api/cart/${id}/discountcode?code=STAL5`))
      const calculation = CartCalculationSchema.parse(
        (await request('POST', `/api/cartcalculation/${id}/calculate`)).json(),
      )
      expect(calculation).toMatchObject({
        orderDiscounts: [],
        discountCode: { code: 'STAL5', status: 'minimumNotMet' },
      })
    })
  })

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

  describe('checkout details', () => {
    const address = {
      zipcode: '1234 AB',
      street: 'Stalweg',
      streetNumber: '1',
      streetNumberAddition: '',
      city: 'Paardendorp',
      countryId: 1,
    }
    const billing = {
      firstName: 'Anna',
      lastName: 'de Vries',
      phoneNumber: '+31612345678',
      emailAddress: 'anna@example.nl',
      address,
    }

    it('keeps billing, shipping, company, payment, newsletter, dealer and pickup point on the cart', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(request('POST', `/api/cart/${id}/billing`, { body: billing }))
      await ok(request('PUT', `/api/cart/${id}/shipping`, { body: { address, shippingMethod: 0 } }))
      await ok(request('POST', `/api/cart/${id}/alternativeshipping?alternativeShippingAddress=true`))
      await ok(
        request('PUT', `/api/cart/${id}/companyinfo`, {
          body: { companyName: 'Stal de Vries', vatNumber: 'NL123456789B01' },
        }),
      )
      await ok(request('POST', `/api/cart/${id}/payment`, { body: { paymentMethodId: 1 } }))
      await ok(request('POST', `/api/cart/${id}/newsletter?subscribe=true`))
      await ok(request('POST', `/api/cart/${id}/setdealer?dealerId=12`))
      const cart = await cartOf(id)
      expect(cart).toMatchObject({
        billing,
        shipping: { address, shippingMethod: 0 },
        alternativeShippingAddress: true,
        company: { companyName: 'Stal de Vries', vatNumber: 'NL123456789B01' },
        payment: { paymentMethodId: 1 },
        newsletterSubscribe: true,
        dealerId: 12,
      })
      await ok(
        request('POST', `/api/cart/${id}/setdpdpickuppoint?parcelShopId=NL-12345&parcelShopZipcodeOrCity=Utrecht`),
      )
      await ok(request('PUT', `/api/cart/${id}/alternativeshipping-deprecated?alternativeShippingAddress=false`))
      expect(await cartOf(id)).toMatchObject({
        dpdParcelShopId: 'NL-12345',
        dpdParcelShopZipcodeOrCity: 'Utrecht',
        shipping: { shippingMethod: 1 },
        alternativeShippingAddress: false,
      })
    })

    it('keeps a password for the account made at checkout, hashed and never sent back', async () => {
      const { shoppingcartId: id } = await newCart()
      const confirmUrl = encodeURIComponent(`http://${HOSTS.nl}/account/confirm/`)
      await ok(request('POST', `/api/cart/${id}/setpassword?password=hooiberg7&confirmUrl=${confirmUrl}`))
      const row = await db()
        .selectFrom('carts')
        .select(['passwordHash', 'confirmUrl'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.passwordHash).toMatch(/^scrypt\$/)
      expect(row.passwordHash).not.toContain('hooiberg7')
      expect(JSON.stringify((await request('GET', `/api/cart/${id}`)).json())).not.toContain('scrypt')
    })

    it.each<[string, () => [Parameters<typeof request>[0], string, object?], number, string]>([
      [
        'billing without an e-mail address',
        () => ['POST', 'billing', { ...billing, emailAddress: 'nope' }],
        400,
        'invalidBody',
      ],
      [
        'billing in a country that does not exist',
        () => ['POST', 'billing', { ...billing, address: { ...address, countryId: 999 } }],
        400,
        'unknownCountry',
      ],
      [
        'shipping by a method that does not exist',
        () => ['PUT', 'shipping', { address, shippingMethod: 5 }],
        400,
        'invalidBody',
      ],
      [
        'a company without a name',
        () => ['PUT', 'companyinfo', { companyName: '', vatNumber: '' }],
        400,
        'invalidBody',
      ],
      [
        'a payment method the site does not offer',
        () => ['POST', 'payment', { paymentMethodId: 9 }],
        400,
        'unknownPaymentMethod',
      ],
      [
        'a weak password',
        () => [
          'POST',
          `setpassword?password=abcdefgh&confirmUrl=${encodeURIComponent('http://equivera-nl.localhost/x/')}`,
        ],
        400,
        'weakPassword',
      ],
      [
        'a confirmation link to another site',
        () => ['POST', `setpassword?password=hooiberg7&confirmUrl=${encodeURIComponent('https://evil.example/x')}`],
        400,
        'invalidParameter',
      ],
      [
        'a newsletter answer that is no yes or no',
        () => ['POST', 'newsletter?subscribe=maybe'],
        400,
        'invalidParameter',
      ],
      ['a dealer id of zero', () => ['POST', 'setdealer?dealerId=0'], 400, 'invalidParameter'],
    ])('refuses %s and leaves the cart as it was', async (_, make, status, code) => {
      const { shoppingcartId: id } = await newCart()
      const [method, path, body] = make()
      await refusedUnchanged(id, () => request(method, `/api/cart/${id}/${path}`, body ? { body } : {}), status, code)
    })
  })

  describe('SPEC §5: every required parameter is checked with the spec’s message', () => {
    it.each<[Parameters<typeof request>[0], string, string]>([
      ['POST', 'products', 'productVariantId'],
      ['POST', `products/${SPORT_MUESLI}`, 'quantity'],
      ['PUT', `products-deprecated/${SPORT_MUESLI}`, 'quantity'],
      ['POST', 'discountcode', 'code'],
      ['POST', `rqssamplename?sequence=1&samplename=a`, 'productVariantId'],
      ['POST', `rqssamplename?productVariantId=${QUICK_SCAN}&samplename=a`, 'sequence'],
      ['POST', `rqssamplename?productVariantId=${QUICK_SCAN}&sequence=1`, 'samplename'],
      ['POST', 'alternativeshipping', 'alternativeShippingAddress'],
      ['POST', 'newsletter', 'subscribe'],
      ['POST', 'setpassword?confirmUrl=http%3A%2F%2Flocalhost%2F', 'password'],
      ['POST', 'setpassword?password=hooiberg7', 'confirmUrl'],
      ['POST', 'setdealer', 'dealerId'],
      ['POST', 'setdpdpickuppoint?parcelShopZipcodeOrCity=Utrecht', 'parcelShopId'],
      ['POST', 'setdpdpickuppoint?parcelShopId=1', 'parcelShopZipcodeOrCity'],
      ['POST', 'productbundles?quantity=1', 'productVariantBundleId'],
      ['POST', `productbundles?productVariantBundleId=${SPORT_BUNDLE}`, 'quantity'],
    ])('%s …/%s without %s', async (method, path, name) => {
      const { shoppingcartId: id } = await newCart()
      const body = expectError(await request(method, `/api/cart/${id}/${path}`), 400, 'parameterRequired')
      expect(body.message).toBe(`The parameter '${name}' must be defined.`)
    })

    it.each<[Parameters<typeof request>[0], string]>([
      ['GET', '/api/cart/'],
      ['POST', `/api/cart//products?productVariantId=${SPORT_MUESLI}`],
      ['POST', '/api/cartcalculation//calculate'],
    ])('the cart id: %s %s', async (method, url) => {
      const body = expectError(await request(method, url), 400, 'parameterRequired')
      expect(body.message).toBe("The parameter 'id' must be defined.")
    })

    it('the impersonation key', async () => {
      const body = expectError(await request('POST', '/api/cart/impersonate'), 400, 'parameterRequired')
      expect(body.message).toBe("The parameter 'key' must be defined.")
    })
  })

  describe('impersonation', () => {
    it('opens a customer’s cart once with a key issued on the server, and never again', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI, 2))
      const key = await issueImpersonationKey(db(), id, 30, new Date())
      const opened = await request('POST', `/api/cart/impersonate?key=${key}`)
      expect(opened.statusCode, opened.body).toBe(200)
      expect(lines(CartSchema.parse(opened.json()))).toEqual([[SPORT_MUESLI, 2]])
      expectError(await request('POST', `/api/cart/impersonate?key=${key}`), 404, 'impersonationKeyInvalid')
    })

    it('refuses an expired key, a key of another site’s cart and a made-up key', async () => {
      const { shoppingcartId: id } = await newCart()
      const expired = await issueImpersonationKey(db(), id, 1, new Date(Date.now() - 120_000))
      expectError(await request('POST', `/api/cart/impersonate?key=${expired}`), 404, 'impersonationKeyInvalid')
      const belgian = await newCart(HOSTS.be)
      const other = await issueImpersonationKey(db(), belgian.shoppingcartId, 30, new Date())
      expectError(await request('POST', `/api/cart/impersonate?key=${other}`), 404, 'impersonationKeyInvalid')
      expectError(await request('POST', `/api/cart/impersonate?key=${'x'.repeat(32)}`), 404, 'impersonationKeyInvalid')
    })
  })
})
