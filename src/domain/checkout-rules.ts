// The rules a shop applies to the checkout's details, on top of the field formats of address-rules.ts: an address in
// a country the shop delivers to, a Dutch address only on the Dutch site (spec §1), no delivery into a zip-code
// exclusion of the country (spec §5), a VAT number of the billing country. The server applies them when details are
// stored and again when the order is placed (data may be older than the rules); the app may run them before sending.
import { z } from 'zod'
import type { Company, ShippingAddress } from './address.ts'
import {
  addressCountryRefusal,
  companySchemaFor,
  contactSchemaFor,
  isDeliveryCountry,
  MAX_LENGTH,
  namedAddressSchemaFor,
  normalisePostcode,
  shippingAddressSchemaFor,
  type DeliveryCountry,
} from './address-rules.ts'
import type { Billing } from './cart-api.ts'
import type { Cart } from './cart.ts'
import { gateStep, mayPay, type FormStep, type GatedCart } from './checkout.ts'
import { zipcodeExclusionOf, type ZipcodeExclusion } from './country.ts'
import { fieldError, fieldErrorsOfIssues, withPrefix, type FieldError } from './field-errors.ts'

/** A country as the rules need it: its region code and the zip codes it is not delivered to. */
export interface CountryFacts {
  countryId: number
  regionCode: string
  zipcodeExclusions: readonly ZipcodeExclusion[]
}

export interface AddressContext {
  /** The region code of the site's country. */
  siteCountry: string
  /** The address's country; undefined when there is no such country. */
  country: CountryFacts | undefined
  /** Goods go to this address: the zip-code exclusions of its country apply. */
  delivery: boolean
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] }

/** The address's country as one the site may take, or the error on `address.countryId`. */
function deliveryCountryOf(countryId: number | null, context: AddressContext): DeliveryCountry | FieldError {
  const path = 'address.countryId'
  if (countryId === null) return fieldError(path, 'validation.required')
  const region = context.country?.regionCode
  if (region === undefined || !isDeliveryCountry(region)) return fieldError(path, 'validation.country')
  const refusal = addressCountryRefusal(context.siteCountry, region)
  return refusal ? fieldError(path, refusal) : region
}

/** The exclusion a delivery address falls in, as an error on its postcode with the exclusion's description. */
function exclusionErrors(country: DeliveryCountry, zipcode: string, context: AddressContext): FieldError[] {
  if (!context.delivery || !context.country) return []
  const exclusion = zipcodeExclusionOf(normalisePostcode(country, zipcode), context.country.zipcodeExclusions)
  return exclusion
    ? [fieldError('address.zipcode', 'validation.postcodeExcluded', { reason: exclusion.description })]
    : []
}

function checked<T>(
  country: DeliveryCountry,
  parsed: z.ZodSafeParseResult<T>,
  issuePrefix: string,
  zipcode: string,
  context: AddressContext,
): Checked<T> {
  const errors = parsed.success ? [] : fieldErrorsOfIssues(parsed.error.issues, issuePrefix)
  // The postcode's own form first: an area is only looked up for a postcode that is one.
  if (!errors.some((e) => e.path === 'address.zipcode')) errors.push(...exclusionErrors(country, zipcode, context))
  return parsed.success && errors.length === 0 ? { ok: true, value: parsed.data } : { ok: false, errors }
}

/** The billing step's details (`{ firstName, lastName, emailAddress, phoneNumber, address }`), normalised. */
export function checkBilling(billing: Billing, context: AddressContext): Checked<Billing> {
  const country = deliveryCountryOf(billing.address.countryId, context)
  if (typeof country !== 'string') return { ok: false, errors: [country] }
  const schema = namedAddressSchemaFor(country).extend(contactSchemaFor(country).shape)
  return checked(country, schema.safeParse(billing), '', billing.address.zipcode, context)
}

/**
 * A delivery address with its recipient's names (empty: the billing person), normalised; errors under `address`, as
 * the shipping call's body has it.
 */
export function checkShippingAddress(address: ShippingAddress, context: AddressContext): Checked<ShippingAddress> {
  const country = deliveryCountryOf(address.countryId, context)
  if (typeof country !== 'string') return { ok: false, errors: [country] }
  return checked(country, shippingAddressSchemaFor(country).safeParse(address), 'address', address.zipcode, context)
}

/**
 * Company details with the VAT number of `vatCountry` (the billing country; the site's while there is no billing
 * address yet), normalised. A VAT number of a country the shop does not deliver to is only kept short.
 */
export function checkCompany(company: Company, vatCountry: string | undefined): Checked<Company> {
  const schema =
    vatCountry !== undefined && isDeliveryCountry(vatCountry)
      ? companySchemaFor(vatCountry)
      : z.object({
          companyName: companySchemaFor('NL').shape.companyName,
          vatNumber: z.string().trim().max(MAX_LENGTH.vatNumber, { error: 'validation.maxLength' }),
        })
  const parsed = schema.safeParse(company)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: fieldErrorsOfIssues(parsed.error.issues) }
}

/** Where the goods go: the billing address (home delivery), the alternative address, or neither (pickup, scans). */
export function deliveryAddressOf(cart: GatedCart): 'billing' | 'shipping' | null {
  if (cart.scanProductsOnly) return null
  if ((cart.shipping?.shippingMethod ?? 0) !== 0) return null
  return cart.alternativeShippingAddress ? 'shipping' : 'billing'
}

export interface CheckoutFacts {
  siteCountry: string
  /** The countries of the cart's addresses. */
  countries: ReadonlyMap<number, CountryFacts>
}

/**
 * Why a cart may not be placed as an order: the step to go back to and the fields to correct there (paths from the
 * cart: `billing.address.zipcode`, `shipping.address.countryId`, `company.vatNumber`); null when it may. The gating
 * first (spec §4), then the billing details and company, then the delivery address.
 */
export function checkoutRefusal(
  cart: GatedCart & Pick<Cart, 'company'>,
  { siteCountry, countries }: CheckoutFacts,
): { step: FormStep; errors: FieldError[] } | null {
  if (!mayPay(cart)) return { step: gateStep('payment', cart) ?? 'billing', errors: [] }
  const billing = cart.billing!
  const billingCountry = countries.get(billing.address.countryId!)
  const delivery = deliveryAddressOf(cart)

  const billed = checkBilling(billing, { siteCountry, country: billingCountry, delivery: false })
  const company = cart.company ? checkCompany(cart.company, billingCountry?.regionCode) : { ok: true as const }
  const billingErrors = [
    ...(billed.ok ? [] : withPrefix('billing', billed.errors)),
    ...(company.ok ? [] : withPrefix('company', company.errors)),
  ]
  if (billingErrors.length > 0) return { step: 'billing', errors: billingErrors }

  // The delivery step is where another address or a pickup point can be chosen instead.
  if (delivery === 'billing') {
    const home = checkBilling(billing, { siteCountry, country: billingCountry, delivery: true })
    if (!home.ok) return { step: 'delivery', errors: withPrefix('billing', home.errors) }
  }
  if (delivery === 'shipping') {
    const address = cart.shipping!.address!
    const shipped = checkShippingAddress(address, {
      siteCountry,
      country: countries.get(address.countryId!),
      delivery: true,
    })
    if (!shipped.ok) return { step: 'delivery', errors: withPrefix('shipping', shipped.errors) }
  }
  return null
}
