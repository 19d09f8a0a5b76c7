// The delivery step's rules, apart from its screen: which of the three deliveries (home to the billing address,
// another address, a DPD pickup point) a cart stands for and which the site offers, what each costs, and the calls
// that make the server's cart say what the shopper chose, in an order that never leaves it half-way through a
// choice the gate would refuse (spec §4: Dpd needs a point, an alternative address needs a country).
import type { ShippingAddress } from '../../domain/address.ts'
import type { Cart, ShippingMethodOption } from '../../domain/cart.ts'
import type { ShippingMethod } from '../../domain/enums.ts'
import type { OpeningHours } from '../../domain/pickup-points.ts'

export const DELIVERY_CHOICES = ['home', 'alternative', 'pickup'] as const
export type DeliveryChoice = (typeof DELIVERY_CHOICES)[number]

/** The GA4 shipping_tier of each choice. */
export const SHIPPING_TIER = {
  home: 'home',
  alternative: 'alternative',
  pickup: 'pickup_point',
} as const satisfies Record<DeliveryChoice, string>

export const methodOf = (choice: DeliveryChoice): ShippingMethod => (choice === 'pickup' ? 1 : 0)

type DeliveryCart = Pick<
  Cart,
  'shipping' | 'alternativeShippingAddress' | 'dpdParcelShopId' | 'dpdParcelShopZipcodeOrCity'
>

/**
 * The choice the step opens with. The server's cart decides (the cart page's choice of home or pickup point is in
 * it); a draft can only say that the shopper had begun another address, which the cart page cannot express.
 */
export function initialChoice(cart: DeliveryCart, drafted: DeliveryChoice | null, offered: readonly DeliveryChoice[]) {
  const fromCart: DeliveryChoice =
    cart.shipping?.shippingMethod === 1 ? 'pickup' : cart.alternativeShippingAddress ? 'alternative' : 'home'
  const choice = fromCart === 'home' && drafted === 'alternative' ? 'alternative' : fromCart
  return offered.includes(choice) ? choice : 'home'
}

/**
 * The choices the site offers this cart: home and another address go with shipping method 0, a pickup point with
 * method 1. Before the server has said (or when it cannot be asked), every choice is shown.
 */
export function offeredChoices(methods: readonly ShippingMethodOption[] | null): DeliveryChoice[] {
  if (!methods) return [...DELIVERY_CHOICES]
  return DELIVERY_CHOICES.filter((choice) => methods.some((m) => m.shippingMethod === methodOf(choice)))
}

/** What the choice costs this cart in cents, or null when not known. */
export function costOf(choice: DeliveryChoice, methods: readonly ShippingMethodOption[] | null): number | null {
  return methods?.find((m) => m.shippingMethod === methodOf(choice))?.price ?? null
}

/** What the shopper has chosen with the choice: the point, or the checked other address. */
export interface DeliveryDetails {
  address: ShippingAddress | null
  point: { parcelShopId: string; zipcodeOrCity: string } | null
}

export type DeliveryCall =
  | { call: 'alternative'; alternative: boolean }
  | { call: 'shipping'; shippingMethod: ShippingMethod; address?: ShippingAddress }
  | { call: 'pickupPoint'; parcelShopId: string; zipcodeOrCity: string }

/**
 * The calls that make the cart hold the choice, none when it already does; null when the choice is not complete
 * (a pickup point without a point, another address without a checked address). The alternative flag is cleared
 * first and set last, so the cart never has the flag without an address.
 */
export function deliveryCalls(choice: DeliveryChoice, cart: DeliveryCart, details: DeliveryDetails) {
  const calls: DeliveryCall[] = []
  const method = cart.shipping?.shippingMethod ?? 0
  if (choice !== 'alternative' && cart.alternativeShippingAddress)
    calls.push({ call: 'alternative', alternative: false })
  switch (choice) {
    case 'home':
      if (method !== 0) calls.push({ call: 'shipping', shippingMethod: 0 })
      return calls
    case 'alternative':
      if (!details.address) return null
      calls.push({ call: 'shipping', shippingMethod: 0, address: details.address })
      if (!cart.alternativeShippingAddress) calls.push({ call: 'alternative', alternative: true })
      return calls
    case 'pickup': {
      const point = details.point
      if (!point) return null
      const same =
        method === 1 &&
        cart.dpdParcelShopId === point.parcelShopId &&
        cart.dpdParcelShopZipcodeOrCity === point.zipcodeOrCity
      // Setting the point also sets shipping method 1.
      if (!same) calls.push({ call: 'pickupPoint', ...point })
      return calls
    }
  }
}

/** A line of a point's opening hours: a run of days (ISO 1 = Monday … 7 = Sunday) with the same hours, or closed. */
export interface OpeningRow {
  from: number
  to: number
  /** The day's hours, 'open–close' ranges in order; empty when closed. */
  hours: { open: string; close: string }[]
}

/** The week from Monday, consecutive days with the same hours on one line (Mon–Fri 09:00–18:00). */
export function openingRows(hours: readonly OpeningHours[]): OpeningRow[] {
  const rows: OpeningRow[] = []
  for (let day = 1; day <= 7; day++) {
    const today = hours
      .filter((h) => h.day === day)
      .map(({ open, close }) => ({ open, close }))
      .toSorted((a, b) => a.open.localeCompare(b.open))
    const last = rows.at(-1)
    if (last && last.to === day - 1 && sameHours(last.hours, today)) last.to = day
    else rows.push({ from: day, to: day, hours: today })
  }
  return rows
}

const sameHours = (a: OpeningRow['hours'], b: OpeningRow['hours']) =>
  a.length === b.length && a.every((h, i) => h.open === b[i]!.open && h.close === b[i]!.close)
