import { z } from 'zod'
import { IdSchema } from './ids.ts'

// Field rules of addresses and contact details per country: postcode, VAT number and phone formats, normalisation,
// placeholders and maximum lengths. Every zod message is a locale key (`validation.*`); `issueText` turns an issue
// into the key and its parameters. Sources of the formats: docs/addresses.md.

/** The countries the seeded sites deliver to. */
export const DELIVERY_COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'DK',
  'SE',
  'PL',
  'CZ',
  'EE',
  'ES',
  'PT',
  'FR',
  'IT',
  'IE',
] as const
export type DeliveryCountry = (typeof DELIVERY_COUNTRIES)[number]
export const DeliveryCountrySchema = z.enum(DELIVERY_COUNTRIES)

export const MAX_LENGTH = {
  firstName: 80,
  lastName: 80,
  street: 120,
  streetNumber: 16,
  streetNumberAddition: 16,
  zipcode: 16,
  city: 80,
  companyName: 120,
  vatNumber: 20,
  phoneNumber: 30,
  emailAddress: 254,
} as const

interface CountryRules {
  /** The postcode after normalisation. */
  postcode: RegExp
  /** An example shown in the empty postcode field. */
  placeholder: string
  /** Rewrites a postcode the way the country writes it (case, one space or dash); unchanged when it cannot. */
  normalise?: (compact: string) => string
  /** The VAT number after normalisation (no spaces or dots, upper case, with the country prefix). */
  vat: RegExp
  /** VIES writes Greece as EL; every other country uses its region code. */
  vatPrefix?: string
  callingCode: string
  /** Italy keeps the trunk 0 after the calling code; everywhere else it is dropped. */
  keepsTrunkZero?: boolean
}

const splitAt = (at: number, separator: string) => (compact: string) =>
  compact.length > at ? `${compact.slice(0, at)}${separator}${compact.slice(at)}` : compact

export const COUNTRY_RULES: Record<DeliveryCountry, CountryRules> = {
  // Letters SA, SD and SS are never given out.
  NL: {
    postcode: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/,
    placeholder: '1234 AB',
    normalise: splitAt(4, ' '),
    vat: /^NL\d{9}B\d{2}$/,
    callingCode: '+31',
  },
  BE: { postcode: /^[1-9]\d{3}$/, placeholder: '1000', vat: /^BE[01]\d{9}$/, callingCode: '+32' },
  AT: { postcode: /^[1-9]\d{3}$/, placeholder: '1010', vat: /^ATU\d{8}$/, callingCode: '+43' },
  DK: { postcode: /^\d{4}$/, placeholder: '2100', vat: /^DK\d{8}$/, callingCode: '+45' },
  DE: { postcode: /^\d{5}$/, placeholder: '10115', vat: /^DE\d{9}$/, callingCode: '+49' },
  EE: { postcode: /^\d{5}$/, placeholder: '10111', vat: /^EE\d{9}$/, callingCode: '+372' },
  ES: {
    postcode: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
    placeholder: '28001',
    vat: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
    callingCode: '+34',
  },
  FR: { postcode: /^\d{5}$/, placeholder: '75001', vat: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/, callingCode: '+33' },
  IT: { postcode: /^\d{5}$/, placeholder: '00118', vat: /^IT\d{11}$/, callingCode: '+39', keepsTrunkZero: true },
  PL: {
    postcode: /^\d{2}-\d{3}$/,
    placeholder: '00-950',
    normalise: splitAt(2, '-'),
    vat: /^PL\d{10}$/,
    callingCode: '+48',
  },
  CZ: {
    postcode: /^\d{3} \d{2}$/,
    placeholder: '110 00',
    normalise: splitAt(3, ' '),
    vat: /^CZ\d{8,10}$/,
    callingCode: '+420',
  },
  SE: {
    postcode: /^\d{3} \d{2}$/,
    placeholder: '114 55',
    normalise: splitAt(3, ' '),
    vat: /^SE\d{10}01$/,
    callingCode: '+46',
  },
  PT: {
    postcode: /^\d{4}-\d{3}$/,
    placeholder: '1000-001',
    normalise: splitAt(4, '-'),
    vat: /^PT\d{9}$/,
    callingCode: '+351',
  },
  // Eircode: a routing key (letter, two digits, or D6W) and a unique identifier of four characters.
  IE: {
    postcode: /^([AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/,
    placeholder: 'D02 X285',
    normalise: splitAt(3, ' '),
    vat: /^IE(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    callingCode: '+353',
  },
}

export const isDeliveryCountry = (regionCode: string): regionCode is DeliveryCountry =>
  (DELIVERY_COUNTRIES as readonly string[]).includes(regionCode)

export const postcodePlaceholder = (country: DeliveryCountry): string => COUNTRY_RULES[country].placeholder

/** A postcode written the way its country writes it: upper case, spaces and dashes where they belong. */
export function normalisePostcode(country: DeliveryCountry, postcode: string): string {
  const compact = postcode.replace(/[\s-]/g, '').toUpperCase()
  const { normalise } = COUNTRY_RULES[country]
  return normalise ? normalise(compact) : compact
}

export const isValidPostcode = (country: DeliveryCountry, postcode: string): boolean =>
  COUNTRY_RULES[country].postcode.test(normalisePostcode(country, postcode))

/** A VAT number without spaces, dots or dashes, upper case, and with the country prefix when it was left out. */
export function normaliseVatNumber(country: DeliveryCountry, vatNumber: string): string {
  const compact = vatNumber.replace(/[\s.-]/g, '').toUpperCase()
  return /^\d/.test(compact) ? `${COUNTRY_RULES[country].vatPrefix ?? country}${compact}` : compact
}

export const isValidVatNumber = (country: DeliveryCountry, vatNumber: string): boolean =>
  COUNTRY_RULES[country].vat.test(normaliseVatNumber(country, vatNumber))

const E164 = /^\+[1-9]\d{6,14}$/

/**
 * A phone number in E.164 form (`+31612345678`): separators dropped, `00` read as `+`, and a national number given
 * the calling code of the address's country (without its trunk 0, except in Italy).
 */
export function normalisePhoneNumber(country: DeliveryCountry, phoneNumber: string): string {
  const compact = phoneNumber.replace(/[\s().\-/]/g, '')
  if (compact.startsWith('+')) return compact
  if (compact.startsWith('00')) return `+${compact.slice(2)}`
  const { callingCode, keepsTrunkZero } = COUNTRY_RULES[country]
  return `${callingCode}${keepsTrunkZero ? compact : compact.replace(/^0/, '')}`
}

export const isValidPhoneNumber = (country: DeliveryCountry, phoneNumber: string): boolean =>
  E164.test(normalisePhoneNumber(country, phoneNumber))

const required = (max: number) =>
  z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.maxLength' })
const optional = (max: number) => z.string().trim().max(max, { error: 'validation.maxLength' }).default('')

/** A house number: digits, as every delivery country numbers its houses (additions go in their own field). */
const HOUSE_NUMBER = /^\d{1,6}$/

/** The address fields (the spec's Address) with the rules of one country; the postcode comes back normalised. */
export function addressSchemaFor(country: DeliveryCountry) {
  return z.object({
    zipcode: required(MAX_LENGTH.zipcode)
      .transform((value) => normalisePostcode(country, value))
      .refine((value) => COUNTRY_RULES[country].postcode.test(value), { error: 'validation.postcode' }),
    street: required(MAX_LENGTH.street),
    streetNumber: required(MAX_LENGTH.streetNumber).regex(HOUSE_NUMBER, { error: 'validation.houseNumber' }),
    streetNumberAddition: optional(MAX_LENGTH.streetNumberAddition),
    city: required(MAX_LENGTH.city),
    countryId: IdSchema,
  })
}

/** A recipient's name part: left out stays left out (not ''), so an address sent without names is stored as sent. */
const recipientName = (max: number) => z.string().trim().max(max, { error: 'validation.maxLength' }).optional()

/** An address the goods go to, with the recipient's names (empty: the billing person). */
export function shippingAddressSchemaFor(country: DeliveryCountry) {
  return addressSchemaFor(country).extend({
    firstName: recipientName(MAX_LENGTH.firstName),
    lastName: recipientName(MAX_LENGTH.lastName),
  })
}

/** Checkout delivery's name parts and address. */
export function namedAddressSchemaFor(country: DeliveryCountry) {
  return z.object({
    firstName: required(MAX_LENGTH.firstName),
    lastName: required(MAX_LENGTH.lastName),
    address: addressSchemaFor(country),
  })
}

/** E-mail address and phone number of the billing step; the phone number comes back in E.164 form. */
export function contactSchemaFor(country: DeliveryCountry) {
  return z.object({
    emailAddress: required(MAX_LENGTH.emailAddress).pipe(z.email({ error: 'validation.email' })),
    phoneNumber: required(MAX_LENGTH.phoneNumber)
      .transform((value) => normalisePhoneNumber(country, value))
      .refine((value) => E164.test(value), { error: 'validation.phone' }),
  })
}

/** Company details; the VAT number is optional, and comes back normalised when given. */
export function companySchemaFor(country: DeliveryCountry) {
  return z.object({
    companyName: required(MAX_LENGTH.companyName),
    vatNumber: optional(MAX_LENGTH.vatNumber)
      .transform((value) => (value === '' ? '' : normaliseVatNumber(country, value)))
      .refine((value) => value === '' || COUNTRY_RULES[country].vat.test(value), { error: 'validation.vatNumber' }),
  })
}

/**
 * Orders with a Dutch address are only possible on the Dutch site (spec §1): the locale key to show when an address
 * in `addressCountry` is entered on a site of `siteCountry`, or undefined when that is allowed.
 */
export function addressCountryRefusal(
  siteCountry: string,
  addressCountry: string,
): 'localization.dutchAddressNotice' | undefined {
  return addressCountry === 'NL' && siteCountry !== 'NL' ? 'localization.dutchAddressNotice' : undefined
}

/** The text of an issue from the schemas above: its locale key, and the parameters the text needs. */
export function issueText(issue: z.core.$ZodIssue): { key: string; params: Record<string, string> } {
  if (issue.code === 'too_big') return { key: 'validation.maxLength', params: { max: String(issue.maximum) } }
  return { key: issue.message.startsWith('validation.') ? issue.message : 'validation.invalidAddress', params: {} }
}
