// The cart's payment step through HTTP on both databases, with the built-in test provider: the methods with their
// costs and banks, the payment selection (issuer checked against the provider), and gift cards checked, kept and
// removed, rate-limited per address and per card.
import { describe, expect, it } from 'vitest'
import { CartCalculationSchema } from '../../domain/cart-calculation.ts'
import { PaymentMethodsSchema } from '../../domain/cart-api.ts'
import { CartSchema, GiftCardCheckSchema } from '../../domain/cart.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { translate } from '../i18n.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { newGiftCard, TEST_PIN } from '../gift-cards/gift-card-test-setup.ts'
import { RATE_LIMITS } from '../rate-limits/rate-limits.ts'
import { TEST_IDEAL_ISSUERS } from '../payments/test-provider.ts'
import { DATETIME, SPORT_MUESLI } from './cart-test-setup.ts'

// The Dutch site's methods (sites.json) and prices (pricing.json): creditcard and PayPal cost € 0.35 there.
const IDEAL = 1
const CREDITCARD = 3
const PAYPAL = 4
const GIFTCARD = 5
const MUESLI_PRICE = 3295

// Each test counts from its own addresses: the rate-limit counters are shared by the tests of a describe block.
let lastNet = 0
const network = () => {
  const net = ++lastNet
  return (host: number) => `10.77.${net}.${host}`
}

describe.each(DIALECTS)('the payment step on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const db = () => current().database.handle.db

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    { body, host = HOSTS.nl, ip }: { body?: object; host?: string; ip?: string } = {},
  ) =>
    current().app.inject({
      method,
      url,
      ...(body && { payload: body }),
      ...(ip && { remoteAddress: ip }),
      headers: { host, datetime: DATETIME },
    })
  const expectError = (res: { statusCode: number; json(): unknown; body: string }, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status)
    const body = ApiErrorSchema.parse(res.json())
    expect(body.code).toBe(code)
    return body
  }

  async function cartWith(quantity: number, host: string = HOSTS.nl) {
    const res = await call('POST', '/api/cart', { host })
    const id = CartSchema.parse(res.json()).shoppingcartId
    if (quantity === 0) return id
    const url = `/api/cart/${id}/products?productVariantId=${SPORT_MUESLI}&quantity=${quantity}`
    const added = await call('POST', url, { host })
    expect(added.statusCode, added.body).toBe(204)
    return id
  }
  const cartOf = async (id: string) => CartSchema.parse((await call('GET', `/api/cart/${id}`)).json())
  const methodsOf = async (id: string, host: string = HOSTS.nl) => {
    const res = await call('GET', `/api/cart/${id}/paymentmethods`, { host })
    expect(res.statusCode, res.body).toBe(200)
    return PaymentMethodsSchema.parse(res.json())
  }
  const select = (id: string, body: object, ip?: string) => call('POST', `/api/cart/${id}/payment`, { body, ip })
  const check = (id: string, giftCardNumber: string, giftCardPin: string, ip?: string, host?: string) =>
    call('POST', `/api/cart/${id}/giftcard`, { body: { giftCardNumber, giftCardPin }, ip, host })

  describe('the methods', () => {
    it('lists the site’s methods in its order, named in its language, with their costs and iDEAL’s banks', async () => {
      const methods = await methodsOf(await cartWith(2))
      expect(methods.map((m) => [m.paymentMethodId, m.code, m.name, m.paymentCosts, m.giftCard])).toEqual([
        [IDEAL, 'ideal', 'iDEAL', 0, false],
        [CREDITCARD, 'creditcard', 'Creditcard', 35, false],
        [PAYPAL, 'paypal', 'PayPal', 35, false],
        [GIFTCARD, 'giftcard', 'Cadeaukaart', 0, true],
        [6, 'banktransfer', 'Bankoverschrijving', 0, false],
      ])
      expect(methods[0]!.issuers).toEqual(TEST_IDEAL_ISSUERS)
      for (const method of methods.slice(1)) expect(method.issuers).toEqual([])
    })

    it('names them in the request’s language and shows an empty cart what each costs', async () => {
      const methods = await methodsOf(await cartWith(0, HOSTS.de), HOSTS.de)
      expect(methods.map((m) => [m.code, m.name, m.paymentCosts])).toEqual([
        ['paypal', 'PayPal', 35],
        ['creditcard', 'Kreditkarte', 35],
        ['klarna', 'Klarna', 95],
        ['banktransfer', 'Überweisung', 0],
        ['giftcard', 'Geschenkkarte', 0],
      ])
    })

    it('makes the calculation’s payment costs follow the chosen method', async () => {
      const id = await cartWith(2)
      const costs = async () =>
        CartCalculationSchema.parse((await call('POST', `/api/cartcalculation/${id}/calculate`)).json())
      expect((await select(id, { paymentMethodId: CREDITCARD })).statusCode).toBe(204)
      const withCard = await costs()
      expect(withCard.paymentCosts).toBe(35)
      expect((await select(id, { paymentMethodId: IDEAL })).statusCode).toBe(204)
      const withIdeal = await costs()
      expect(withIdeal.paymentCosts).toBe(0)
      expect(withCard.totalAmount - withIdeal.totalAmount).toBe(35)
    })
  })

  describe('the payment selection', () => {
    it('keeps the method with a bank the provider offers, and a method alone clears the bank', async () => {
      const id = await cartWith(1)
      const res = await select(id, { paymentMethodId: IDEAL, issuer: 'ideal_INGBNL2A' })
      expect(res.statusCode, res.body).toBe(204)
      expect((await cartOf(id)).payment).toEqual({ paymentMethodId: IDEAL, issuer: 'ideal_INGBNL2A' })
      // The spec's full shape, with nulls.
      const full = { paymentMethodId: IDEAL, issuer: 'ideal_RABONL2U', giftCardNumber: null, giftCardPin: null }
      expect((await select(id, full)).statusCode).toBe(204)
      expect((await cartOf(id)).payment).toEqual({ paymentMethodId: IDEAL, issuer: 'ideal_RABONL2U' })
      expect((await select(id, { paymentMethodId: PAYPAL })).statusCode).toBe(204)
      expect((await cartOf(id)).payment).toEqual({ paymentMethodId: PAYPAL, issuer: null })
    })

    it.each([
      ['a bank the provider does not list', IDEAL, 'ideal_NOPENL2A'],
      ['a bank for a method without banks', CREDITCARD, 'ideal_INGBNL2A'],
    ])('refuses %s and leaves the cart as it was', async (_, paymentMethodId, issuer) => {
      const id = await cartWith(1)
      expect((await select(id, { paymentMethodId: IDEAL, issuer: 'ideal_ABNANL2A' })).statusCode).toBe(204)
      const before = await cartOf(id)
      const body = expectError(await select(id, { paymentMethodId, issuer }), 400, 'unknownIssuer')
      expect(body.localizedMessage).toBe('Deze bank kun je bij deze betaalmethode niet kiezen.')
      expect(await cartOf(id)).toEqual(before)
    })

    it('refuses a method the site does not offer', async () => {
      const id = await cartWith(1)
      expectError(await select(id, { paymentMethodId: 9 }), 400, 'unknownPaymentMethod')
    })

    it('adds a gift card given with the selection, and refuses a wrong pin', async () => {
      const id = await cartWith(1)
      const number = await newGiftCard(db(), 1500)
      const ip = network()(1)
      const wrong = { paymentMethodId: GIFTCARD, giftCardNumber: number, giftCardPin: '000000' }
      expectError(await select(id, wrong, ip), 400, 'giftCardInvalid')
      expect((await cartOf(id)).giftCard).toBeNull()
      const right = { ...wrong, paymentMethodId: IDEAL, giftCardPin: TEST_PIN }
      expect((await select(id, right, ip)).statusCode).toBe(204)
      const cart = await cartOf(id)
      expect(cart.giftCard).toEqual({ giftCardNumber: `•••• ${number.slice(-4)}` })
      expect(cart.payment).toEqual({ paymentMethodId: IDEAL, issuer: null })
      // A selection without a card keeps the card.
      expect((await select(id, { paymentMethodId: CREDITCARD })).statusCode).toBe(204)
      expect((await cartOf(id)).giftCard).toEqual({ giftCardNumber: `•••• ${number.slice(-4)}` })
    })
  })

  describe('gift cards', () => {
    it('answers the balance and what the card pays of the cart, keeps it, and removes it', async () => {
      const id = await cartWith(2)
      const number = await newGiftCard(db(), 2500)
      const typed = number.replace(/(\d{4})(?=\d)/g, '$1 ')
      const res = await check(id, typed, TEST_PIN, network()(1))
      expect(res.statusCode, res.body).toBe(200)
      const total = 2 * MUESLI_PRICE
      expect(GiftCardCheckSchema.parse(res.json())).toEqual({
        giftCardNumber: `•••• ${number.slice(-4)}`,
        currency: 'EUR',
        balance: 2500,
        amount: 2500,
        remainingAmount: total - 2500,
      })
      expect((await cartOf(id)).giftCard).toEqual({ giftCardNumber: `•••• ${number.slice(-4)}` })
      expect((await call('GET', `/api/cart/${id}/giftcard`)).json()).toEqual(res.json())

      const removed = await call('DELETE', `/api/cart/${id}/giftcard`)
      expect(removed.statusCode, removed.body).toBe(204)
      expect((await cartOf(id)).giftCard).toBeNull()
      expect((await call('GET', `/api/cart/${id}/giftcard`)).json()).toBeNull()
    })

    it('pays at most the cart’s total', async () => {
      const id = await cartWith(1)
      const res = await check(id, await newGiftCard(db(), 10_000), TEST_PIN, network()(1))
      // One muesli is below the free-shipping threshold: the card pays the delivery too.
      expect(res.json()).toMatchObject({ balance: 10_000, amount: MUESLI_PRICE + 695, remainingAmount: 0 })
    })

    it.each([
      ['a wrong pin', async () => [await newGiftCard(db(), 2500), '111111', HOSTS.nl]],
      ['an unknown number', async () => ['6299000000000000', TEST_PIN, HOSTS.nl]],
      ['a number that is no card number', async () => ['not-a-card', TEST_PIN, HOSTS.nl]],
      ['a balance of 0', async () => [await newGiftCard(db(), 0), TEST_PIN, HOSTS.nl]],
      ['a card of another site', async () => [await newGiftCard(db(), 2500, { siteId: 2 }), TEST_PIN, HOSTS.nl]],
      [
        'a site that takes no gift cards',
        async () => [await newGiftCard(db(), 2500, { siteId: 5 }), TEST_PIN, HOSTS.dk],
      ],
    ])('refuses %s with giftCardInvalid, in the shop’s words', async (_, given) => {
      const [number, pin, host] = (await given()) as [string, string, string]
      const id = await cartWith(1, host)
      const res = await check(id, number, pin, network()(1), host)
      const body = expectError(res, 400, 'giftCardInvalid')
      const language = host === HOSTS.nl ? 'nl' : 'da'
      expect(body.localizedMessage).toBe(translate(language, 'validation.giftCardInvalid'))
      expect((await call('GET', `/api/cart/${id}`, { host })).json()).toMatchObject({ giftCard: null })
    })

    it('accepts the seeded cards of docs/payments.md', async () => {
      const res = await check(await cartWith(1), '6280 0100 0000 0017', '123456', network()(1))
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ giftCardNumber: '•••• 0017', balance: 2500 })
      expectError(await check(await cartWith(1), '6280010000000033', '345678', network()(2)), 400, 'giftCardInvalid')
    })

    it('limits the tries per card, from however many addresses, so a pin cannot be guessed', async () => {
      const id = await cartWith(1)
      const number = await newGiftCard(db(), 2500)
      const ip = network()
      const { max } = RATE_LIMITS.giftCardCheck.perGiftCard
      for (let i = 0; i < max; i++)
        expectError(await check(id, number, String(100000 + i), ip(i + 1)), 400, 'giftCardInvalid')
      // The right pin now too: the card's window is used up.
      expectError(await check(id, number, TEST_PIN, ip(max + 1)), 429, 'rateLimited')
      expectError(
        await select(id, { paymentMethodId: IDEAL, giftCardNumber: number, giftCardPin: TEST_PIN }),
        429,
        'rateLimited',
      )
    })

    it('limits the checks per address, and a selection without a card does not count', async () => {
      const id = await cartWith(1)
      const ip = network()(1)
      const { max } = RATE_LIMITS.giftCardCheck.perIp
      for (let i = 0; i < max + 5; i++) expect((await select(id, { paymentMethodId: IDEAL }, ip)).statusCode).toBe(204)
      const statuses: number[] = []
      for (let i = 0; i <= max; i++)
        statuses.push((await check(id, `62990000000${String(i).padStart(5, '0')}`, '1', ip)).statusCode)
      expect(statuses.slice(0, max)).toEqual(Array(max).fill(400))
      expect(statuses[max]).toBe(429)
    })
  })
})
