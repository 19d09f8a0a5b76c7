// The payment step in jsdom over a real device store and a stand-in API: an order with nothing to pay is completed
// without a method, a refused order names its lines, a lost answer is tried again with the same key, and offline
// nothing is sent.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createStore } from 'jotai'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { input, line } from '../../../tests/helpers/cart-calculation-fixtures.ts'
import { product } from '../../../tests/helpers/catalogue-fixtures.ts'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { LiveCart, noServer, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { rootDataFixture } from '../../../tests/helpers/root-data.ts'
import type { CartCalculation } from '../../domain/cart-calculation.ts'
import { calculateCart } from '../../domain/cart-pricing.ts'
import { IDEMPOTENCY_HEADER } from '../../domain/cart-constants.ts'
import type { Cart } from '../../domain/cart.ts'
import type { PlacedOrder } from '../../domain/orders.ts'
import { readCartView, updateCart } from '../../browser/cart-store.ts'
import type { ApiRequest, ApiResponse } from '../../browser/transport.ts'
import { createShopApi } from '../api/shop-api.ts'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { Component as PaymentPage } from './payment-page.tsx'

const SITE = 1
const LANGUAGE = 12
const CART_ID = '6f1c2a9e-0000-4000-8000-000000000001'
const MUESLI = product(1, { name: 'Sport Muesli' })
const PLACED: PlacedOrder = {
  orderId: '0b7d3c1e-0000-4000-8000-0000000000aa',
  orderNumber: 17,
  orderKey: 'k'.repeat(32),
  status: 'paid',
  paymentUrl: null,
}

const address = {
  zipcode: '3511 AB',
  street: 'Oudegracht',
  streetNumber: '1',
  streetNumberAddition: '',
  city: 'Utrecht',
  countryId: 1,
}
const serverCart = (paymentMethodId: number | null): Cart => ({
  shoppingcartId: CART_ID,
  created: '2026-11-26T03:00:00.000Z',
  lastModified: '2026-11-26T03:00:00.000Z',
  storeDeviceInfo: null,
  siteId: SITE,
  languageId: LANGUAGE,
  clientIp: null,
  billing: { firstName: 'Anna', lastName: 'de Vries', phoneNumber: '+31612345678', emailAddress: 'a@b.nl', address },
  shipping: { address: null, shippingMethod: 0 },
  company: null,
  alternativeShippingAddress: false,
  newsletterSubscribe: false,
  payment: paymentMethodId === null ? null : { paymentMethodId, issuer: null },
  mailplusId: null,
  products: [{ productId: 1, productVariantId: MUESLI.variants[0]!.productVariantId, count: 2, rqsSamples: [] }],
  discountCode: null,
  dealerId: null,
  dpdParcelShopId: null,
  dpdParcelShopZipcodeOrCity: null,
  scanProductsOnly: false,
  giftCard: null,
})

const json = (status: number, body: unknown): ApiResponse => ({ status, body, headers: new Headers() })

type Route = (request: ApiRequest) => ApiResponse
/** The payment step's calls to the stand-in server by `METHOD path-after-the-cart` ('GET paymentmethods'). */
type Routes = Record<string, Route>

/**
 * The stand-in server: the checkout's cart, the place-order call answering `placing` in turn, and `routes` for the
 * payment step's other calls (the rest answer 503: not reached). `sent` lists the calls in order.
 */
function api(calculation: CartCalculation, paymentMethodId: number | null, placing: ApiResponse[], routes: Routes) {
  const keys: string[] = []
  const sent: { call: string; body: unknown }[] = []
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    const call = `${request.method ?? 'GET'} ${request.path.replace(`/api/cart/${CART_ID}/`, '')}`
    sent.push({ call, body: request.body })
    const route = routes[call]
    if (route) return route(request)
    if (request.path.endsWith('/calculate2'))
      return json(200, { cart: serverCart(paymentMethodId), calculation, notices: [] })
    if (request.path === `/api/cart/${CART_ID}/order`) {
      keys.push(request.headers![IDEMPOTENCY_HEADER]!)
      return placing.shift() ?? json(500, null)
    }
    return json(503, null)
  }
  return { services: { ...noServer, api: createShopApi(transport) }, keys, sent }
}

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

const data = () => {
  const fixture = rootDataFixture()
  return {
    ...fixture,
    site: {
      ...fixture.site,
      paymentMethods: [
        { paymentMethodId: 1, code: 'ideal', name: 'iDEAL' },
        { paymentMethodId: 3, code: 'creditcard', name: 'Creditcard' },
      ],
    },
  }
}

let store: ReturnType<typeof createStore>
/** The calls the last page shown made, in order. */
let sentCalls: { call: string; body: unknown }[] = []
async function show(
  calculation: CartCalculation,
  paymentMethodId: number | null,
  placing: ApiResponse[],
  routes: Routes = {},
) {
  await updateCart(SITE, LANGUAGE, (cart) => ({
    ...cart,
    cartId: CART_ID,
    base: { ...serverCart(paymentMethodId), shippingMethod: 0, paymentMethodId },
    calculation,
    syncedAt: new Date().toISOString(),
  }))
  const { services, keys, sent } = api(calculation, paymentMethodId, placing, routes)
  renderInApp(
    <LiveCart>
      <PaymentPage />
      <Location />
    </LiveCart>,
    { messages: nl, store, services, data: data(), path: '/checkout/payment/' },
  )
  sentCalls = sent
  return keys
}

const calculation = calculateCart(input({ lines: [line(MUESLI, 2)] }))
const place = () => screen.findByRole('button', { name: nl.checkout.payment.place })
/**
 * Waits until a placed order has left the page for its completion: only then has the device started its empty
 * cart. A test that ended sooner would have that write land in the next test's database.
 */
const completed = () =>
  waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/checkout/complete/'))

beforeEach(() => {
  freshDatabase()
  store = createStore()
})
afterEach(cleanup)

const methods = [
  {
    paymentMethodId: 1,
    code: 'ideal',
    name: 'iDEAL',
    paymentCosts: 0,
    giftCard: false,
    issuers: [
      { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
      { id: 'ideal_INGBNL2A', name: 'ING' },
    ],
  },
  { paymentMethodId: 3, code: 'creditcard', name: 'Creditcard', paymentCosts: 35, giftCard: false, issuers: [] },
  { paymentMethodId: 5, code: 'giftcard', name: 'Cadeaukaart', paymentCosts: 0, giftCard: true, issuers: [] },
]
const card = (balance: number) => ({
  giftCardNumber: '•••• 0017',
  currency: 'EUR',
  balance,
  amount: Math.min(balance, calculation.totalAmount),
  remainingAmount: Math.max(0, calculation.totalAmount - balance),
})
const euro = (cents: number) => `€\u00a0${(cents / 100).toFixed(2).replace('.', ',')}`

describe('the payment step', () => {
  it('completes an order with nothing to pay without a method, and starts an empty cart on the device', async () => {
    const keys = await show({ ...calculation, totalAmount: 0 }, null, [json(200, PLACED)])
    expect(await screen.findByText(nl.checkout.payment.nothingToPay)).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
    const button = await screen.findByRole('button', { name: nl.checkout.payment.complete })
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/checkout/complete/?id=${PLACED.orderId}&key=${PLACED.orderKey}&status=paid`,
      ),
    )
    expect(keys).toHaveLength(1)
    const view = await readCartView(SITE, LANGUAGE)
    expect([view.cartId, view.contents.products, view.queued]).toEqual([null, [], []])
  })

  it('asks for a method before placing when there is something to pay', async () => {
    const keys = await show(calculation, null, [])
    const button = await place()
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe(nl.checkout.payment.methodRequired)
    expect(keys).toEqual([])
  })

  it('names the lines out of stock and leads back to the cart; the next try is a new attempt', async () => {
    const refused = json(409, {
      status: 409,
      code: 'outOfStock',
      message: '',
      localizedMessage: '',
      params: { ids: String(MUESLI.variants[0]!.productVariantId) },
    })
    const keys = await show(calculation, 1, [refused, json(200, PLACED)])
    const button = await place()
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(nl.checkout.payment.outOfStock.replace('{{names}}', 'Sport Muesli'))
    expect(screen.getByRole('link', { name: nl.checkout.payment.toCart }).getAttribute('href')).toBe('/winkelwagen/')
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    await waitFor(() => expect(keys).toHaveLength(2))
    expect(keys[1]).not.toBe(keys[0])
    await completed()
  })

  it('says a lost answer plainly and tries again with the same key', async () => {
    const keys = await show(calculation, 1, [json(503, null), json(200, PLACED)])
    const button = await place()
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe(nl.checkout.payment.unreachable)
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    await completed()
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })

  it('sends nothing while offline: the button is off and says why', async () => {
    const keys = await show(calculation, 1, [json(200, PLACED)])
    const button = await place()
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    act(() => store.set(connectivityAtom, 'offline'))
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      nl.checkout.payment.offline,
    )
    fireEvent.click(button)
    expect(keys).toEqual([])
  })

  it('sends the bank chosen under iDEAL with the method just before placing', async () => {
    const keys = await show(calculation, 1, [json(200, PLACED)], {
      'GET paymentmethods': () => json(200, methods),
      'GET giftcard': () => json(200, null),
      'POST payment': () => json(204, null),
    })
    const bank = await screen.findByLabelText(nl.checkout.payment.issuer)
    expect(bank.getAttribute('autocomplete')).toBe('off')
    fireEvent.change(bank, { target: { value: 'ideal_INGBNL2A' } })
    const button = await place()
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    await completed()
    expect(keys).toHaveLength(1)
    const calls = sentCalls.map((c) => c.call).filter((c) => c === 'POST payment' || c === 'POST order')
    expect(calls).toEqual(['POST payment', 'POST order'])
    expect(sentCalls.find((c) => c.call === 'POST payment')!.body).toEqual({
      paymentMethodId: 1,
      issuer: 'ideal_INGBNL2A',
      giftCardNumber: null,
      giftCardPin: null,
    })
  })

  it('says a refused gift card beside its fields; one that pays part leaves the rest to a method', async () => {
    const answers = [
      json(400, { status: 400, code: 'giftCardInvalid', message: '', localizedMessage: '', params: {} }),
      json(200, card(2500)),
    ]
    await show(calculation, null, [], {
      'GET paymentmethods': () => json(200, methods),
      'GET giftcard': () => json(200, null),
      'POST giftcard': () => answers.shift()!,
    })
    fireEvent.click(await screen.findByRole('checkbox', { name: /Cadeaukaart/ }))
    const number = screen.getByLabelText(nl.checkout.payment.giftCard.number)
    const pin = screen.getByLabelText(nl.checkout.payment.giftCard.pin)
    expect([number.getAttribute('inputmode'), pin.getAttribute('autocomplete')]).toEqual(['numeric', 'off'])
    fireEvent.change(number, { target: { value: '6280 0100 0000 0017' } })
    fireEvent.change(pin, { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: nl.checkout.payment.giftCard.check }))
    expect((await screen.findByRole('alert')).textContent).toBe(nl.validation.giftCardInvalid)
    expect(pin.getAttribute('aria-describedby')).toBe('gift-card-error')

    fireEvent.change(pin, { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: nl.checkout.payment.giftCard.check }))
    const left = calculation.totalAmount - 2500
    expect(
      (await screen.findByText(new RegExp(nl.checkout.payment.giftCard.pays.split('{{amount}}')[1]!.split('{{')[0]!)))
        .textContent,
    ).toBe(nl.checkout.payment.giftCard.pays.replace('{{amount}}', euro(2500)).replace('{{left}}', euro(left)))
    expect(screen.getByRole('group', { name: nl.checkout.payment.methodsRest })).toBeTruthy()
    expect(document.querySelector('.payment-step__total strong')!.textContent).toBe(euro(left))
  })

  it('a gift card that pays everything needs no method: the button completes the order', async () => {
    await show(calculation, null, [], {
      'GET paymentmethods': () => json(200, methods),
      'GET giftcard': () => json(200, card(100_000)),
    })
    expect(await screen.findByText(nl.checkout.payment.giftCard.paysAll)).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
    expect(await screen.findByRole('button', { name: nl.checkout.payment.complete })).toBeTruthy()
    expect(document.querySelector('.payment-step__total strong')!.textContent).toBe(euro(0))
  })
})
