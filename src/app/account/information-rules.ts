// The account information forms' rules: the checkout's field rules (domain/address-rules.ts, checkout-rules.ts: what
// the server applies to PUT /api/account), the body of an update (the whole account's data with the changed part, as
// UpdateAccountBodySchema wants it), and the server's field paths as the forms name their fields.
import { PasswordSchema, type Address, type Company } from '../../domain/address.ts'
import {
  contactSchemaFor,
  isDeliveryCountry,
  namedAddressSchemaFor,
  type DeliveryCountry,
} from '../../domain/address-rules.ts'
import type { AccountAnswer, UpdateAccountBody } from '../../domain/account-api.ts'
import { checkCompany } from '../../domain/checkout-rules.ts'
import { fieldErrors, type FieldErrors } from '../checkout/form-field.tsx'

/**
 * The forms of /account/information/<action>/, by the action in the path, and `confirm-email`, where the link mailed
 * to a new e-mail address leads (email-confirm.tsx).
 */
export const INFORMATION_ACTIONS = [
  'personal',
  'company',
  'address',
  'delivery',
  'email',
  'password',
  'confirm-email',
] as const
export type InformationAction = (typeof INFORMATION_ACTIONS)[number]
export const isInformationAction = (value: string | undefined): value is InformationAction =>
  (INFORMATION_ACTIONS as readonly string[]).includes(value ?? '')

/** An address the account has given (a quick registration has none: an empty one without a country). */
export const hasAddress = (address: Address | null | undefined): address is Address =>
  !!address && address.countryId !== null && address.street.trim() !== ''

/** The update that changes only `patch`: the rest as the account has it now. */
export function updateBody(account: AccountAnswer, patch: Partial<UpdateAccountBody>): UpdateAccountBody {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    phoneNumber: account.phoneNumber,
    billing: account.billing,
    alternativeShippingAddress: account.alternativeShippingAddress,
    shipping: account.shipping,
    company: account.company ?? null,
    newsletter: account.newsletter,
    ...patch,
  }
}

/** The country whose formats apply: the billing address's, else the site's, else the Netherlands'. */
export function rulesCountry(billingRegion: string | undefined, siteRegion: string): DeliveryCountry {
  if (billingRegion && isDeliveryCountry(billingRegion)) return billingRegion
  return isDeliveryCountry(siteRegion) ? siteRegion : 'NL'
}

export interface PersonalForm {
  firstName: string
  lastName: string
  phoneNumber: string
}

/** Names and phone number, checked as the checkout checks them; the phone number comes back in E.164. */
export function checkPersonal(form: PersonalForm, country: DeliveryCountry) {
  const schema = namedAddressSchemaFor(country)
    .pick({ firstName: true, lastName: true })
    .extend({ phoneNumber: contactSchemaFor(country).shape.phoneNumber })
  const parsed = schema.safeParse(form)
  return parsed.success
    ? { value: parsed.data, errors: {} as FieldErrors }
    : { value: null, errors: fieldErrors(parsed.error.issues) }
}

export function checkCompanyForm(form: Company, country: DeliveryCountry) {
  const checked = checkCompany(form, country)
  if (checked.ok) return { value: checked.value, errors: {} as FieldErrors }
  const errors: FieldErrors = {}
  for (const error of checked.errors) errors[error.path] ??= { key: error.key, params: error.params }
  return { value: null, errors }
}

export function checkEmailForm(form: { newEmailAddress: string; password: string }, country: DeliveryCountry) {
  const errors: FieldErrors = {}
  const email = contactSchemaFor(country).shape.emailAddress.safeParse(form.newEmailAddress)
  if (!email.success) Object.assign(errors, fieldErrors(email.error.issues, 'newEmailAddress'))
  if (form.password === '') errors.password = { key: 'validation.required', params: {} }
  return { value: email.success ? email.data : null, errors }
}

export interface PasswordForm {
  currentPassword: string
  newPassword: string
  repeatPassword: string
}

export function checkPasswordForm(form: PasswordForm): FieldErrors {
  const errors: FieldErrors = {}
  if (form.currentPassword === '') errors.currentPassword = { key: 'validation.required', params: {} }
  if (form.newPassword === '') errors.newPassword = { key: 'validation.required', params: {} }
  else if (!PasswordSchema.safeParse(form.newPassword).success)
    errors.newPassword = { key: 'validation.password', params: {} }
  if (form.repeatPassword !== form.newPassword)
    errors.repeatPassword = {
      key: form.repeatPassword === '' ? 'validation.required' : 'validation.passwordsDoNotMatch',
      params: {},
    }
  return errors
}

/**
 * A server field path of PUT /api/account as the address forms name it: the billing form's `billing.zipcode` and the
 * delivery form's `shipping.zipcode` are `address.zipcode`, the country `address.countryCode`.
 */
export function addressFieldOf(path: string, prefix: 'billing' | 'shipping'): string {
  if (path === prefix) return 'address.search'
  if (!path.startsWith(`${prefix}.`)) return path
  const field = path.slice(prefix.length + 1)
  return `address.${field === 'countryId' ? 'countryCode' : field}`
}
