import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { summaryOf } from '../../domain/product-rules.ts'
import { product } from '../../../tests/helpers/catalogue-fixtures.ts'
import {
  ImpressionBatcher,
  itemOfLine,
  itemOfSummary,
  promotionOf,
  trackAddShippingInfo,
  trackAddToCart,
  trackAddPaymentInfo,
  trackBeginCheckout,
  trackPurchase,
  trackRemoveFromCart,
  trackSelectItem,
  trackSelectPromotion,
  trackViewCart,
  trackViewItem,
  trackViewPromotion,
  VIEW_ITEM_LIST_DELAY_MS,
} from './ecommerce.ts'
import type { CartLine } from '../../domain/cart.ts'
import { EcommerceEventSchema, type EcommerceEvent } from '../../domain/tracking.ts'

const list = { id: 'category:muesli', name: 'Muesli' }
const line: CartLine = {
  productId: 1,
  productVariantId: 101,
  productType: 2,
  quantity: 3,
  description: 'Product 1',
  productLabel: 'Zak · 20 kg',
  originalAmount: 8985,
  totalAmount: 8985,
  vatRatePercentage: 9,
  vatAmount: 742,
  vatType: 'low',
  productDiscounts: [],
  rqsSamples: [],
  freeProducts: [],
}
const item = (id: number, index: number) => itemOfSummary(summaryOf(product(id), '2026-11-24'), list, index)

describe('e-commerce events', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    window.dataLayer = []
  })
  afterEach(() => vi.useRealTimers())

  it('batches impressions into one view_item_list a second after the last one, each product once', () => {
    const sent: EcommerceEvent[] = []
    const batcher = new ImpressionBatcher(VIEW_ITEM_LIST_DELAY_MS, (event) => sent.push(event))
    batcher.add(list, item(1, 0))
    vi.advanceTimersByTime(600)
    batcher.add(list, item(2, 1))
    batcher.add(list, item(1, 0))
    vi.advanceTimersByTime(900)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(100)
    expect(sent).toEqual([
      {
        event: 'view_item_list',
        ecommerce: { item_list_id: 'category:muesli', item_list_name: 'Muesli', items: [item(1, 0), item(2, 1)] },
      },
    ])
  })

  it('uses the GA4 item shape with its fields: id, name, price, brand, category', () => {
    expect(item(1, 3)).toEqual({
      item_id: '101',
      item_name: 'Product 1',
      item_brand: 'Equivera',
      item_category: 'muesli',
      item_list_id: 'category:muesli',
      item_list_name: 'Muesli',
      price: 29.95,
      index: 3,
      quantity: 1,
    })
  })

  it('pushes every event as the domain defines it', () => {
    const landingPage = { key: 'winter', title: 'Winter' } as Parameters<typeof promotionOf>[0]
    const batcher = new ImpressionBatcher()
    batcher.add(list, item(1, 0))
    batcher.flush()
    trackSelectItem(item(1, 0))
    trackViewItem(product(1), 101, 'EUR')
    trackViewPromotion([promotionOf(landingPage, 'list-1')])
    trackSelectPromotion(promotionOf(landingPage, 'list-1'))
    trackAddToCart(product(1), 101, 2, 'EUR')
    const cartItem = itemOfLine(line, product(1))
    trackRemoveFromCart(cartItem, 'EUR')
    trackViewCart([cartItem], 'EUR')
    trackViewCart([], 'EUR')
    trackBeginCheckout([cartItem], 'EUR', 'WELKOM10')
    trackAddPaymentInfo([cartItem], 'EUR', 'ideal', null)
    trackPurchase(
      {
        orderNumber: 17,
        lines: [
          { productVariantId: 101, description: 'Product 1', productLabel: 'Zak', unitAmount: 2995, quantity: 3 },
        ],
        totals: { currency: 'EUR', totalAmount: 8985, vatAmountLow: 742, vatAmountHigh: 0, shippingCosts: 0 },
      } as Parameters<typeof trackPurchase>[0],
      'Equivera Nederland',
    )
    trackAddShippingInfo([cartItem], 'EUR', 'WELKOM10', 'home')
    const events = window.dataLayer!.filter((entry) => (entry as { event?: string }).event !== undefined)
    for (const pushed of events) expect(EcommerceEventSchema.safeParse(pushed).error).toBeUndefined()
    // Every event the domain knows is sent somewhere.
    expect(new Set(events.map((pushed) => (pushed as EcommerceEvent).event))).toEqual(
      new Set(EcommerceEventSchema.options.map((option) => option.shape.event.value)),
    )
  })

  it('clears the previous e-commerce object before each event', () => {
    trackSelectItem(item(1, 0))
    trackViewItem(product(1), 101, 'EUR')
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      {
        event: 'select_item',
        ecommerce: { item_list_id: 'category:muesli', item_list_name: 'Muesli', items: [item(1, 0)] },
      },
      { ecommerce: null },
      {
        event: 'view_item',
        ecommerce: {
          currency: 'EUR',
          value: 29.95,
          items: [expect.objectContaining({ item_id: '101', item_variant: 'EQ-101' })],
        },
      },
    ])
  })

  describe('cart events', () => {
    const last = () => window.dataLayer!.at(-1) as { event: string; ecommerce: Record<string, unknown> }

    it('sends add_to_cart with the quantity, the value and the cart-line fields', () => {
      trackAddToCart(product(1), 101, 2, 'EUR')
      expect(last()).toEqual({
        event: 'add_to_cart',
        ecommerce: {
          currency: 'EUR',
          value: 59.9,
          items: [
            {
              item_id: '101',
              item_name: 'Product 1',
              item_brand: 'Equivera',
              item_category: 'muesli',
              item_variant: 'EQ-101',
              price: 29.95,
              quantity: 2,
            },
          ],
        },
      })
    })

    it('sends remove_from_cart, view_cart and begin_checkout (with the code as coupon) for calculated lines', () => {
      const cartItem = itemOfLine(line, product(1))
      expect(cartItem).toMatchObject({ item_id: '101', item_variant: 'Zak · 20 kg', price: 29.95, quantity: 3 })
      trackRemoveFromCart(cartItem, 'EUR')
      expect(last()).toMatchObject({ event: 'remove_from_cart', ecommerce: { value: 89.85, items: [cartItem] } })
      trackViewCart([cartItem], 'DKK')
      expect(last()).toMatchObject({ event: 'view_cart', ecommerce: { currency: 'DKK', value: 89.85 } })
      trackBeginCheckout([cartItem], 'EUR', 'WELKOM10')
      expect(last()).toMatchObject({ event: 'begin_checkout', ecommerce: { coupon: 'WELKOM10', items: [cartItem] } })
      trackBeginCheckout([cartItem], 'EUR', null)
      expect(last().ecommerce).not.toHaveProperty('coupon')
    })

    it('sends add_shipping_info with the delivery as shipping_tier', () => {
      const cartItem = itemOfLine(line, product(1))
      trackAddShippingInfo([cartItem], 'EUR', null, 'pickup_point')
      expect(last()).toMatchObject({
        event: 'add_shipping_info',
        ecommerce: { currency: 'EUR', value: 89.85, shipping_tier: 'pickup_point', items: [cartItem] },
      })
      expect(last().ecommerce).not.toHaveProperty('coupon')
    })
  })
})
