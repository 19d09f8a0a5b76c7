import { describe, expect, it } from 'vitest'
import type { Country } from '../../domain/country.ts'
import { emptyAddressDraft } from './address-fields.tsx'
import { checkForm, fromDraft, toDraft, type BillingForm } from './billing-form.ts'

const validate = (
  form: BillingForm,
  list: typeof countries,
  siteCountry: string,
  exclusions: Parameters<typeof checkForm>[3],
  delivery = true,
) => checkForm(form, list, siteCountry, exclusions, delivery).errors

const countries: Country[] = [
  { countryId: 1, name: 'Nederland', regionCode: 'NL', phoneCountryCode: '+31' },
  { countryId: 2, name: 'België', regionCode: 'BE', phoneCountryCode: '+32' },
  { countryId: 3, name: 'Deutschland', regionCode: 'DE', phoneCountryCode: '+49' },
]

const valid: BillingForm = {
  firstName: 'Anna',
  lastName: 'de Vries',
  emailAddress: 'anna@example.com',
  phoneNumber: '06 12345678',
  address: {
    ...emptyAddressDraft('NL'),
    mode: 'found',
    zipcode: '1011 WU',
    street: 'Prins Bernhardlaan',
    streetNumber: '1',
    city: 'Amsterdam',
  },
  company: false,
  companyName: '',
  vatNumber: '',
  newsletter: false,
  account: false,
  password: '',
}

describe('the billing form', () => {
  it('accepts a complete Dutch address on the Dutch site', () => {
    expect(validate(valid, countries, 'NL', [], true)).toEqual({})
  })

  it('says per field what is missing or wrong, with the §5 messages', () => {
    const errors = validate(
      { ...valid, firstName: '', emailAddress: 'anna@', phoneNumber: '12', address: emptyAddressDraft('NL') },
      countries,
      'NL',
      [],
    )
    expect(errors.firstName?.key).toBe('validation.required')
    expect(errors.emailAddress?.key).toBe('validation.email')
    expect(errors.phoneNumber?.key).toBe('validation.phone')
    expect(errors['address.search']?.key).toBe('validation.required')
    expect(
      validate({ ...valid, address: { ...emptyAddressDraft('NL'), search: 'Kerk' } }, countries, 'NL', [], true),
    ).toEqual({
      'address.search': { key: 'checkout.address.choose', params: {} },
    })
  })

  it('checks a typed address by its country: postcode, house number, maximum length', () => {
    const manual = { ...valid.address, mode: 'manual' as const }
    const errors = validate(
      {
        ...valid,
        address: { ...manual, countryCode: 'DE', zipcode: '1011 WU', streetNumber: 'one', city: 'x'.repeat(81) },
      },
      countries,
      'DE',
      [],
    )
    expect(errors['address.zipcode']?.key).toBe('validation.postcode')
    expect(errors['address.streetNumber']?.key).toBe('validation.houseNumber')
    expect(errors['address.city']).toEqual({ key: 'validation.maxLength', params: { max: '80' } })
  })

  it('refuses a Dutch address on another site, and an excluded postcode', () => {
    expect(validate(valid, countries, 'BE', [], true)['address.countryCode']?.key).toBe(
      'localization.dutchAddressNotice',
    )
    const exclusions = [{ kind: 'prefix' as const, prefix: '1011', description: 'Waddeneilanden' }]
    expect(validate(valid, countries, 'NL', exclusions, true)['address.zipcode']).toEqual({
      key: 'validation.postcodeExcluded',
      params: { reason: 'Waddeneilanden' },
    })
    // goods going elsewhere (a pickup point, another address): the billing address may lie in the area
    expect(validate(valid, countries, 'NL', exclusions, false)).toEqual({})
  })

  it('asks for a company name and a valid VAT number only when ordering for a company', () => {
    expect(validate({ ...valid, vatNumber: 'nonsense' }, countries, 'NL', [], true)).toEqual({})
    const errors = validate({ ...valid, company: true, vatNumber: 'nonsense' }, countries, 'NL', [], true)
    expect(errors.companyName?.key).toBe('validation.required')
    expect(errors.vatNumber?.key).toBe('validation.vatNumber')
    expect(
      validate(
        { ...valid, company: true, companyName: 'Stal Vries', vatNumber: 'nl 123456789 b01' },
        countries,
        'NL',
        [],
      ),
    ).toEqual({})
  })

  it('asks for a strong password only when an account is wanted', () => {
    expect(validate({ ...valid, account: true, password: 'short1' }, countries, 'NL', [], true).password?.key).toBe(
      'validation.password',
    )
    expect(validate({ ...valid, account: true, password: 'paard2026' }, countries, 'NL', [], true)).toEqual({})
  })

  it('keeps a draft of everything but the password, and restores it', () => {
    const draft = toDraft({ ...valid, account: true, password: 'paard2026' })
    expect(draft.password).toBe('')
    expect(draft['address.street']).toBe('Prins Bernhardlaan')
    const restored = fromDraft(draft, { ...valid, firstName: 'Other' })
    expect(restored).toEqual({ ...valid, account: true, password: '' })
    // a draft with a value of the wrong kind keeps the fallback for it
    expect(fromDraft({ ...draft, newsletter: 'yes' }, valid).newsletter).toBe(false)
  })
})
