import { z } from 'zod'
import { EmailAddressSchema } from './email.ts'
import { IdSchema } from './ids.ts'

// Addresses, customers and accounts. Field-level rules not yet settled (lengths, formats) are kept loose here;
// the address forms, when they come, add the per-country checks and translated messages.

const Text = (max: number) => z.string().trim().max(max)

export const AddressSchema = z.object({
  zipcode: Text(16),
  street: Text(120),
  streetNumber: Text(16),
  streetNumberAddition: Text(16).default(''),
  city: Text(80),
  countryId: IdSchema.nullable(),
})
export type Address = z.infer<typeof AddressSchema>

/**
 * An address the goods go to, with who receives them there (spec §3 Checkout delivery: firstName, lastName). The
 * names are optional: left out, the parcel is for the billing person (the home address is always theirs).
 */
export const ShippingAddressSchema = AddressSchema.extend({
  firstName: Text(80).optional(),
  lastName: Text(80).optional(),
})
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>

/** Who receives a parcel at `address`: its own recipient when it names one, else `billingName`. */
export function recipientName(address: Partial<Pick<ShippingAddress, 'firstName' | 'lastName'>>, billingName: string) {
  const own = [address.firstName, address.lastName].filter(Boolean).join(' ').trim()
  return own || billingName
}

/** The empty address a customer's billing address starts as ("always present, default empty"). */
export const EMPTY_ADDRESS: Address = {
  zipcode: '',
  street: '',
  streetNumber: '',
  streetNumberAddition: '',
  city: '',
  countryId: null,
}

export const CompanySchema = z.object({ companyName: Text(120).min(1), vatNumber: Text(20) })
export type Company = z.infer<typeof CompanySchema>

export const PersonSchema = z.object({
  firstName: Text(80),
  lastName: Text(80),
  phoneNumber: Text(30),
  emailAddress: EmailAddressSchema,
})

export const CustomerSchema = PersonSchema.extend({
  unreadQuickscanResults: z.number().int().min(0),
  billing: AddressSchema.default(EMPTY_ADDRESS),
  shipping: AddressSchema.nullable(),
  company: CompanySchema.optional(),
  alternativeShippingAddress: z.boolean(),
})
export type Customer = z.infer<typeof CustomerSchema>

/** The account as the account endpoint returns it: the customer with a language and a newsletter opt-in. */
export const AccountSchema = CustomerSchema.extend({
  languageId: IdSchema,
  newsletter: z.boolean(),
})
export type Account = z.infer<typeof AccountSchema>

/** A password has at least 7 characters, with letters and digits. */
export const PASSWORD_MIN_LENGTH = 7
export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(200).regex(/\p{L}/u).regex(/\d/)

export const SignInCredentialsSchema = z.object({ emailAddress: z.email(), password: z.string().min(1).max(200) })
export type SignInCredentials = z.infer<typeof SignInCredentialsSchema>
