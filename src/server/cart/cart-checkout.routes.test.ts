import { describe, expect, it } from 'vitest'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { useCartApi } from './cart-test-setup.ts'

describe.each(DIALECTS)('cart checkout details API on %s', (dialect) => {
  const { db, request, newCart, cartOf, ok, refusedUnchanged } = useCartApi(dialect)

  describe('checkout details', () => {
    const address = {
      zipcode: '1234 AB',
      street: 'Stalweg',
      streetNumber: '1',
      streetNumberAddition: '',
      city: 'Paardendorp',
      countryId: 1,
    }
    const billing = {
      firstName: 'Anna',
      lastName: 'de Vries',
      phoneNumber: '+31612345678',
      emailAddress: 'anna@example.nl',
      address,
    }

    it('keeps billing, shipping, company, payment, newsletter, dealer and pickup point on the cart', async () => {
      const { shoppingcartId: id } = await newCart()
      await ok(request('POST', `/api/cart/${id}/billing`, { body: billing }))
      await ok(request('PUT', `/api/cart/${id}/shipping`, { body: { address, shippingMethod: 0 } }))
      await ok(request('POST', `/api/cart/${id}/alternativeshipping?alternativeShippingAddress=true`))
      await ok(
        request('PUT', `/api/cart/${id}/companyinfo`, {
          body: { companyName: 'Stal de Vries', vatNumber: 'NL123456789B01' },
        }),
      )
      await ok(request('POST', `/api/cart/${id}/payment`, { body: { paymentMethodId: 1 } }))
      await ok(request('POST', `/api/cart/${id}/newsletter?subscribe=true`))
      await ok(request('POST', `/api/cart/${id}/setdealer?dealerId=10001`))
      const cart = await cartOf(id)
      expect(cart).toMatchObject({
        billing,
        shipping: { address, shippingMethod: 0 },
        alternativeShippingAddress: true,
        company: { companyName: 'Stal de Vries', vatNumber: 'NL123456789B01' },
        payment: { paymentMethodId: 1 },
        newsletterSubscribe: true,
        dealerId: 10001,
      })
      await ok(
        request('POST', `/api/cart/${id}/setdpdpickuppoint?parcelShopId=NL-12345&parcelShopZipcodeOrCity=Utrecht`),
      )
      await ok(request('PUT', `/api/cart/${id}/alternativeshipping-deprecated?alternativeShippingAddress=false`))
      expect(await cartOf(id)).toMatchObject({
        dpdParcelShopId: 'NL-12345',
        dpdParcelShopZipcodeOrCity: 'Utrecht',
        shipping: { shippingMethod: 1 },
        alternativeShippingAddress: false,
      })
    })

    it('keeps a password for the account made at checkout, hashed and never sent back', async () => {
      const { shoppingcartId: id } = await newCart()
      const confirmUrl = encodeURIComponent(`http://${HOSTS.nl}/account/confirm/`)
      await ok(request('POST', `/api/cart/${id}/setpassword?password=hooiberg7&confirmUrl=${confirmUrl}`))
      const row = await db()
        .selectFrom('carts')
        .select(['passwordHash', 'confirmUrl'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      expect(row.passwordHash).not.toContain('hooiberg7')
      expect(JSON.stringify((await request('GET', `/api/cart/${id}`)).json())).not.toContain('scrypt')
    })

    it('keeps who receives the parcel at another address, and refuses a name too long beside its field', async () => {
      const { shoppingcartId: id } = await newCart()
      const elsewhere = { ...address, firstName: ' Bram ', lastName: 'Jansen' }
      await ok(request('PUT', `/api/cart/${id}/shipping`, { body: { address: elsewhere, shippingMethod: 0 } }))
      expect(await cartOf(id)).toMatchObject({
        shipping: { address: { ...address, firstName: 'Bram', lastName: 'Jansen' }, shippingMethod: 0 },
      })
      const refused = await request('PUT', `/api/cart/${id}/shipping`, {
        body: { address: { ...address, firstName: 'B'.repeat(81) }, shippingMethod: 0 },
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({
        code: 'invalidFields',
        params: { 'address.firstName': 'validation.maxLength' },
      })
      expect((await cartOf(id)).shipping?.address).toMatchObject({ firstName: 'Bram' })
    })

    it.each<[string, () => [Parameters<typeof request>[0], string, object?], number, string]>([
      [
        'billing without an e-mail address',
        () => ['POST', 'billing', { ...billing, emailAddress: 'nope' }],
        400,
        'invalidFields',
      ],
      [
        'billing in a country that does not exist',
        () => ['POST', 'billing', { ...billing, address: { ...address, countryId: 999 } }],
        400,
        'unknownCountry',
      ],
      [
        'shipping by a method that does not exist',
        () => ['PUT', 'shipping', { address, shippingMethod: 5 }],
        400,
        'invalidBody',
      ],
      [
        'a company without a name',
        () => ['PUT', 'companyinfo', { companyName: '', vatNumber: '' }],
        400,
        'invalidFields',
      ],
      [
        'a payment method the site does not offer',
        () => ['POST', 'payment', { paymentMethodId: 9 }],
        400,
        'unknownPaymentMethod',
      ],
      [
        'a weak password',
        () => [
          'POST',
          `setpassword?password=abcdefgh&confirmUrl=${encodeURIComponent('http://equivera-nl.localhost/x/')}`,
        ],
        400,
        'weakPassword',
      ],
      [
        'a confirmation link to another site',
        () => ['POST', `setpassword?password=hooiberg7&confirmUrl=${encodeURIComponent('https://evil.example/x')}`],
        400,
        'invalidParameter',
      ],
      [
        'a newsletter answer that is no yes or no',
        () => ['POST', 'newsletter?subscribe=maybe'],
        400,
        'invalidParameter',
      ],
      ['a dealer id of zero', () => ['POST', 'setdealer?dealerId=0'], 400, 'invalidParameter'],
      // The seed's dealers are numbered country * 10,000 + n: 20001 is a Belgian dealer, the site is Dutch.
      ['a dealer of another country', () => ['POST', 'setdealer?dealerId=20001'], 404, 'notFound'],
      ['a dealer nobody has', () => ['POST', 'setdealer?dealerId=99999'], 404, 'notFound'],
    ])('refuses %s and leaves the cart as it was', async (_, make, status, code) => {
      const { shoppingcartId: id } = await newCart()
      const [method, path, body] = make()
      await refusedUnchanged(id, () => request(method, `/api/cart/${id}/${path}`, body ? { body } : {}), status, code)
    })
  })
})
