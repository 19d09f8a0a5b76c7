// The billing form's values, their draft on the device and their check: the domain's rules for the address's
// country (the server applies the same), so each field's message can stand beside it as soon as it is left.
import { PasswordSchema, type Company } from '../../domain/address.ts'
import type { Billing } from '../../domain/cart-api.ts'
import { checkBilling, checkCompany } from '../../domain/checkout-rules.ts'
import type { Country, ZipcodeExclusion } from '../../domain/country.ts'
import type { DraftValues } from '../data/checkout-drafts.ts'
import { addressDraftFrom, type AddressDraft } from './address-fields.tsx'
import type { FieldErrors } from './form-field.tsx'

export interface BillingForm {
  firstName: string
  lastName: string
  emailAddress: string
  phoneNumber: string
  address: AddressDraft
  company: boolean
  companyName: string
  vatNumber: string
  newsletter: boolean
  account: boolean
  password: string
}

/** The form as a draft: flat text and flags, the address fields under 'address.'. */
export function toDraft(form: BillingForm): DraftValues {
  const { address, ...rest } = form
  const values: DraftValues = { ...rest, password: '' }
  for (const [key, value] of Object.entries(address)) values[`address.${key}`] = value
  return values
}

export function fromDraft(values: DraftValues, fallback: BillingForm): BillingForm {
  const text = (key: string, otherwise: string) => (typeof values[key] === 'string' ? values[key] : otherwise)
  const flag = (key: string, otherwise: boolean) => (typeof values[key] === 'boolean' ? values[key] : otherwise)
  return {
    firstName: text('firstName', fallback.firstName),
    lastName: text('lastName', fallback.lastName),
    emailAddress: text('emailAddress', fallback.emailAddress),
    phoneNumber: text('phoneNumber', fallback.phoneNumber),
    address: addressDraftFrom(values, fallback.address),
    company: flag('company', fallback.company),
    companyName: text('companyName', fallback.companyName),
    vatNumber: text('vatNumber', fallback.vatNumber),
    newsletter: flag('newsletter', fallback.newsletter),
    account: flag('account', fallback.account),
    // A password is never kept on the device.
    password: '',
  }
}

/** Where the form's values stand: the billing the server would take (normalised), or the errors by field. */
export interface CheckedBilling {
  billing: Billing | null
  company: Company | null
  errors: FieldErrors
}

/**
 * The form checked by the checkout's rules (src/domain/checkout-rules.ts, as the server applies them): every field's
 * first error, by the form's field names ('address.zipcode', 'address.countryCode' for the country). `delivery`
 * says whether goods go to this address (home delivery): only then do the country's zip-code exclusions apply.
 */
export function checkForm(
  form: BillingForm,
  countries: readonly Country[],
  siteCountry: string,
  exclusions: readonly ZipcodeExclusion[],
  delivery: boolean,
): CheckedBilling {
  const country = countries.find((c) => c.regionCode === form.address.countryCode)
  const candidate: Billing = {
    firstName: form.firstName,
    lastName: form.lastName,
    emailAddress: form.emailAddress,
    phoneNumber: form.phoneNumber,
    address: {
      zipcode: form.address.zipcode,
      street: form.address.street,
      streetNumber: form.address.streetNumber,
      streetNumberAddition: form.address.streetNumberAddition,
      city: form.address.city,
      countryId: country?.countryId ?? null,
    },
  }
  const facts = country && {
    countryId: country.countryId,
    regionCode: country.regionCode,
    zipcodeExclusions: exclusions,
  }
  const checked = checkBilling(candidate, { siteCountry, country: facts, delivery })
  const errors: FieldErrors = {}
  for (const error of checked.ok ? [] : checked.errors) {
    const field = error.path === 'address.countryId' ? 'address.countryCode' : error.path
    // Until an address is chosen from the search, its one message stands by the search field.
    if (form.address.mode === 'search' && field.startsWith('address.') && field !== 'address.countryCode') continue
    errors[field] ??= { key: error.key, params: error.params }
  }
  if (form.address.mode === 'search' && !errors['address.countryCode'])
    errors['address.search'] = {
      key: form.address.search.trim() ? 'checkout.address.choose' : 'validation.required',
      params: {},
    }
  let company: Company | null = null
  if (form.company) {
    const result = checkCompany({ companyName: form.companyName, vatNumber: form.vatNumber }, country?.regionCode)
    if (result.ok) company = result.value
    else for (const error of result.errors) errors[error.path] ??= { key: error.key, params: error.params }
  }
  if (form.account && !PasswordSchema.safeParse(form.password).success)
    errors.password = { key: 'validation.password', params: {} }
  const ok = Object.keys(errors).length === 0 && checked.ok
  return { billing: ok ? checked.value : null, company, errors }
}
