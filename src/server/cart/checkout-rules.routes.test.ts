// The checkout's rules at the API on real databases: the billing, shipping and company calls refuse what a shop would
// refuse (field by field, with locale keys the app shows beside each field) and keep what they take normalised; placing
// the order checks the gating and the rules again and places nothing when they refuse.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fieldErrorsOfParams } from '../../domain/field-errors.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { updateCart } from './cart.repository.ts'
import { SPORT_MUESLI, useCartApi } from './cart-test-setup.ts'

const NL = 1
const BE = 2
const DE = 3
const PL = 7
const GB = 15

const address = {
  zipcode: '1234 AB',
  street: 'Stalweg',
  streetNumber: '1',
  streetNumberAddition: '',
  city: 'Paardendorp',
  countryId: NL,
}
const billing = {
  firstName: 'Anna',
  lastName: 'de Vries',
  phoneNumber: '+31612345678',
  emailAddress: 'anna@example.nl',
  address,
}
const belgianAddress = { ...address, zipcode: '2000', street: 'Hoefijzerstraat', city: 'Antwerpen', countryId: BE }
const belgianBilling = { ...billing, phoneNumber: '+32470123456', address: belgianAddress }
const germanAddress = { ...address, zipcode: '10115', street: 'Stallweg', city: 'Berlin', countryId: DE }

describe.each(DIALECTS)('the checkout rules on %s', (dialect) => {
  const { db, request, newCart, cartOf, ok, add, refusedUnchanged } = useCartApi(dialect)

  /** A refused change: 400 invalidFields, the cart as it was, and the field errors it names. */
  async function refusedFields(id: string, method: 'POST' | 'PUT', path: string, body: object, host = HOSTS.nl) {
    const refused = await refusedUnchanged(
      id,
      () => request(method, `/api/cart/${id}/${path}`, { body, host }),
      400,
      'invalidFields',
    )
    expect(refused.issues?.length).toBeGreaterThan(0)
    for (const issue of refused.issues ?? []) expect(issue.message).not.toMatch(/^(validation|localization)\./)
    return { body: refused, fields: fieldErrorsOfParams(refused.params ?? {}) }
  }

  describe('billing', () => {
    it.each<[string, object, string, string, Record<string, string>?]>([
      [
        'a postcode of another form',
        { address: { ...address, zipcode: '12345' } },
        'address.zipcode',
        'validation.postcode',
      ],
      ['no street', { address: { ...address, street: ' ' } }, 'address.street', 'validation.required'],
      [
        'a house number with letters',
        { address: { ...address, streetNumber: '12a' } },
        'address.streetNumber',
        'validation.houseNumber',
      ],
      [
        'a city too long',
        { address: { ...address, city: 'x'.repeat(81) } },
        'address.city',
        'validation.maxLength',
        { max: '80' },
      ],
      ['no country', { address: { ...address, countryId: null } }, 'address.countryId', 'validation.required'],
      [
        'a country the shop does not deliver to',
        { address: { ...address, countryId: GB, zipcode: 'SW1A 1AA' } },
        'address.countryId',
        'validation.country',
      ],
      ['no first name', { firstName: '' }, 'firstName', 'validation.required'],
      ['a last name too long', { lastName: 'x'.repeat(81) }, 'lastName', 'validation.maxLength', { max: '80' }],
      ['an e-mail address that is none', { emailAddress: 'anna@' }, 'emailAddress', 'validation.email'],
      ['a phone number that is none', { phoneNumber: 'bel me' }, 'phoneNumber', 'validation.phone'],
    ])('refuses %s, naming the field and its message', async (_, change, path, key, params = {}) => {
      const { shoppingcartId: id } = await newCart()
      const { fields } = await refusedFields(id, 'POST', 'billing', { ...billing, ...change })
      expect(fields).toEqual([{ path, key, params }])
    })

    it('names every refused field at once, in the request’s language', async () => {
      const { shoppingcartId: id } = await newCart()
      const { body, fields } = await refusedFields(id, 'POST', 'billing', {
        ...billing,
        phoneNumber: '12',
        address: { ...address, zipcode: '0000 AA', street: '' },
      })
      expect(fields.map((f) => f.path).toSorted()).toEqual(['address.street', 'address.zipcode', 'phoneNumber'])
      expect(body.localizedMessage).toBe('Niet alle gegevens kloppen. Controleer de gemarkeerde velden.')
      expect(body.issues).toContainEqual({ path: 'address.zipcode', message: 'Vul een geldige postcode in' })
    })

    it('keeps the postcode and the phone number normalised', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(
        request('POST', `/api/cart/${id}/billing`, {
          body: { ...billing, phoneNumber: '06-1234 5678', address: { ...address, zipcode: '1234ab', city: ' Ede ' } },
        }),
      )
      expect((await cartOf(id)).billing).toEqual({
        ...billing,
        phoneNumber: '+31612345678',
        address: { ...address, zipcode: '1234 AB', city: 'Ede' },
      })
    })

    it.each([
      ['the Belgian', HOSTS.be],
      ['the German', HOSTS.de],
    ])('refuses a Dutch address on %s site, on the country', async (_, host) => {
      const { shoppingcartId: id } = await newCart(host)
      const res = await request('POST', `/api/cart/${id}/billing`, { body: billing, host })
      expect(res.statusCode, res.body).toBe(400)
      expect(fieldErrorsOfParams(res.json().params)).toEqual([
        { path: 'address.countryId', key: 'localization.dutchAddressNotice', params: {} },
      ])
      expect(res.json().issues[0].message).not.toMatch(/^localization\./)
    })

    it('takes a Dutch address on the Dutch site and a Belgian one on the Belgian site', async () => {
      const nl = await newCart()
      await ok(request('POST', `/api/cart/${nl.shoppingcartId}/billing`, { body: billing }))
      const be = await newCart(HOSTS.be)
      await ok(request('POST', `/api/cart/${be.shoppingcartId}/billing`, { body: belgianBilling, host: HOSTS.be }))
    })

    it('refuses a postcode in an exclusion for home delivery, with the exclusion as the reason', async () => {
      const { shoppingcartId: id } = await newCart()
      const { body, fields } = await refusedFields(id, 'POST', 'billing', {
        ...billing,
        address: { ...address, zipcode: '1792AB', city: 'Den Burg' },
      })
      expect(fields).toEqual([
        { path: 'address.zipcode', key: 'validation.postcodeExcluded', params: { reason: 'Texel' } },
      ])
      expect(body.params).toEqual({
        'address.zipcode': 'validation.postcodeExcluded',
        'address.zipcode:reason': 'Texel',
      })
      expect(body.issues).toEqual([
        {
          path: 'address.zipcode',
          message: 'Om logistieke redenen kunnen we niet bezorgen in dit postcodegebied (Texel)',
        },
      ])
    })

    it('takes a billing address in an exclusion when the goods go elsewhere, but not that elsewhere', async () => {
      const { shoppingcartId: id } = await newCart()
      const texel = { ...address, zipcode: '1792 AB', city: 'Den Burg' }
      await ok(request('POST', `/api/cart/${id}/alternativeshipping?alternativeShippingAddress=true`))
      await ok(request('POST', `/api/cart/${id}/billing`, { body: { ...billing, address: texel } }))
      const { fields } = await refusedFields(id, 'PUT', 'shipping', { address: texel, shippingMethod: 0 })
      expect(fields).toEqual([
        { path: 'address.zipcode', key: 'validation.postcodeExcluded', params: { reason: 'Texel' } },
      ])
      await ok(request('PUT', `/api/cart/${id}/shipping`, { body: { address, shippingMethod: 0 } }))
    })
  })

  describe('shipping and company', () => {
    it('refuses a delivery address per field and keeps one normalised', async () => {
      const { shoppingcartId: id } = await newCart()
      const { fields } = await refusedFields(id, 'PUT', 'shipping', {
        address: { ...germanAddress, zipcode: '1011' },
        shippingMethod: 0,
      })
      expect(fields).toEqual([{ path: 'address.zipcode', key: 'validation.postcode', params: {} }])
      const polish = { ...address, zipcode: '00950', street: 'Końska', city: 'Warszawa', countryId: PL }
      await ok(request('PUT', `/api/cart/${id}/shipping`, { body: { address: polish, shippingMethod: 0 } }))
      expect((await cartOf(id)).shipping?.address).toEqual({ ...polish, zipcode: '00-950' })
    })

    it('refuses a Dutch delivery address on the Belgian site', async () => {
      const { shoppingcartId: id } = await newCart(HOSTS.be)
      const res = await request('PUT', `/api/cart/${id}/shipping`, {
        body: { address, shippingMethod: 0 },
        host: HOSTS.be,
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().params).toEqual({ 'address.countryId': 'localization.dutchAddressNotice' })
    })

    it('checks the VAT number against the billing country and keeps it normalised', async () => {
      const { shoppingcartId: id } = await newCart(HOSTS.be)
      await ok(request('POST', `/api/cart/${id}/billing`, { body: belgianBilling, host: HOSTS.be }))
      const res = await request('PUT', `/api/cart/${id}/companyinfo`, {
        body: { companyName: 'Stal Peeters', vatNumber: 'NL123456789B01' },
        host: HOSTS.be,
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().params).toEqual({ vatNumber: 'validation.vatNumber' })
      await ok(
        request('PUT', `/api/cart/${id}/companyinfo`, {
          body: { companyName: ' Stal Peeters ', vatNumber: '0123.456.789' },
          host: HOSTS.be,
        }),
      )
      expect((await cartOf(id, HOSTS.be)).company).toEqual({ companyName: 'Stal Peeters', vatNumber: 'BE0123456789' })
    })

    it('refuses a company name too long', async () => {
      const { shoppingcartId: id } = await newCart()
      const { fields } = await refusedFields(id, 'PUT', 'companyinfo', { companyName: 'x'.repeat(121), vatNumber: '' })
      expect(fields).toEqual([{ path: 'companyName', key: 'validation.maxLength', params: { max: '120' } }])
    })
  })

  describe('placing the order', () => {
    const placeOrder = (id: string) =>
      request('POST', `/api/cart/${id}/order`, {
        headers: { 'idempotency-key': randomBytes(16).toString('base64url') },
      })

    async function billedCart() {
      const { shoppingcartId: id } = await newCart()
      await ok(add(id, SPORT_MUESLI))
      await ok(request('POST', `/api/cart/${id}/billing`, { body: billing }))
      await ok(request('POST', `/api/cart/${id}/payment`, { body: { paymentMethodId: 1 } }))
      return id
    }

    /** A refused placement: 409 checkoutIncomplete with the step, and no order of the cart. */
    async function refusedPlacement(id: string, step: string) {
      const res = await placeOrder(id)
      expect(res.statusCode, res.body).toBe(409)
      const body = res.json()
      expect(body).toMatchObject({ code: 'checkoutIncomplete', params: { step } })
      const orders = await db().selectFrom('orders').select('id').where('cartId', '=', id).execute()
      expect(orders).toEqual([])
      expect((await cartOf(id)).products).toHaveLength(1)
      return body as { params: Record<string, string>; issues?: { path: string; message: string }[] }
    }

    it.each<[string, (id: string) => Promise<unknown>, string]>([
      [
        'DPD without a pickup point',
        (id) => ok(request('PUT', `/api/cart/${id}/shipping`, { body: { shippingMethod: 1 } })),
        'delivery',
      ],
      [
        'an alternative address without a country',
        (id) => ok(request('POST', `/api/cart/${id}/alternativeshipping?alternativeShippingAddress=true`)),
        'delivery',
      ],
      [
        'no billing details',
        (id) =>
          db()
            .transaction()
            .execute((trx) => updateCart(trx, id, { billing: null })),
        'billing',
      ],
    ])('refuses a cart with %s, naming the step, and places nothing', async (_, make, step) => {
      const id = await billedCart()
      await make(id)
      const body = await refusedPlacement(id, step)
      expect(body.issues).toBeUndefined()
    })

    it('refuses details stored before the rules, with the step and the fields to correct', async () => {
      const id = await billedCart()
      await db()
        .transaction()
        .execute((trx) => updateCart(trx, id, { billing: { ...billing, phoneNumber: '12' } }))
      const body = await refusedPlacement(id, 'billing')
      expect(fieldErrorsOfParams(body.params)).toEqual([
        { path: 'billing.phoneNumber', key: 'validation.phone', params: {} },
      ])
    })

    it('refuses a home delivery into an exclusion at the delivery step', async () => {
      const id = await billedCart()
      const texel = { ...billing, address: { ...address, zipcode: '1792 AB' } }
      await db()
        .transaction()
        .execute((trx) => updateCart(trx, id, { billing: texel }))
      const body = await refusedPlacement(id, 'delivery')
      expect(body.params).toMatchObject({
        'billing.address.zipcode': 'validation.postcodeExcluded',
        'billing.address.zipcode:reason': 'Texel',
      })
    })

    it('places a cart that passes, with a pickup point for the same Texel address', async () => {
      const id = await billedCart()
      const texel = { ...billing, address: { ...address, zipcode: '1792 AB' } }
      await db()
        .transaction()
        .execute((trx) => updateCart(trx, id, { billing: texel }))
      await ok(
        request('POST', `/api/cart/${id}/setdpdpickuppoint?parcelShopId=NL-12345&parcelShopZipcodeOrCity=Den%20Helder`),
      )
      const res = await placeOrder(id)
      expect(res.statusCode, res.body).toBe(200)
    })
  })
})
