// The delivery step in jsdom against a fake API: it opens with the cart's choice, adds no field for home delivery,
// sends a chosen pickup point with the term it was found by, and without the network sends nothing and says why.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { FakeServer, LANGUAGE, SITE } from '../../../tests/helpers/cart-server.ts'
import { noServer, renderInApp, storeWith } from '../../../tests/helpers/render-in-app.tsx'
import { emptyCart, type CartView } from '../../browser/cart-store.ts'
import type { ApiRequest, Transport } from '../../browser/transport.ts'
import type { CartContents } from '../../domain/cart-mutations.ts'
import type { Cart } from '../../domain/cart.ts'
import type { PickupPoint } from '../../domain/pickup-points.ts'
import { createShopApi } from '../api/shop-api.ts'
import { cartViewAtom } from '../cart/cart-state.ts'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { Component as DeliveryPage } from './delivery-page.tsx'

const ID = '0b7f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a5b'
const CONTENTS: CartContents = {
  products: [{ productId: 1, productVariantId: 101, count: 2, rqsSamples: [] }],
  discountCode: null,
  shippingMethod: 0,
  paymentMethodId: null,
}
const d = nl.checkout.delivery
const point = (id: string, km: number): PickupPoint => ({
  parcelShopId: id,
  name: `Pharmacy ${id}`,
  street: 'Kerkstraat',
  streetNumber: '2',
  zipcode: '1012 AB',
  city: 'Amsterdam',
  countryCode: 'NL',
  latitude: 52.37,
  longitude: 4.9,
  distanceKm: km,
  openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '18:00' })),
})

const ok = (body: unknown) => ({ status: 200, body, headers: new Headers() })

/** The step over a cart with billing done, on a fake server that keeps what the step sends. */
async function renderStep(patch: Partial<Cart> = {}, options: { offline?: boolean } = {}) {
  const server = new FakeServer()
  server.carts.set(ID, CONTENTS)
  let cart: Cart = {
    ...(await server.cartOf(ID)),
    billing: {
      firstName: 'Anna',
      lastName: 'de Vries',
      emailAddress: 'anna@example.nl',
      phoneNumber: '+31612345678',
      address: {
        zipcode: '1011 WU',
        street: 'Prins Bernhardlaan',
        streetNumber: '1',
        streetNumberAddition: '',
        city: 'Amsterdam',
        countryId: 1,
      },
    },
    ...patch,
  }
  const sent: ApiRequest[] = []
  const transport: Transport = async (request) => {
    const call = `${request.method ?? 'GET'} ${request.path}`
    if (call === `POST /api/cartcalculation/${ID}/calculate2`)
      return ok({ cart, calculation: server.calculationOf(CONTENTS), notices: [] })
    if (call === `GET /api/cart/${ID}/shippingmethods`)
      return ok([
        { shippingMethod: 0, price: 695, priceExVat: 574 },
        { shippingMethod: 1, price: 0, priceExVat: 0 },
      ])
    if (call === 'GET /api/countries')
      return ok([{ countryId: 1, name: 'Nederland', regionCode: 'NL', phoneCountryCode: '+31' }])
    if (call === 'GET /api/countries/1/zipcodeexclusions') return ok([])
    if (call === 'GET /api/pickuppoints') return ok([point('NL-1', 0.8), point('NL-2', 2.4)])
    sent.push(request)
    if (request.path.endsWith('/setdpdpickuppoint'))
      cart = {
        ...cart,
        shipping: { address: null, shippingMethod: 1 },
        dpdParcelShopId: String(request.query?.parcelShopId),
        dpdParcelShopZipcodeOrCity: String(request.query?.parcelShopZipcodeOrCity),
      }
    return { status: 204, body: null, headers: new Headers() }
  }
  const view: CartView = {
    ...emptyCart(SITE, LANGUAGE),
    cartId: ID,
    base: CONTENTS,
    contents: { ...CONTENTS, shippingMethod: cart.shipping?.shippingMethod ?? 0 },
    queued: [],
    refused: [],
  }
  renderInApp(<DeliveryPage />, {
    messages: nl,
    path: '/checkout/delivery/',
    services: { ...noServer, api: createShopApi(transport) },
    store: storeWith([cartViewAtom, view], [connectivityAtom, options.offline ? 'offline' : 'online']),
  })
  return { sent }
}

const radio = (name: string) => screen.findByRole('radio', { name: new RegExp(name) })

beforeEach(() => {
  freshDatabase()
  window.dataLayer = []
})
afterEach(cleanup)

describe('the delivery step', () => {
  it('delivers home with nothing to fill in, each choice with its cost, and sends nothing the cart already has', async () => {
    const { sent } = await renderStep()
    expect(((await radio(d.choice.home)) as HTMLInputElement).checked).toBe(true)
    const home = screen.getByTestId('home-address')
    expect(home.textContent).toContain('Prins Bernhardlaan 1')
    expect(home.textContent).toContain('1011 WU Amsterdam')
    expect(screen.queryAllByRole('textbox')).toHaveLength(0)
    await waitFor(() => expect(screen.getAllByText(nl.cart.summary.free)).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: d.next }))
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual(
        expect.objectContaining({
          event: 'add_shipping_info',
          ecommerce: expect.objectContaining({ shipping_tier: 'home' }),
        }),
      ),
    )
    expect(sent).toEqual([])
  })

  it('opens with the cart page’s pickup point, asks for a point, and sends the chosen one with its search term', async () => {
    const { sent } = await renderStep({ shipping: { address: null, shippingMethod: 1 } })
    expect(((await radio(d.choice.pickup)) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: d.next }))
    await screen.findByText(d.choosePoint)
    expect(sent).toEqual([])

    fireEvent.change(screen.getByLabelText(d.pickupSearch), { target: { value: ' Amsterdam ' } })
    fireEvent.click(screen.getByRole('button', { name: d.find }))
    const group = await screen.findByRole('radiogroup')
    const points = within(group).getAllByRole('radio')
    expect(points.map((p) => (p as HTMLInputElement).value)).toEqual(['NL-1', 'NL-2'])
    expect(group.textContent).toContain('0,8 km van Amsterdam')
    expect(group.textContent).toContain(`${d.dayRange.replace('{{from}}', 'maandag').replace('{{to}}', 'vrijdag')}`)
    expect(group.textContent).toContain('09:00–18:00')
    fireEvent.click(points[1]!)
    fireEvent.click(screen.getByRole('button', { name: d.next }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: `/api/cart/${ID}/setdpdpickuppoint`,
      query: { parcelShopId: 'NL-2', parcelShopZipcodeOrCity: 'Amsterdam' },
    })
  })

  it('shows the cart’s point again when the step is opened once more', async () => {
    await renderStep({
      shipping: { address: null, shippingMethod: 1 },
      dpdParcelShopId: 'NL-2',
      dpdParcelShopZipcodeOrCity: 'Amsterdam',
    })
    const group = await screen.findByRole('radiogroup')
    await waitFor(() =>
      expect((within(group).getByRole('radio', { name: /NL-2/ }) as HTMLInputElement).checked).toBe(true),
    )
    expect((screen.getByLabelText(d.pickupSearch) as HTMLInputElement).value).toBe('Amsterdam')
  })

  it('sends nothing without the network and says so on its button', async () => {
    const { sent } = await renderStep({}, { offline: true })
    const button = await screen.findByRole('button', { name: d.needsNetwork })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(await radio(d.choice.alternative))
    // The parcel is for the billing person unless another recipient is typed.
    expect(((await screen.findByLabelText(d.recipientFirstName)) as HTMLInputElement).value).toBe('Anna')
    expect((screen.getByLabelText(d.recipientLastName) as HTMLInputElement).value).toBe('de Vries')
    fireEvent.submit(button.closest('form')!)
    expect(sent).toEqual([])
  })
})
