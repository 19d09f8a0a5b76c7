import { describe, expect, it } from 'vitest'
import { EMPTY_ADDRESS } from './address.ts'
import { deliveryComplete, gateStep, mayReach, needsPayment, nextStep, type GatedCart } from './checkout.ts'

const line = { productId: 1, productVariantId: 11, count: 1, rqsSamples: [] }
const empty: GatedCart = {
  products: [],
  billing: null,
  shipping: null,
  alternativeShippingAddress: false,
  dpdParcelShopId: null,
  dpdParcelShopZipcodeOrCity: null,
  scanProductsOnly: false,
}
const person = { firstName: 'An', lastName: 'Smit', phoneNumber: '+31612345678', emailAddress: 'an@example.com' }
const withProduct: GatedCart = { ...empty, products: [line] }
const billed: GatedCart = { ...withProduct, billing: { ...person, address: { ...EMPTY_ADDRESS, countryId: 1 } } }

describe('checkout gating (spec §4)', () => {
  it('needs a product for billing, and sends an empty cart back to the cart', () => {
    expect(mayReach('billing', empty)).toBe(false)
    expect(gateStep('billing', empty)).toBeNull()
    expect(gateStep('payment', empty)).toBeNull()
    expect(gateStep('billing', withProduct)).toBe('billing')
  })

  it('needs billing with a country for delivery', () => {
    const noCountry = { ...withProduct, billing: { ...person, address: EMPTY_ADDRESS } }
    expect(gateStep('delivery', noCountry)).toBe('billing')
    expect(gateStep('delivery', billed)).toBe('delivery')
    // login is a step of its own, never where a shopper is sent back to
    expect(gateStep('login', billed)).toBe('login')
  })

  it('needs a complete pickup point or an alternative address with a country for payment', () => {
    expect(gateStep('payment', billed)).toBe('payment')
    const dpd = { ...billed, shipping: { address: null, shippingMethod: 1 as const } }
    expect(deliveryComplete(dpd)).toBe(false)
    expect(gateStep('payment', dpd)).toBe('delivery')
    expect(gateStep('payment', { ...dpd, dpdParcelShopId: 'NL1234', dpdParcelShopZipcodeOrCity: 'Utrecht' })).toBe(
      'payment',
    )
    const alternative = { ...billed, alternativeShippingAddress: true }
    expect(gateStep('payment', alternative)).toBe('delivery')
    const withAddress = {
      ...alternative,
      shipping: { address: { ...EMPTY_ADDRESS, countryId: 2 }, shippingMethod: 0 as const },
    }
    expect(gateStep('payment', withAddress)).toBe('payment')
  })

  it('skips delivery for scan-only carts', () => {
    const scans = { ...billed, scanProductsOnly: true, alternativeShippingAddress: true }
    expect(mayReach('delivery', scans)).toBe(false)
    expect(gateStep('delivery', scans)).toBe('payment')
    expect(gateStep('delivery', { ...scans, billing: null })).toBe('billing')
    expect(gateStep('payment', scans)).toBe('payment')
    expect(nextStep('billing', scans)).toBe('payment')
    expect(nextStep('billing', billed)).toBe('delivery')
  })

  it('asks for no payment when the total is 0', () => {
    expect(needsPayment(0)).toBe(false)
    expect(needsPayment(1)).toBe(true)
  })
})
