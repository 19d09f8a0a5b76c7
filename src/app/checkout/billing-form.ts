// The billing form's values, their draft on the device and their check: the domain's rules for the address's
// country (the server applies the same), so each field's message can stand beside it as soon as it is left.
import {
  companySchemaFor,
  contactSchemaFor,
  isDeliveryCountry,
  namedAddressSchemaFor,
} from '../../domain/address-rules.ts'
import { PasswordSchema } from '../../domain/address.ts'
import type { DraftValues } from '../data/checkout-drafts.ts'
import { checkAddress, type AddressDraft } from './address-fields.tsx'
import { fieldErrors, type FieldErrors } from './form-field.tsx'

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
  const mode = text('address.mode', fallback.address.mode)
  return {
    firstName: text('firstName', fallback.firstName),
    lastName: text('lastName', fallback.lastName),
    emailAddress: text('emailAddress', fallback.emailAddress),
    phoneNumber: text('phoneNumber', fallback.phoneNumber),
    address: {
      countryCode: text('address.countryCode', fallback.address.countryCode),
      zipcode: text('address.zipcode', fallback.address.zipcode),
      street: text('address.street', fallback.address.street),
      streetNumber: text('address.streetNumber', fallback.address.streetNumber),
      streetNumberAddition: text('address.streetNumberAddition', fallback.address.streetNumberAddition),
      city: text('address.city', fallback.address.city),
      search: text('address.search', fallback.address.search),
      mode: mode === 'found' || mode === 'manual' || mode === 'search' ? mode : fallback.address.mode,
    },
    company: flag('company', fallback.company),
    companyName: text('companyName', fallback.companyName),
    vatNumber: text('vatNumber', fallback.vatNumber),
    newsletter: flag('newsletter', fallback.newsletter),
    account: flag('account', fallback.account),
    // A password is never kept on the device.
    password: '',
  }
}

/** Every field's first error, by the field names of the form ('address.zipcode' for the address's). */
export function validate(
  form: BillingForm,
  countries: Parameters<typeof checkAddress>[1],
  siteCountry: string,
  exclusions: Parameters<typeof checkAddress>[3],
): FieldErrors {
  const country = form.address.countryCode
  const errors: FieldErrors = {}
  if (isDeliveryCountry(country)) {
    const names = namedAddressSchemaFor(country).pick({ firstName: true, lastName: true }).safeParse(form)
    if (!names.success) Object.assign(errors, fieldErrors(names.error.issues))
    const contact = contactSchemaFor(country).safeParse(form)
    if (!contact.success) Object.assign(errors, fieldErrors(contact.error.issues))
    if (form.company) {
      const company = companySchemaFor(country).safeParse(form)
      if (!company.success) Object.assign(errors, fieldErrors(company.error.issues))
    }
  }
  const address = checkAddress(form.address, countries, siteCountry, exclusions)
  if (address.errors) for (const [field, error] of Object.entries(address.errors)) errors[`address.${field}`] = error
  if (form.account && !PasswordSchema.safeParse(form.password).success)
    errors.password = { key: 'validation.password', params: {} }
  return errors
}
