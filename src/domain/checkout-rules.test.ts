import { describe, expect, it } from 'vitest'
import type { Cart } from './cart.ts'
import {
  checkBilling,
  checkCompany,
  checkoutRefusal,
  checkShippingAddress,
  deliveryAddressOf,
  type CountryFacts,
} from './checkout-rules.ts'

const NL: CountryFacts = {
  countryId: 1,
  regionCode: 'NL',
  zipcodeExclusions: [{ kind: 'range', from: '1791', to: '1797', description: 'Texel' }],
}
const BE: CountryFacts = { countryId: 2, regionCode: 'BE', zipcodeExclusions: [] }
const GB: CountryFacts = { countryId: 15, regionCode: 'GB', zipcodeExclusions: [] }
const address = {
  zipcode: '1234ab',
  street: 'Stalweg',
  streetNumber: '1',
  streetNumberAddition: '',
  city: 'Ede',
  countryId: 1,
}
const billing = {
  firstName: 'Anna',
  lastName: 'de Vries',
  phoneNumber: '06 12345678',
  emailAddress: 'anna@example.nl',
  address,
}
const onNl = { siteCountry: 'NL', country: NL, delivery: true }

describe('the checkout rules', () => {
  it('take billing details normalised', () => {
    expect(checkBilling(billing, onNl)).toEqual({
      ok: true,
      value: { ...billing, phoneNumber: '+31612345678', address: { ...address, zipcode: '1234 AB' } },
    })
  })

  it.each([
    ['a Dutch address on the Belgian site', { ...onNl, siteCountry: 'BE' }, 'localization.dutchAddressNotice'],
    ['a country the shop does not deliver to', { ...onNl, country: GB }, 'validation.country'],
    ['no country', { ...onNl, country: undefined }, 'validation.country'],
  ])('refuse %s on the country', (_, context, key) => {
    expect(checkBilling(billing, context)).toEqual({
      ok: false,
      errors: [{ path: 'address.countryId', key, params: {} }],
    })
  })

  it('refuse a delivery address in an exclusion with its description, and take it when nothing is delivered there', () => {
    const texel = { ...address, zipcode: '1792 ab' }
    expect(checkShippingAddress(texel, onNl)).toEqual({
      ok: false,
      errors: [{ path: 'address.zipcode', key: 'validation.postcodeExcluded', params: { reason: 'Texel' } }],
    })
    expect(checkShippingAddress(texel, { ...onNl, delivery: false }).ok).toBe(true)
  })

  it('check a VAT number against the billing country', () => {
    expect(checkCompany({ companyName: 'Stal', vatNumber: '0123.456.789' }, 'BE')).toEqual({
      ok: true,
      value: { companyName: 'Stal', vatNumber: 'BE0123456789' },
    })
    expect(checkCompany({ companyName: 'Stal', vatNumber: 'NL123456789B01' }, 'BE').ok).toBe(false)
  })

  describe('before an order is placed', () => {
    const cart = (change: Partial<Cart> = {}) => ({
      products: [{ productId: 1, productVariantId: 101, count: 1, rqsSamples: [] }],
      billing: { ...billing, phoneNumber: '+31612345678', address: { ...address, zipcode: '1234 AB' } },
      shipping: { address: null, shippingMethod: 0 as const },
      alternativeShippingAddress: false,
      dpdParcelShopId: null,
      dpdParcelShopZipcodeOrCity: null,
      scanProductsOnly: false,
      company: null,
      ...change,
    })
    const facts = {
      siteCountry: 'NL',
      countries: new Map([
        [1, NL],
        [2, BE],
      ]),
    }

    it('passes a complete cart, also with a Belgian alternative address', () => {
      expect(checkoutRefusal(cart(), facts)).toBeNull()
      const belgian = { ...address, zipcode: '2000', countryId: 2 }
      const elsewhere = cart({ alternativeShippingAddress: true, shipping: { address: belgian, shippingMethod: 0 } })
      expect(checkoutRefusal(elsewhere, facts)).toBeNull()
    })

    it.each<[string, Partial<Cart>, string, string[]]>([
      ['no billing', { billing: null }, 'billing', []],
      ['DPD without a pickup point', { shipping: { address: null, shippingMethod: 1 } }, 'delivery', []],
      ['an alternative address without a country', { alternativeShippingAddress: true }, 'delivery', []],
      [
        'a billing address on Texel for home delivery',
        { billing: { ...billing, address: { ...address, zipcode: '1792 AB' } } },
        'delivery',
        ['billing.address.zipcode'],
      ],
      [
        'a phone number stored before the rules',
        { billing: { ...billing, phoneNumber: '1' } },
        'billing',
        ['billing.phoneNumber'],
      ],
      [
        'a VAT number of another country',
        { company: { companyName: 'Stal', vatNumber: 'BE0123456789' } },
        'billing',
        ['company.vatNumber'],
      ],
    ])('refuses %s with the step to go back to', (_, change, step, paths) => {
      const refusal = checkoutRefusal(cart(change), facts)
      expect(refusal?.step).toBe(step)
      expect(refusal?.errors.map((e) => e.path)).toEqual(paths)
    })

    it('knows where the goods go', () => {
      expect(deliveryAddressOf(cart())).toBe('billing')
      expect(deliveryAddressOf(cart({ alternativeShippingAddress: true }))).toBe('shipping')
      expect(deliveryAddressOf(cart({ shipping: { address: null, shippingMethod: 1 } }))).toBeNull()
      expect(deliveryAddressOf(cart({ scanProductsOnly: true }))).toBeNull()
    })
  })
})
