// The information forms' rules: an update carries the whole account with the changed part, fields are checked as the
// checkout checks them, and the server's paths land on the form's fields.
import { describe, expect, it } from 'vitest'
import type { AccountAnswer } from '../../domain/account-api.ts'
import {
  addressFieldOf,
  checkCompanyForm,
  checkEmailForm,
  checkPasswordForm,
  checkPersonal,
  hasAddress,
  isInformationAction,
  rulesCountry,
  updateBody,
} from './information-rules.ts'

const ACCOUNT: AccountAnswer = {
  userId: 7,
  emailAddress: 'anna@example.nl',
  firstName: 'Anna',
  lastName: 'de Vries',
  phoneNumber: '+31612345678',
  unreadQuickscanResults: 0,
  billing: {
    zipcode: '1234 AB',
    street: 'Hoefijzerlaan',
    streetNumber: '12',
    streetNumberAddition: '',
    city: 'Paardendorp',
    countryId: 1,
  },
  shipping: null,
  alternativeShippingAddress: false,
  languageId: 12,
  newsletter: true,
}

describe('the information forms', () => {
  it('sends the whole account with only the changed part different', () => {
    expect(updateBody(ACCOUNT, { phoneNumber: '+31687654321' })).toEqual({
      firstName: 'Anna',
      lastName: 'de Vries',
      phoneNumber: '+31687654321',
      billing: ACCOUNT.billing,
      alternativeShippingAddress: false,
      shipping: null,
      company: null,
      newsletter: true,
    })
  })

  it.each([
    ['personal', true],
    ['password', true],
    ['delivery', true],
    ['orders', false],
    [undefined, false],
  ])('knows %s as an action: %s', (action, known) => {
    expect(isInformationAction(action)).toBe(known)
  })

  it('tells an account without an address (a quick registration) from one with', () => {
    expect(hasAddress(ACCOUNT.billing)).toBe(true)
    expect(hasAddress({ ...ACCOUNT.billing, street: '', countryId: null })).toBe(false)
    expect(hasAddress(null)).toBe(false)
  })

  it("takes the billing country's formats, else the site's", () => {
    expect(rulesCountry('BE', 'NL')).toBe('BE')
    expect(rulesCountry(undefined, 'DE')).toBe('DE')
    expect(rulesCountry('US', 'XX')).toBe('NL')
  })

  it('checks names and the phone number as the checkout does, and gives the phone back in E.164', () => {
    expect(checkPersonal({ firstName: 'Anna', lastName: 'Bos', phoneNumber: '06 12345678' }, 'NL').value).toEqual({
      firstName: 'Anna',
      lastName: 'Bos',
      phoneNumber: '+31612345678',
    })
    expect(checkPersonal({ firstName: '', lastName: 'Bos', phoneNumber: '12' }, 'NL').errors).toEqual({
      firstName: { key: 'validation.required', params: {} },
      phoneNumber: { key: 'validation.phone', params: {} },
    })
  })

  it('checks a VAT number of the billing country', () => {
    expect(checkCompanyForm({ companyName: 'Stal Bos', vatNumber: 'NL123' }, 'NL').errors).toEqual({
      vatNumber: { key: 'validation.vatNumber', params: {} },
    })
    expect(checkCompanyForm({ companyName: 'Stal Bos', vatNumber: '' }, 'NL').value).toEqual({
      companyName: 'Stal Bos',
      vatNumber: '',
    })
  })

  it('wants a new e-mail address and the password', () => {
    expect(checkEmailForm({ newEmailAddress: 'anna@', password: '' }, 'NL').errors).toEqual({
      newEmailAddress: { key: 'validation.email', params: {} },
      password: { key: 'validation.required', params: {} },
    })
    expect(checkEmailForm({ newEmailAddress: ' anna@stal.nl ', password: 'x' }, 'NL').value).toBe('anna@stal.nl')
  })

  it.each([
    [{ currentPassword: '', newPassword: '', repeatPassword: '' }, ['currentPassword', 'newPassword']],
    [{ currentPassword: 'oud1234', newPassword: 'kort1', repeatPassword: 'kort1' }, ['newPassword']],
    [{ currentPassword: 'oud1234', newPassword: 'alleenletters', repeatPassword: 'alleenletters' }, ['newPassword']],
    [{ currentPassword: 'oud1234', newPassword: 'paard2026', repeatPassword: 'paard2025' }, ['repeatPassword']],
    [{ currentPassword: 'oud1234', newPassword: 'paard2026', repeatPassword: 'paard2026' }, []],
  ])('checks a new password against the rule: %o', (form, fields) => {
    expect(Object.keys(checkPasswordForm(form))).toEqual(fields)
  })

  it.each([
    ['billing.zipcode', 'billing', 'address.zipcode'],
    ['billing.countryId', 'billing', 'address.countryCode'],
    ['shipping.street', 'shipping', 'address.street'],
    ['shipping', 'shipping', 'address.search'],
    ['phoneNumber', 'billing', 'phoneNumber'],
  ] as const)('puts the server field %s on the form field of the %s form', (path, prefix, field) => {
    expect(addressFieldOf(path, prefix)).toBe(field)
  })
})
