// The checkout's steps and which of them a cart may reach (spec §4 Checkout gating), one rule for the app's screens
// and the server's place-order call.
import type { Cart } from './cart.ts'

/** The flow: billing, login, delivery, payment, complete (spec §2). */
export const CHECKOUT_STEPS = ['billing', 'login', 'delivery', 'payment', 'complete'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

/** The steps a shopper fills in (complete shows an order, whatever the cart holds). */
export type FormStep = Exclude<CheckoutStep, 'complete'>

/** What the gating reads of a cart. */
export type GatedCart = Pick<
  Cart,
  | 'products'
  | 'billing'
  | 'shipping'
  | 'alternativeShippingAddress'
  | 'dpdParcelShopId'
  | 'dpdParcelShopZipcodeOrCity'
  | 'scanProductsOnly'
>

/** Billing (and the login step after it) needs at least one product. */
export const mayBill = (cart: GatedCart): boolean => cart.products.length > 0

/** Delivery needs billing with an address that has a country. */
export const mayDeliver = (cart: GatedCart): boolean => mayBill(cart) && cart.billing?.address.countryId != null

/** Delivery is skipped when the cart holds scan products only: samples are sent in by the customer. */
export const skipsDelivery = (cart: GatedCart): boolean => cart.scanProductsOnly

/**
 * The delivery is complete: for a pickup point (shipping method Dpd) its id and zip code or city, for an alternative
 * address one with a country; home delivery to the billing address needs nothing more. Scan-only carts have none.
 */
export function deliveryComplete(cart: GatedCart): boolean {
  if (cart.scanProductsOnly) return true
  const method = cart.shipping?.shippingMethod ?? 0
  if (method === 1 && !(cart.dpdParcelShopId && cart.dpdParcelShopZipcodeOrCity)) return false
  if (method === 0 && cart.alternativeShippingAddress && cart.shipping?.address?.countryId == null) return false
  return true
}

/** Payment (and placing the order) needs the billing and the delivery. */
export const mayPay = (cart: GatedCart): boolean => mayDeliver(cart) && deliveryComplete(cart)

/** An order needs a payment unless its total is 0 (then placing it completes it). */
export const needsPayment = (totalAmount: number): boolean => totalAmount > 0

export function mayReach(step: FormStep, cart: GatedCart): boolean {
  switch (step) {
    case 'billing':
    case 'login':
      return mayBill(cart)
    case 'delivery':
      return mayDeliver(cart) && !skipsDelivery(cart)
    case 'payment':
      return mayPay(cart)
  }
}

/**
 * Where a shopper asking for `step` goes: the step itself when the cart may reach it, else the last step before it
 * that it may (the first one with something left to fill in); null when not even billing (an empty cart: the cart
 * page). A scan-only cart asking for delivery goes on to payment when it may, else back to billing.
 */
export function gateStep(step: FormStep, cart: GatedCart): FormStep | null {
  if (step === 'delivery' && skipsDelivery(cart)) return gateStep(mayPay(cart) ? 'payment' : 'billing', cart)
  const order: FormStep[] = ['billing', 'login', 'delivery', 'payment']
  for (let i = order.indexOf(step); i >= 0; i--) {
    const candidate = order[i]!
    if (candidate === 'login' && i !== order.indexOf(step)) continue
    if (mayReach(candidate, cart)) return candidate
  }
  return null
}

/** The step after `step` in the flow for this cart (login is only visited when asked for; delivery skipped for scans). */
export function nextStep(step: FormStep, cart: GatedCart): FormStep {
  switch (step) {
    case 'billing':
    case 'login':
      return skipsDelivery(cart) ? 'payment' : 'delivery'
    case 'delivery':
    case 'payment':
      return 'payment'
  }
}
