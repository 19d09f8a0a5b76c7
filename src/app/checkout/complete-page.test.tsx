// The complete page in jsdom with a stand-in API: it follows a payment under way until the order is paid, sends the
// purchase once however often the page is opened, offers a new payment after a failed one, and without an order in
// its address goes back to the checkout.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { noServer, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { paidOrder } from '../../../tests/fixtures/order.ts'
import type { OrderView } from '../../domain/orders.ts'
import type { ApiRequest, ApiResponse } from '../../browser/transport.ts'
import { createShopApi } from '../api/shop-api.ts'
import { Component as CompletePage } from './complete-page.tsx'

const ORDER_ID = '0b7d3c1e-0000-4000-8000-0000000000aa'
const KEY = 'k'.repeat(32)
const order = (status: OrderView['status'], paymentUrl: string | null): OrderView => ({
  ...paidOrder({ orderId: ORDER_ID, status }),
  paymentUrl,
  invoiceUrl: null,
})
const json = (status: number, body: unknown): ApiResponse => ({ status, body, headers: new Headers() })

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** The page at `path`, the API answering the order's reads with `reads` in turn (the last one again after). */
function show(path: string, reads: OrderView[], payAgain: ApiResponse[] = []) {
  const requests: ApiRequest[] = []
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request)
    if (request.path === `/api/orders/${ORDER_ID}`) return json(200, reads.length > 1 ? reads.shift() : reads[0])
    if (request.path === `/api/orders/${ORDER_ID}/payment`) return payAgain.shift() ?? json(500, null)
    return json(503, null)
  }
  renderInApp(
    <>
      <CompletePage />
      <Location />
    </>,
    { messages: nl, services: { ...noServer, api: createShopApi(transport) }, path },
  )
  return requests
}

const purchases = () => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase')
const PATH = `/checkout/complete/?id=${ORDER_ID}&key=${KEY}&status=open`

beforeEach(() => {
  window.dataLayer = []
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the complete page', () => {
  it('waits for a payment under way, shows the paid order, and sends the purchase once however often it is opened', async () => {
    const requests = show(PATH, [order('open', 'http://localhost/payments/test/tst_1'), order('paid', null)])
    expect(await screen.findByRole('heading', { name: nl.checkout.complete.waitingTitle })).toBeTruthy()
    expect(screen.getByRole('link', { name: nl.checkout.complete.toPayment }).getAttribute('href')).toBe(
      'http://localhost/payments/test/tst_1',
    )
    expect(purchases()).toEqual([])
    // Read again after 2 s: paid.
    expect(await screen.findByRole('heading', { name: nl.checkout.complete.paidTitle }, { timeout: 4000 })).toBeTruthy()
    expect(screen.getByText(nl.checkout.complete.orderNumber.replace('{{number}}', '17'))).toBeTruthy()
    // Sent by an effect after the paid order is shown.
    await waitFor(() => expect(purchases()).toHaveLength(1))
    // The key goes to the API only.
    expect(requests.filter((r) => r.query?.key === KEY)).toHaveLength(2)
    expect(JSON.stringify(window.dataLayer)).not.toContain(KEY)

    // Opened again (a reload, the link in the mail): no second purchase; the invoice once the server has it.
    cleanup()
    const invoiceUrl = `http://localhost/api/orders/${ORDER_ID}/invoice?key=${KEY}`
    show(PATH, [{ ...order('paid', null), invoiceUrl }])
    expect(await screen.findByRole('heading', { name: nl.checkout.complete.paidTitle })).toBeTruthy()
    expect(screen.getByRole('link', { name: nl.checkout.complete.invoice }).getAttribute('href')).toBe(invoiceUrl)
    await new Promise((done) => setTimeout(done, 100))
    expect(purchases()).toHaveLength(1)
  }, 10_000)

  it('after a failed payment offers a new one, and sends the payer to it', async () => {
    const assign = vi.fn<(url: string | URL) => void>()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    show(
      PATH,
      [order('open', null)],
      [json(200, { status: 'open', paymentUrl: 'http://localhost/payments/test/tst_2' })],
    )
    expect(await screen.findByRole('heading', { name: nl.checkout.complete.failedTitle })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: nl.checkout.complete.payAgain }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payments/test/tst_2'))
    expect(purchases()).toEqual([])
  })

  it('takes the key out of the address at once (analytics read the address), and a reload of the tab still finds it', async () => {
    const requests = show(PATH, [order('paid', null)])
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/checkout/complete/?id=${ORDER_ID}&status=open`),
    )
    expect(await screen.findByRole('heading', { name: nl.checkout.complete.paidTitle })).toBeTruthy()
    const orderReads = requests.filter((r) => r.path === `/api/orders/${ORDER_ID}`)
    expect(orderReads.length).toBeGreaterThan(0)
    expect(orderReads.every((r) => r.query?.key === KEY)).toBe(true)

    cleanup()
    show(`/checkout/complete/?id=${ORDER_ID}&status=open`, [order('paid', null)])
    expect(await screen.findByRole('heading', { name: nl.checkout.complete.paidTitle })).toBeTruthy()
  })

  it('says an expired order has ended and leads to the cart', async () => {
    show(PATH, [order('expired', null)])
    expect(await screen.findByRole('heading', { name: nl.checkout.complete.expiredTitle })).toBeTruthy()
    expect(screen.getByRole('link', { name: nl.checkout.complete.toCart }).getAttribute('href')).toBe('/winkelwagen/')
  })

  it('goes back to the checkout without an order and its key in the address', async () => {
    show('/checkout/complete/?status=open', [])
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout/'))
  })
})
