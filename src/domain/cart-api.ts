// The cart API's parameters and answers (cart and cart calculation), one definition for the server's validation and
// the app's checks. Path and query values arrive as strings and are coerced; each named one is required, except the
// quantity of an added product (1 when left out).
import { z } from 'zod'
import { AddressSchema, PersonSchema } from './address.ts'
import { CartCalculationSchema } from './cart-calculation.ts'
import {
  CartIdSchema,
  CartSchema,
  DEFAULT_QUANTITY,
  PaymentMethodOptionSchema,
  ShippingMethodOptionSchema,
} from './cart.ts'
import { CartQuantitySchema, DiscountCodeSchema, SampleNameSchema } from './cart-mutations.ts'
import { MAX_LINES, MAX_QUANTITY } from './cart-constants.ts'
import { ProductSummarySchema } from './catalogue-api.ts'
import { ShippingMethodSchema } from './enums.ts'
import { IdParamSchema, IdSchema } from './ids.ts'

const QuantityParam = z.coerce.number<string>().int().min(1).max(MAX_QUANTITY)
const SequenceParam = z.coerce.number<string>().int().min(1).max(MAX_QUANTITY)

export const CartIdParamsSchema = z.object({ id: CartIdSchema })
export const CartLineParamsSchema = z.object({ id: CartIdSchema, productVariantId: IdParamSchema })
export const CartSampleParamsSchema = CartLineParamsSchema.extend({ sequence: SequenceParam })

export const AddProductQuerySchema = z.object({
  productVariantId: IdParamSchema,
  quantity: QuantityParam.default(DEFAULT_QUANTITY),
})
export const QuantityQuerySchema = z.object({ quantity: QuantityParam })
export const AddBundleQuerySchema = z.object({ productVariantBundleId: IdParamSchema, quantity: QuantityParam })
export const DiscountCodeQuerySchema = z.object({ code: DiscountCodeSchema })
export const SampleNameQuerySchema = z.object({
  productVariantId: IdParamSchema,
  sequence: SequenceParam,
  samplename: SampleNameSchema,
})
export const AlternativeShippingQuerySchema = z.object({ alternativeShippingAddress: z.stringbool() })
export const NewsletterQuerySchema = z.object({ subscribe: z.stringbool() })
/** The password's rule (7 characters or more, letters and digits) is checked by the service, with its own message. */
export const SetPasswordQuerySchema = z.object({
  password: z.string().min(1).max(200),
  confirmUrl: z.url({ protocol: /^https?$/ }).max(2000),
})
export const DealerQuerySchema = z.object({ dealerId: IdParamSchema })
export const DpdPickupPointQuerySchema = z.object({
  parcelShopId: z.string().trim().min(1).max(40),
  parcelShopZipcodeOrCity: z.string().trim().min(1).max(80),
})
export const ImpersonateQuerySchema = z.object({ key: z.string().min(16).max(200) })

export const BillingSchema = PersonSchema.extend({ address: AddressSchema })
export type Billing = z.infer<typeof BillingSchema>

// The checkout details' calls take text fields of any form (up to a bound): the checkout's rules
// (checkout-rules.ts) refuse them field by field, with the messages the app shows beside each field.
const FieldText = z.string().max(1000)
const AddressBodySchema = z.object({
  zipcode: FieldText,
  street: FieldText,
  streetNumber: FieldText,
  streetNumberAddition: FieldText.default(''),
  city: FieldText,
  countryId: IdSchema.nullable(),
})
export const BillingBodySchema = z.object({
  firstName: FieldText,
  lastName: FieldText,
  phoneNumber: FieldText,
  emailAddress: FieldText,
  address: AddressBodySchema,
})
/** The delivery: its method, and its address (null clears it; left out keeps the one the cart has). */
export const ShippingBodySchema = z.object({
  /** With the recipient's names (spec §3 Checkout delivery); left out or empty, the parcel is for the billing person. */
  address: AddressBodySchema.extend({ firstName: FieldText.optional(), lastName: FieldText.optional() })
    .nullable()
    .optional(),
  shippingMethod: ShippingMethodSchema,
})
export const CompanyInfoSchema = z.object({ companyName: FieldText, vatNumber: FieldText.default('') })
/**
 * POST /api/cart/:id/payment: the spec's payment selection. Only the method is required: no issuer clears the one
 * kept; a gift card number (with its pin) adds that card, none leaves the cart's card as it is.
 */
export const PaymentBodySchema = z.object({
  paymentMethodId: IdSchema,
  issuer: z.string().trim().min(1).max(40).nullable().default(null),
  giftCardNumber: z.string().max(40).nullable().default(null),
  giftCardPin: z.string().max(16).nullable().default(null),
})
export type PaymentBody = z.infer<typeof PaymentBodySchema>
/** POST /api/cart/:id/giftcard. */
export const GiftCardBodySchema = z.object({
  giftCardNumber: z.string().max(40),
  giftCardPin: z.string().max(16),
})

/** A cart described in the request (POST /api/cartcalculation/calculate): priced without being stored. */
export const CartDescriptionSchema = z.object({
  products: z.array(z.object({ productVariantId: IdSchema, count: CartQuantitySchema })).max(MAX_LINES),
  discountCode: DiscountCodeSchema.nullable().default(null),
  shippingMethod: ShippingMethodSchema.default(0),
  paymentMethodId: IdSchema.nullable().default(null),
})
export type CartDescription = z.infer<typeof CartDescriptionSchema>

/** What the shop says about a line now: gone from the site, not for sale, or more than the stock. */
export const CartNoticeSchema = z.object({
  productVariantId: IdSchema,
  kind: z.enum(['withdrawn', 'notAvailable', 'outOfStock', 'onlyInStock']),
  /** The stock, for 'onlyInStock'. */
  amount: z.number().int().min(0).nullable(),
})
export type CartNotice = z.infer<typeof CartNoticeSchema>

/** calculate2: the cart, its calculation and the notices about its lines, in one answer. */
export const CartCalculation2Schema = z.object({
  cart: CartSchema,
  calculation: CartCalculationSchema,
  notices: z.array(CartNoticeSchema),
})
export type CartCalculation2 = z.infer<typeof CartCalculation2Schema>

export const RecommendationsSchema = z.array(ProductSummarySchema).max(8)
export const ShippingMethodsSchema = z.array(ShippingMethodOptionSchema)
/** GET /api/cart/:id/paymentmethods: the site's methods in the site's order. */
export const PaymentMethodsSchema = z.array(PaymentMethodOptionSchema)

export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/)
