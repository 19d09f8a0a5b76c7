import { describe, expect, it } from 'vitest'
import type { Address } from '../../domain/address.ts'
import {
  costOf,
  deliveryCalls,
  initialChoice,
  offeredChoices,
  openingRows,
  type DeliveryChoice,
} from './delivery-choice.ts'

const address: Address = {
  zipcode: '3511 AB',
  street: 'Oudegracht',
  streetNumber: '12',
  streetNumberAddition: '',
  city: 'Utrecht',
  countryId: 1,
}
const point = { parcelShopId: 'NL-0042', zipcodeOrCity: 'Amsterdam' }
const cart = (patch: Partial<Parameters<typeof deliveryCalls>[1]> = {}): Parameters<typeof deliveryCalls>[1] => ({
  shipping: { address: null, shippingMethod: 0 },
  alternativeShippingAddress: false,
  dpdParcelShopId: null,
  dpdParcelShopZipcodeOrCity: null,
  ...patch,
})
const both = [
  { shippingMethod: 0 as const, price: 695, priceExVat: 574 },
  { shippingMethod: 1 as const, price: 0, priceExVat: 0 },
]
const all: DeliveryChoice[] = ['home', 'alternative', 'pickup']

describe('the delivery choice', () => {
  it.each([
    ['home delivery', cart(), null, 'home'],
    ['the cart page’s pickup point', cart({ shipping: { address: null, shippingMethod: 1 } }), null, 'pickup'],
    [
      'another address flagged',
      cart({ alternativeShippingAddress: true, shipping: { address, shippingMethod: 0 } }),
      null,
      'alternative',
    ],
    ['another address begun on this device', cart(), 'alternative', 'alternative'],
    ['a draft’s pickup over the cart’s home', cart(), 'pickup', 'home'],
    [
      'a draft’s home over the cart’s pickup',
      cart({ shipping: { address: null, shippingMethod: 1 } }),
      'home',
      'pickup',
    ],
  ] as const)('opens with %s', (_, c, drafted, expected) => {
    expect(initialChoice(c, drafted, all)).toBe(expected)
  })

  it('falls back to home delivery when the site offers no pickup points', () => {
    const c = cart({ shipping: { address: null, shippingMethod: 1 } })
    expect(initialChoice(c, null, offeredChoices([both[0]!]))).toBe('home')
  })

  it('offers every choice until the server says, then those of its shipping methods, each with its cost', () => {
    expect(offeredChoices(null)).toEqual(all)
    expect(offeredChoices(both)).toEqual(all)
    expect(offeredChoices([both[0]!])).toEqual(['home', 'alternative'])
    expect(costOf('alternative', both)).toBe(695)
    expect(costOf('pickup', both)).toBe(0)
    expect(costOf('pickup', null)).toBeNull()
  })
})

describe('the calls that save the choice', () => {
  it('sends nothing for home delivery the cart already has', () => {
    expect(deliveryCalls('home', cart(), { address: null, point: null })).toEqual([])
  })

  it('goes home from a pickup point and from another address, clearing the flag first', () => {
    expect(
      deliveryCalls('home', cart({ shipping: { address: null, shippingMethod: 1 } }), { address: null, point: null }),
    ).toEqual([{ call: 'shipping', shippingMethod: 0 }])
    expect(deliveryCalls('home', cart({ alternativeShippingAddress: true }), { address: null, point: null })).toEqual([
      { call: 'alternative', alternative: false },
    ])
  })

  it('stores another address before flagging it, and needs a checked address', () => {
    expect(deliveryCalls('alternative', cart(), { address: null, point: null })).toBeNull()
    expect(deliveryCalls('alternative', cart(), { address, point: null })).toEqual([
      { call: 'shipping', shippingMethod: 0, address },
      { call: 'alternative', alternative: true },
    ])
    expect(
      deliveryCalls(
        'alternative',
        cart({ alternativeShippingAddress: true, shipping: { address, shippingMethod: 1 } }),
        {
          address,
          point: null,
        },
      ),
    ).toEqual([{ call: 'shipping', shippingMethod: 0, address }])
  })

  it('needs a point for a pickup point, sends it once, and drops another address’s flag', () => {
    expect(deliveryCalls('pickup', cart(), { address: null, point: null })).toBeNull()
    expect(deliveryCalls('pickup', cart({ alternativeShippingAddress: true }), { address: null, point })).toEqual([
      { call: 'alternative', alternative: false },
      { call: 'pickupPoint', ...point },
    ])
    const chosen = cart({
      shipping: { address: null, shippingMethod: 1 },
      dpdParcelShopId: point.parcelShopId,
      dpdParcelShopZipcodeOrCity: point.zipcodeOrCity,
    })
    expect(deliveryCalls('pickup', chosen, { address: null, point })).toEqual([])
    // The cart page's home delivery with a point kept from before: the point is sent again, which sets method 1.
    expect(
      deliveryCalls('pickup', { ...chosen, shipping: { address: null, shippingMethod: 0 } }, { address: null, point }),
    ).toEqual([{ call: 'pickupPoint', ...point }])
  })
})

describe('opening hours', () => {
  const hours = (day: number, open = '09:00', close = '18:00') => ({ day, open, close })

  it('puts days with the same hours on one line and tells closed days', () => {
    expect(openingRows([1, 2, 3, 4, 5].map((d) => hours(d)).concat([hours(6, '10:00', '16:00')]))).toEqual([
      { from: 1, to: 5, hours: [{ open: '09:00', close: '18:00' }] },
      { from: 6, to: 6, hours: [{ open: '10:00', close: '16:00' }] },
      { from: 7, to: 7, hours: [] },
    ])
  })

  it('keeps a lunch break, in order, and does not join days across a different one', () => {
    const rows = openingRows([
      hours(1, '13:00', '18:00'),
      hours(1, '09:00', '12:00'),
      hours(2),
      hours(3, '13:00', '18:00'),
      hours(3, '09:00', '12:00'),
    ])
    expect(rows.map((r) => [r.from, r.to, r.hours.length])).toEqual([
      [1, 1, 2],
      [2, 2, 1],
      [3, 3, 2],
      [4, 7, 0],
    ])
    expect(rows[0]!.hours[0]).toEqual({ open: '09:00', close: '12:00' })
  })
})
