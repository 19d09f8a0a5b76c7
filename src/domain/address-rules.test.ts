import { describe, expect, it } from 'vitest'
import {
  addressCountryRefusal,
  addressSchemaFor,
  companySchemaFor,
  contactSchemaFor,
  COUNTRY_RULES,
  DELIVERY_COUNTRIES,
  type DeliveryCountry,
  isValidPhoneNumber,
  isValidPostcode,
  isValidVatNumber,
  issueText,
  namedAddressSchemaFor,
  normalisePhoneNumber,
  normalisePostcode,
  normaliseVatNumber,
  postcodePlaceholder,
} from './address-rules.ts'

const POSTCODES: [DeliveryCountry, valid: string, normalised: string, invalid: string[]][] = [
  ['NL', ' 1234ab ', '1234 AB', ['0123 AB', '1234 SA', '1234 A', '12345']],
  ['BE', '1000', '1000', ['0999', '100', '10000']],
  ['AT', '1010', '1010', ['0101', '101', 'A1010']],
  ['DK', '2100', '2100', ['210', '21000']],
  ['DE', '10115', '10115', ['1011', '101150', 'D-1011']],
  ['EE', '10111', '10111', ['1011', 'EE111']],
  ['ES', '28001', '28001', ['53001', '00123', '2800']],
  ['FR', '75001', '75001', ['7500', '750011']],
  ['IT', '00118', '00118', ['0118', 'I0118']],
  ['PL', '00950', '00-950', ['00-95', 'AB-950', '009500']],
  ['CZ', '11000', '110 00', ['1100', '110 000']],
  ['SE', '114 55', '114 55', ['11455 0', '1145']],
  ['PT', '1000 001', '1000-001', ['1000-01', '1000-0011']],
  ['IE', 'd02x285', 'D02 X285', ['D02 X28', 'B02 X285', 'D02 XB85']],
]

describe('postcodes', () => {
  it.each(POSTCODES)('%s accepts %j, written %j', (country, valid, normalised) => {
    expect(normalisePostcode(country, valid)).toBe(normalised)
    expect(isValidPostcode(country, valid)).toBe(true)
  })

  it.each(POSTCODES.flatMap(([country, , , invalid]) => invalid.map((code) => [country, code] as const)))(
    '%s refuses %j',
    (country, code) => expect(isValidPostcode(country, code)).toBe(false),
  )

  it('has a placeholder per country that its own rule accepts', () => {
    for (const country of DELIVERY_COUNTRIES) expect(isValidPostcode(country, postcodePlaceholder(country))).toBe(true)
    expect(postcodePlaceholder('NL')).toBe('1234 AB')
  })
})

const VAT_NUMBERS: [DeliveryCountry, valid: string, invalid: string][] = [
  ['NL', 'NL123456789B01', 'NL123456789'],
  ['BE', 'BE0123456789', 'BE2123456789'],
  ['DE', 'DE123456789', 'DE12345678'],
  ['AT', 'ATU12345678', 'AT12345678'],
  ['DK', 'DK12345678', 'DK1234567'],
  ['SE', 'SE123456789001', 'SE123456789012'],
  ['PL', 'PL1234567890', 'PL123456789'],
  ['CZ', 'CZ12345678', 'CZ1234567'],
  ['EE', 'EE123456789', 'EE12345678'],
  ['ES', 'ESX1234567X', 'ES12345678'],
  ['PT', 'PT123456789', 'PT12345678'],
  ['FR', 'FRXX123456789', 'FR123456789'],
  ['IT', 'IT12345678901', 'IT1234567890'],
  ['IE', 'IE1234567T', 'IE123456T'],
]

describe('VAT numbers', () => {
  it.each(VAT_NUMBERS)('%s accepts %s and refuses %s', (country, valid, invalid) => {
    expect(isValidVatNumber(country, valid)).toBe(true)
    expect(isValidVatNumber(country, invalid)).toBe(false)
    expect(isValidVatNumber(country === 'NL' ? 'BE' : 'NL', valid)).toBe(false)
  })

  it.each([
    ['NL', 'nl 1234.56.789.b01', 'NL123456789B01'],
    ['BE', '0123.456.789', 'BE0123456789'],
    ['DE', '123 456 789', 'DE123456789'],
  ] as const)('%s writes %j as %s', (country, given, normalised) =>
    expect(normaliseVatNumber(country, given)).toBe(normalised),
  )
})

describe('phone numbers', () => {
  it.each([
    ['NL', '06-12345678', '+31612345678'],
    ['NL', '0031 6 1234 5678', '+31612345678'],
    ['BE', '0470 12 34 56', '+32470123456'],
    ['DE', '(030) 1234567', '+49301234567'],
    ['IT', '06 1234 5678', '+390612345678'],
    ['IE', '+353 1 234 5678', '+35312345678'],
  ] as const)('%s writes %j as %s', (country, given, normalised) => {
    expect(normalisePhoneNumber(country, given)).toBe(normalised)
    expect(isValidPhoneNumber(country, given)).toBe(true)
  })

  it.each([
    ['NL', '12'],
    ['NL', 'call me'],
    ['DE', '+49 12345678901234567'],
    ['FR', '+0 1234567'],
  ] as const)('%s refuses %j', (country, given) => expect(isValidPhoneNumber(country, given)).toBe(false))

  it('knows a calling code for every delivery country', () => {
    for (const country of DELIVERY_COUNTRIES) expect(COUNTRY_RULES[country].callingCode).toMatch(/^\+\d{2,3}$/)
  })
})

const address = {
  zipcode: '1791ab',
  street: 'Dorpsstraat',
  streetNumber: '1',
  city: 'Den Burg',
  countryId: 1,
}

const messagesOf = (result: { success: boolean; error?: { issues: Parameters<typeof issueText>[0][] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueText(issue)]))

describe('the address schema', () => {
  it('normalises the postcode and defaults the addition', () => {
    expect(addressSchemaFor('NL').parse(address)).toEqual({ ...address, zipcode: '1791 AB', streetNumberAddition: '' })
  })

  it.each([
    ['zipcode', '', 'validation.required', {}],
    ['zipcode', '12345', 'validation.postcode', {}],
    ['street', '  ', 'validation.required', {}],
    ['street', 'x'.repeat(121), 'validation.maxLength', { max: '120' }],
    ['streetNumber', '1a', 'validation.houseNumber', {}],
    ['city', 'x'.repeat(81), 'validation.maxLength', { max: '80' }],
  ])('gives %s %j the message %s', (field, value, key, params) => {
    const messages = messagesOf(addressSchemaFor('NL').safeParse({ ...address, [field]: value }))
    expect(messages[field]).toEqual({ key, params })
  })

  it('checks the postcode by the address’s country', () => {
    expect(addressSchemaFor('DE').safeParse({ ...address, zipcode: '10115' }).success).toBe(true)
    expect(addressSchemaFor('DE').safeParse(address).success).toBe(false)
  })

  it('asks for both name parts in checkout delivery', () => {
    const messages = messagesOf(namedAddressSchemaFor('NL').safeParse({ firstName: 'Anna', lastName: '', address }))
    expect(messages).toEqual({ lastName: { key: 'validation.required', params: {} } })
  })
})

describe('contact and company schemas', () => {
  it('normalises a valid e-mail address and phone number', () => {
    expect(contactSchemaFor('NL').parse({ emailAddress: ' anna@example.nl ', phoneNumber: '06 1234 5678' })).toEqual({
      emailAddress: 'anna@example.nl',
      phoneNumber: '+31612345678',
    })
  })

  it.each([
    ['emailAddress', 'anna@', 'validation.email'],
    ['phoneNumber', '123', 'validation.phone'],
    ['phoneNumber', '', 'validation.required'],
  ])('gives %s %j the message %s', (field, value, key) => {
    const valid = { emailAddress: 'anna@example.nl', phoneNumber: '0612345678' }
    expect(messagesOf(contactSchemaFor('NL').safeParse({ ...valid, [field]: value }))[field]?.key).toBe(key)
  })

  it('leaves the VAT number optional and checks it by country when given', () => {
    expect(companySchemaFor('BE').parse({ companyName: 'Stal BV' })).toEqual({ companyName: 'Stal BV', vatNumber: '' })
    expect(companySchemaFor('BE').parse({ companyName: 'Stal BV', vatNumber: '0123.456.789' }).vatNumber).toBe(
      'BE0123456789',
    )
    const messages = messagesOf(companySchemaFor('BE').safeParse({ companyName: 'Stal BV', vatNumber: 'NL123' }))
    expect(messages.vatNumber?.key).toBe('validation.vatNumber')
  })
})

describe('Dutch addresses', () => {
  it.each([
    ['NL', 'NL', undefined],
    ['BE', 'NL', 'localization.dutchAddressNotice'],
    ['DE', 'NL', 'localization.dutchAddressNotice'],
    ['NL', 'BE', undefined],
    ['BE', 'BE', undefined],
  ])('a site in %s with an address in %s: %s', (site, country, refusal) =>
    expect(addressCountryRefusal(site, country)).toBe(refusal),
  )
})
