// The billing step's questions in jsdom against a fake API: what the form starts from (the countries, whether the
// shopper is signed in) is asked beside the cart, not after its answer; the cart is asked once, not again each time
// the cart's sender starts and ends a sync, and again when the network comes back after it could not be asked.
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { FakeServer, LANGUAGE, SITE } from '../../../tests/helpers/cart-server.ts'
import { noServer, renderInApp, storeWith } from '../../../tests/helpers/render-in-app.tsx'
import { emptyCart, type CartView } from '../../browser/cart-store.ts'
import type { Transport } from '../../browser/transport.ts'
import type { CartContents } from '../../domain/cart-mutations.ts'
import { createShopApi } from '../api/shop-api.ts'
import { cartSendingAtom, cartViewAtom } from '../cart/cart-state.ts'
import { connectivityAtom, type Connectivity } from '../pwa/connectivity.ts'
import { Component as BillingPage } from './billing-page.tsx'

const ID = '4c2d8e1f-3b5a-4c7d-9e0f-1a2b3c4d5e6f'
const CONTENTS: CartContents = {
  products: [{ productId: 1, productVariantId: 101, count: 1, rqsSamples: [] }],
  discountCode: null,
  shippingMethod: 0,
  paymentMethodId: null,
}
const ok = (body: unknown) => ({ status: 200, body, headers: new Headers() })
const CALCULATE = `POST /api/cartcalculation/${ID}/calculate2`
const email = () => screen.getByRole('textbox', { name: new RegExp(nl.checkout.billing.email) })

/**
 * The step over a cart of one line, on a fake server whose cart calculation is `calculate` (given the cart to answer
 * with); every call is listed in `asked`. Signed out; the countries are the Netherlands.
 */
type Answer = Awaited<ReturnType<Transport>>

async function renderStep(calculate: (answer: () => Answer) => Promise<Answer>, connectivity: Connectivity) {
  const server = new FakeServer()
  server.carts.set(ID, CONTENTS)
  const cart = await server.cartOf(ID)
  const answer = (): Answer => ok({ cart, calculation: server.calculationOf(CONTENTS), notices: [] })
  const asked: string[] = []
  const transport: Transport = async (request) => {
    const call = `${request.method ?? 'GET'} ${request.path}`
    asked.push(call)
    if (call === CALCULATE) return calculate(answer)
    if (call === 'GET /api/countries')
      return ok([{ countryId: 1, name: 'Nederland', regionCode: 'NL', phoneCountryCode: '+31' }])
    if (call === 'GET /api/countries/1/zipcodeexclusions') return ok([])
    return { status: 401, body: null, headers: new Headers() }
  }
  const view: CartView = {
    ...emptyCart(SITE, LANGUAGE),
    cartId: ID,
    base: CONTENTS,
    contents: CONTENTS,
    queued: [],
    refused: [],
  }
  const store = storeWith([cartViewAtom, view], [connectivityAtom, connectivity])
  renderInApp(<BillingPage />, {
    messages: nl,
    path: '/checkout/billing/',
    services: { ...noServer, api: createShopApi(transport) },
    store,
  })
  return { asked, store }
}

const times = (asked: string[], call: string) => asked.filter((each) => each === call).length

beforeEach(() => freshDatabase())
afterEach(cleanup)

describe('the billing step', () => {
  it('asks for the countries and the account beside the cart, and the cart once', async () => {
    let answerCart!: () => void
    const cartAnswered = new Promise<void>((resolve) => (answerCart = resolve))
    const { asked, store } = await renderStep(async (answer) => {
      await cartAnswered
      return answer()
    }, 'online')

    // The cart has not answered yet; the other two questions are on their way.
    await waitFor(() => expect(asked).toContain(CALCULATE))
    await waitFor(() => expect(asked).toContain('GET /api/countries'))
    expect(asked).toContain('POST /api/authentication/isauthenticated')
    // The form is there, closed until it knows what it starts from.
    expect(email().matches(':disabled')).toBe(true)

    // The sender syncing the cart (its state going to sending and back) asks nothing again.
    act(() => store.set(cartSendingAtom, 'sending'))
    act(() => store.set(cartSendingAtom, 'idle'))
    answerCart()
    await waitFor(() => expect(email().matches(':disabled')).toBe(false))
    expect(times(asked, CALCULATE)).toBe(1)
    expect(times(asked, 'GET /api/countries')).toBe(1)
  })

  it('asks for the cart again when the network comes back', async () => {
    let network = false
    const { asked, store } = await renderStep(async (answer) => {
      if (!network) throw new TypeError('Failed to fetch')
      return answer()
    }, 'offline')
    await waitFor(() => expect(times(asked, CALCULATE)).toBe(1))
    // Offline the form opens, for what the shopper types to be kept.
    await waitFor(() => expect(email().matches(':disabled')).toBe(false))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(times(asked, CALCULATE)).toBe(1)

    network = true
    act(() => store.set(connectivityAtom, 'back-online'))
    await waitFor(() => expect(times(asked, CALCULATE)).toBe(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(times(asked, CALCULATE)).toBe(2)
  })
})
