// The purchase event: once per order on a device, whatever reloads the complete page, and with nothing of the
// order's key or the customer in it.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { paidOrder } from '../../../tests/fixtures/order.ts'
import { EcommerceEventSchema } from '../../domain/tracking.ts'
import { trackPurchaseOnce } from './purchase-once.ts'

const order = (orderId: string, orderNumber: number) => paidOrder({ orderId, orderNumber })

const FIRST = order('0b7d3c1e-0000-4000-8000-0000000000aa', 17)
const SECOND = order('0b7d3c1e-0000-4000-8000-0000000000bb', 18)
const THIRD = order('0b7d3c1e-0000-4000-8000-0000000000cc', 19)
const purchases = () => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase')

beforeEach(() => {
  window.dataLayer = []
  localStorage.clear()
})

describe('the purchase event', () => {
  it('is sent once per order: a reload of the complete page (read from the device) sends nothing again', () => {
    expect(trackPurchaseOnce(FIRST, 'Equivera Nederland')).toBe(true)
    expect(trackPurchaseOnce(FIRST, 'Equivera Nederland')).toBe(false)
    expect(purchases()).toHaveLength(1)
    // Another order is another purchase.
    expect(trackPurchaseOnce(SECOND, 'Equivera Nederland')).toBe(true)
    expect(purchases()).toHaveLength(2)
    // What the device remembers is only the order ids.
    expect(JSON.parse(localStorage.getItem('shop:purchases-sent')!)).toEqual([FIRST.orderId, SECOND.orderId])
  })

  it('carries the order number, revenue, tax and shipping in GA4’s shape, and nothing of the customer', () => {
    trackPurchaseOnce(FIRST, 'Equivera Nederland')
    const event = EcommerceEventSchema.parse(purchases()[0])
    expect(event).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: '17',
        affiliation: 'Equivera Nederland',
        currency: 'EUR',
        value: 65.9,
        tax: 5.44,
        shipping: 0,
        items: [
          {
            item_id: '101',
            item_name: 'Sport Muesli',
            item_brand: '',
            item_category: '',
            item_variant: 'Zak · 20 kg',
            price: 32.95,
            quantity: 2,
          },
        ],
      },
    })
    expect(JSON.stringify(window.dataLayer)).not.toContain('anna@example.nl')
  })

  it('is still sent once per page on a device whose storage is blocked', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked)
    expect(trackPurchaseOnce(THIRD, 'Equivera Nederland')).toBe(true)
    expect(trackPurchaseOnce(THIRD, 'Equivera Nederland')).toBe(false)
    expect(purchases()).toHaveLength(1)
    vi.restoreAllMocks()
  })
})
