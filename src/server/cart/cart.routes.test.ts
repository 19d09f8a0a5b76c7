import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CartCalculationSchema } from '../../domain/cart-calculation.ts'
import { CartSchema } from '../../domain/cart.ts'
import { HOSTS, LANG } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { setStock } from '../catalogue/catalogue.repository.ts'
import { issueImpersonationKey } from './cart-maintenance.ts'
import {
  SPORT_MUESLI,
  APPLE_TREATS,
  BRUSH,
  FLEECE_115,
  HAY_NET,
  CALMING_3KG,
  PADDOCK_PURE_ONLY,
  QUICK_SCAN,
  SPORT_BUNDLE,
  DATETIME,
  UNKNOWN_CART,
  useCartApi,
} from './cart-test-setup.ts'
const frBE = JSON.parse(readFileSync(new URL('../../../locales/fr-BE.json', import.meta.url), 'utf8')) as {
  messages: { stockWarning: string }
}

describe.each(DIALECTS)('cart API on %s', (dialect) => {
  const { current, db, request, newCart, cartOf, ok, add, lines, expectError, refusedUnchanged } = useCartApi(dialect)

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

    it('refuses more than the stock with the API’s message, translated, and leaves the cart as it was', async () => {
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

  describe('every required parameter is checked: “The parameter … must be defined.”', () => {
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
