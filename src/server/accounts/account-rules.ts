// The field rules of registration and of the account's own data: the checkout's (domain/checkout-rules.ts), so a
// field is refused with the same message in the account as in the checkout, and the password's (PasswordSchema).
// Refused fields are answered 400 `invalidFields` with a locale key per field, paths as in the request's body.
import { z } from 'zod'
import { EMPTY_ADDRESS, PasswordSchema, type Address, type Company } from '../../domain/address.ts'
import { contactSchemaFor, isDeliveryCountry } from '../../domain/address-rules.ts'
import type { RegisterBody, UpdateAccountBody } from '../../domain/account-api.ts'
import { checkBilling, checkCompany, checkShippingAddress } from '../../domain/checkout-rules.ts'
import { fieldError, fieldErrorsOfIssues, type FieldError } from '../../domain/field-errors.ts'
import { addressCountry, invalidFields, siteCountry } from '../cart/checkout-rules.ts'
import type { Executor } from '../jobs/job.repository.ts'
import type { RequestScope } from '../http/scope.ts'

/** The account's data as stored, checked and normalised. */
export interface AccountData {
  firstName: string
  lastName: string
  phoneNumber: string
  billing: Address
  shipping: Address | null
  alternativeShippingAddress: boolean
  company: Company | null
}

const requiredText = (max: number) =>
  z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.maxLength' })
const NameSchema = z.object({ firstName: requiredText(80), lastName: requiredText(80) })

/** The password rule: at least 7 characters with letters and digits ('Wachtwoord voldoet niet aan de gestelde eisen'). */
export const passwordErrors = (password: string, path: string): FieldError[] =>
  PasswordSchema.safeParse(password).success ? [] : [fieldError(path, 'validation.password')]

/** A checkout billing error's path as the account's body has it: `address.zipcode` is `billing.zipcode`. */
const asBillingPath = (error: FieldError): FieldError =>
  error.path.startsWith('address.') ? { ...error, path: `billing.${error.path.slice('address.'.length)}` } : error
const under = (prefix: string, errors: FieldError[]) => errors.map((e) => ({ ...e, path: `${prefix}.${e.path}` }))

interface PersonInput {
  firstName: string
  lastName: string
  phoneNumber: string
  emailAddress: string
  billing?: Address | undefined
  alternativeShippingAddress: boolean
  shipping: Address | null
  company: Company | null
}

/** Names, e-mail address, phone and addresses: each refused field's error, or the data normalised. */
async function checkPerson(
  trx: Executor,
  scope: RequestScope,
  input: PersonInput,
): Promise<{ errors: FieldError[]; data: AccountData & { emailAddress: string } }> {
  const errors: FieldError[] = []
  const region = await siteCountry(trx, scope.site)
  const contactCountry = isDeliveryCountry(region) ? region : 'NL'
  let { firstName, lastName, phoneNumber, emailAddress } = input
  let billing = EMPTY_ADDRESS
  if (input.billing) {
    const checked = checkBilling(
      { firstName, lastName, phoneNumber, emailAddress, address: input.billing },
      { siteCountry: region, country: await addressCountry(trx, input.billing.countryId), delivery: true },
    )
    if (checked.ok) ({ firstName, lastName, phoneNumber, emailAddress, address: billing } = checked.value)
    else errors.push(...checked.errors.map(asBillingPath))
  } else {
    // No address yet (a quick registration): names and e-mail address, and the phone number when one is given.
    const contact = contactSchemaFor(contactCountry)
    const schema = NameSchema.extend({
      emailAddress: contact.shape.emailAddress,
      phoneNumber: phoneNumber.trim() === '' ? z.string().trim() : contact.shape.phoneNumber,
    })
    const parsed = schema.safeParse({ firstName, lastName, phoneNumber, emailAddress })
    if (parsed.success) ({ firstName, lastName, phoneNumber, emailAddress } = parsed.data)
    else errors.push(...fieldErrorsOfIssues(parsed.error.issues))
  }
  let shipping: Address | null = null
  if (input.alternativeShippingAddress) {
    if (!input.shipping) errors.push(fieldError('shipping', 'validation.required'))
    else {
      const checked = checkShippingAddress(input.shipping, {
        siteCountry: region,
        country: await addressCountry(trx, input.shipping.countryId),
        delivery: true,
      })
      if (checked.ok) shipping = checked.value
      else errors.push(...checked.errors.map((e) => ({ ...e, path: e.path.replace(/^address\./, 'shipping.') })))
    }
  }
  let company: Company | null = null
  if (input.company) {
    const vatCountry = input.billing
      ? (await addressCountry(trx, input.billing.countryId).catch(() => undefined))?.regionCode
      : region
    const checked = checkCompany(input.company, vatCountry)
    if (checked.ok) company = checked.value
    else errors.push(...under('company', checked.errors))
  }
  return {
    errors,
    data: {
      firstName,
      lastName,
      phoneNumber,
      emailAddress,
      billing,
      shipping,
      alternativeShippingAddress: input.alternativeShippingAddress,
      company,
    },
  }
}

/** A registration's data; throws 400 `invalidFields` naming every refused field. */
export async function checkRegistration(
  trx: Executor,
  scope: RequestScope,
  body: RegisterBody,
): Promise<AccountData & { emailAddress: string }> {
  const { errors, data } = await checkPerson(trx, scope, {
    ...body,
    billing: body.billing,
    alternativeShippingAddress: false,
    shipping: null,
  })
  errors.push(...passwordErrors(body.password, 'password'))
  if (errors.length > 0) throw invalidFields(errors, scope.language.code)
  return data
}

/** The account's own data of `PUT /api/account`; throws 400 `invalidFields` naming every refused field. */
export async function checkAccountUpdate(
  trx: Executor,
  scope: RequestScope,
  emailAddress: string,
  body: UpdateAccountBody,
): Promise<AccountData> {
  const { errors, data } = await checkPerson(trx, scope, { ...body, emailAddress })
  if (errors.length > 0) throw invalidFields(errors, scope.language.code)
  const { firstName, lastName, phoneNumber, billing, shipping, alternativeShippingAddress, company } = data
  return { firstName, lastName, phoneNumber, billing, shipping, alternativeShippingAddress, company }
}

/** An e-mail address as the checkout takes it; throws 400 `invalidFields` on `path`. */
export async function checkEmailAddress(
  trx: Executor,
  scope: RequestScope,
  emailAddress: string,
  path: string,
): Promise<string> {
  const region = await siteCountry(trx, scope.site)
  const parsed = contactSchemaFor(isDeliveryCountry(region) ? region : 'NL').shape.emailAddress.safeParse(emailAddress)
  if (!parsed.success) throw invalidFields(fieldErrorsOfIssues(parsed.error.issues, path), scope.language.code)
  return parsed.data
}
