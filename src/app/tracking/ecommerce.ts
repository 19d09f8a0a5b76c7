// The e-commerce events the app sends, as src/domain/tracking.ts defines them, for the catalogue: view_item_list
// (impressions, batched: one event a second after the last product came into view), select_item, view_item,
// view_promotion and select_promotion; for the cart: add_to_cart, remove_from_cart, view_cart and begin_checkout; and
// for the checkout: add_shipping_info, add_payment_info and purchase (sent once per order: purchase-once.ts).
import type { CartLine } from '../../domain/cart.ts'
import type { Order } from '../../domain/orders.ts'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import type { CatalogueProduct, LandingPage } from '../../domain/product.ts'
import type { EcommerceEvent, Ga4Item, Promotion } from '../../domain/tracking.ts'
import { clearEcommerce, pushEvent } from './data-layer.ts'

export interface ItemList {
  id: string
  name: string
}

const units = (cents: number) => Math.round(cents) / 100

export function itemOfSummary(summary: ProductSummary, list: ItemList, index: number): Ga4Item {
  return {
    item_id: String(summary.productVariantId),
    item_name: summary.name,
    item_brand: summary.brand,
    item_category: summary.productGroup,
    item_list_id: list.id,
    item_list_name: list.name,
    price: units(summary.price),
    index,
    quantity: 1,
  }
}

export function itemOfProduct(product: CatalogueProduct, productVariantId: number): Ga4Item {
  const variant = product.variants.find((v) => v.productVariantId === productVariantId) ?? product.variants[0]!
  return {
    item_id: String(variant.productVariantId),
    item_name: product.name,
    item_brand: product.brand,
    item_category: product.productGroup,
    item_variant: variant.articleNumber,
    price: units(variant.price),
    quantity: 1,
  }
}

/** GA4 asks to clear the previous e-commerce object before each e-commerce event. */
function pushEcommerce(event: EcommerceEvent): void {
  clearEcommerce()
  pushEvent(event)
}

export const VIEW_ITEM_LIST_DELAY_MS = 1000

/** Collects impressions and sends them as one view_item_list per list, a second after the last one came in. */
export class ImpressionBatcher {
  readonly #pending = new Map<string, { list: ItemList; items: Ga4Item[]; seen: Set<string> }>()
  #timer: ReturnType<typeof setTimeout> | undefined
  readonly #delay: number
  readonly #send: (event: EcommerceEvent) => unknown

  constructor(delay = VIEW_ITEM_LIST_DELAY_MS, send: (event: EcommerceEvent) => unknown = pushEcommerce) {
    this.#delay = delay
    this.#send = send
  }

  add(list: ItemList, item: Ga4Item): void {
    let batch = this.#pending.get(list.id)
    if (!batch) this.#pending.set(list.id, (batch = { list, items: [], seen: new Set() }))
    if (batch.seen.has(item.item_id)) return
    batch.seen.add(item.item_id)
    batch.items.push(item)
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.flush(), this.#delay)
  }

  flush(): void {
    clearTimeout(this.#timer)
    for (const { list, items } of this.#pending.values())
      if (items.length > 0)
        this.#send({ event: 'view_item_list', ecommerce: { item_list_id: list.id, item_list_name: list.name, items } })
    this.#pending.clear()
  }
}

export const impressions = new ImpressionBatcher()

export function trackSelectItem(item: Ga4Item): void {
  impressions.flush() // an impression comes before the click on it
  pushEcommerce({
    event: 'select_item',
    ecommerce: { item_list_id: item.item_list_id, item_list_name: item.item_list_name, items: [item] },
  })
}

export function trackViewItem(product: CatalogueProduct, productVariantId: number, currency: string): void {
  const item = itemOfProduct(product, productVariantId)
  pushEcommerce({ event: 'view_item', ecommerce: { currency, value: item.price, items: [item] } })
}

export const promotionOf = (page: LandingPage, slot: string): Promotion => ({
  promotion_id: page.key,
  promotion_name: page.title,
  creative_slot: slot,
})

export function trackViewPromotion(promotions: Promotion[]): void {
  if (promotions.length > 0) pushEcommerce({ event: 'view_promotion', ecommerce: { items: promotions } })
}

export function trackSelectPromotion(promotion: Promotion): void {
  pushEcommerce({ event: 'select_promotion', ecommerce: { ...promotion, items: [promotion] } })
}

/** A cart line as an item; brand and group come from the product where the device knows it. */
export function itemOfLine(line: CartLine, product: CatalogueProduct | undefined): Ga4Item {
  return {
    item_id: String(line.productVariantId),
    item_name: line.description,
    item_brand: product?.brand ?? '',
    item_category: product?.productGroup ?? '',
    item_variant: line.productLabel,
    price: units(line.originalAmount / line.quantity),
    quantity: line.quantity,
  }
}

const valueOf = (items: Ga4Item[]) => Math.round(items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100

export function trackAddToCart(
  product: CatalogueProduct,
  productVariantId: number,
  quantity: number,
  currency: string,
) {
  const item = { ...itemOfProduct(product, productVariantId), quantity }
  pushEcommerce({ event: 'add_to_cart', ecommerce: { currency, value: valueOf([item]), items: [item] } })
}

export function trackRemoveFromCart(item: Ga4Item, currency: string) {
  pushEcommerce({ event: 'remove_from_cart', ecommerce: { currency, value: valueOf([item]), items: [item] } })
}

export function trackViewCart(items: Ga4Item[], currency: string) {
  pushEcommerce({ event: 'view_cart', ecommerce: { currency, value: valueOf(items), items } })
}

export function trackBeginCheckout(items: Ga4Item[], currency: string, coupon: string | null) {
  pushEcommerce({
    event: 'begin_checkout',
    ecommerce: { currency, value: valueOf(items), ...(coupon && { coupon }), items },
  })
}

/** The delivery is confirmed: how it goes (home, another address, a pickup point) with the order's items. */
export function trackAddShippingInfo(
  items: Ga4Item[],
  currency: string,
  coupon: string | null,
  shippingTier: 'home' | 'alternative' | 'pickup_point',
) {
  pushEcommerce({
    event: 'add_shipping_info',
    ecommerce: { currency, value: valueOf(items), ...(coupon && { coupon }), shipping_tier: shippingTier, items },
  })
}

export function trackAddPaymentInfo(items: Ga4Item[], currency: string, paymentType: string, coupon: string | null) {
  pushEcommerce({
    event: 'add_payment_info',
    ecommerce: { currency, value: valueOf(items), payment_type: paymentType, ...(coupon && { coupon }), items },
  })
}

/** An order line as an item: what was ordered, at the price it was ordered for (brand and group are not kept). */
export function itemOfOrderLine(line: Order['lines'][number]): Ga4Item {
  return {
    item_id: String(line.productVariantId),
    item_name: line.description,
    item_brand: '',
    item_category: '',
    item_variant: line.productLabel,
    price: units(line.unitAmount),
    quantity: line.quantity,
  }
}

/**
 * The purchase of a paid order. Its id is the order number the customer and the back office know; nothing of the
 * order's key or the customer goes to analytics.
 */
export function purchaseEvent(order: Order, affiliation: string): EcommerceEvent {
  const { totals } = order
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: String(order.orderNumber),
      affiliation,
      currency: totals.currency,
      value: units(totals.totalAmount),
      tax: units(totals.vatAmountLow + totals.vatAmountHigh),
      shipping: units(totals.shippingCosts),
      items: order.lines.map(itemOfOrderLine),
    },
  }
}

export function trackPurchase(order: Order, affiliation: string) {
  pushEcommerce(purchaseEvent(order, affiliation))
}
