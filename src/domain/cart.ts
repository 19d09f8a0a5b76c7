import { z } from 'zod'
import { AddressSchema, CompanySchema, PersonSchema, ShippingAddressSchema } from './address.ts'
import { CartItemSchema, CartSampleSchema, SampleNameSchema } from './cart-mutations.ts'
import { MAX_LINES } from './cart-constants.ts'
import { ProductTypeSchema, ShippingMethodSchema, VatTypeSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { CentsSchema, CurrencyCodeSchema } from './money.ts'

// The cart, its lines and its calculation. Amounts are integer cents in the calculation's currency.

/** A cart id is a random UUID: unguessable, so knowing it is what gives access to a guest's cart. */
export const CartIdSchema = z.uuid()

export const QuantitySchema = z.number().int().min(1).max(9999)
/** Adding a product without a quantity adds one. */
export const DEFAULT_QUANTITY = 1

export const RqsSampleSchema = CartSampleSchema

/** A cart's product line as stored: see cart-mutations.ts for how lines change. */
export const CartProductSchema = CartItemSchema

export const CartSchema = z.object({
  shoppingcartId: CartIdSchema,
  created: z.iso.datetime(),
  lastModified: z.iso.datetime(),
  storeDeviceInfo: z.object({ storeId: z.string().nullable() }).nullable(),
  siteId: IdSchema,
  languageId: IdSchema,
  clientIp: z.string().nullable(),
  billing: PersonSchema.extend({ address: AddressSchema }).nullable(),
  shipping: z.object({ address: ShippingAddressSchema.nullable(), shippingMethod: ShippingMethodSchema }).nullable(),
  company: CompanySchema.nullable(),
  alternativeShippingAddress: z.boolean(),
  newsletterSubscribe: z.boolean(),
  /** The payment method and, for iDEAL, the bank chosen (null: the provider's page asks for it). */
  payment: z.object({ paymentMethodId: IdSchema, issuer: z.string().nullable().default(null) }).nullable(),
  /** The gift card added to the cart (its number masked); it pays what its balance covers when the order is placed. */
  giftCard: z.object({ giftCardNumber: z.string() }).nullable().default(null),
  mailplusId: z.string().nullable(),
  products: z.array(CartProductSchema).max(MAX_LINES),
  discountCode: z.string().nullable(),
  dealerId: IdSchema.nullable(),
  dpdParcelShopId: z.string().nullable(),
  dpdParcelShopZipcodeOrCity: z.string().nullable(),
  scanProductsOnly: z.boolean(),
})
export type Cart = z.infer<typeof CartSchema>

export const ShippingMethodOptionSchema = z.object({
  shippingMethod: ShippingMethodSchema,
  price: CentsSchema,
  priceExVat: CentsSchema,
})
export type ShippingMethodOption = z.infer<typeof ShippingMethodOptionSchema>

export const DiscountSchema = z.object({ description: z.string(), promotionKey: z.string(), amount: CentsSchema })
export type Discount = z.infer<typeof DiscountSchema>

export const FreeProductSchema = z.object({
  productId: IdSchema,
  productVariantId: IdSchema,
  description: z.string(),
  productLabel: z.string(),
  promotionText: z.string(),
  quantity: QuantitySchema,
  originalAmount: CentsSchema,
})
export type FreeProduct = z.infer<typeof FreeProductSchema>

export const CartLineSchema = z.object({
  productId: IdSchema,
  productVariantId: IdSchema,
  productType: ProductTypeSchema,
  quantity: QuantitySchema,
  description: z.string(),
  productLabel: z.string(),
  originalAmount: CentsSchema,
  totalAmount: CentsSchema,
  vatRatePercentage: z.number().min(0).max(100),
  vatAmount: CentsSchema,
  vatType: VatTypeSchema,
  productDiscounts: z.array(DiscountSchema),
  rqsSamples: z.array(RqsSampleSchema),
  freeProducts: z.array(FreeProductSchema),
})
export type CartLine = z.infer<typeof CartLineSchema>

/** The quantity count of a cart adds the free products to each line's quantity. */
export function cartQuantityCount(lines: readonly Pick<CartLine, 'quantity' | 'freeProducts'>[]): number {
  return lines.reduce(
    (sum, line) => sum + line.quantity + line.freeProducts.reduce((free, p) => free + p.quantity, 0),
    0,
  )
}

export const CartCalculationResultSchema = z.object({
  currency: CurrencyCodeSchema,
  products: z.array(CartLineSchema),
  shippingDiscounts: z.array(DiscountSchema),
  orderDiscounts: z.array(DiscountSchema),
  originalShippingCosts: CentsSchema,
  shippingCosts: CentsSchema,
  paymentCosts: CentsSchema,
  totalAmount: CentsSchema,
  vatAmountLow: CentsSchema,
  vatAmountHigh: CentsSchema,
  subTotalAmount: CentsSchema,
  totalAmountExclVat: CentsSchema,
  shippingCostsExclVat: CentsSchema,
})
export type CartCalculationResult = z.infer<typeof CartCalculationResultSchema>

export const SampleOrderLineSchema = z.object({
  shoppingcartId: CartIdSchema,
  productVariantId: IdSchema,
  sequence: z.number().int().min(1),
  sampleName: SampleNameSchema.min(1),
})
export type SampleOrderLine = z.infer<typeof SampleOrderLineSchema>

export const CheckoutDeliverySchema = z.object({
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  address: AddressSchema,
  shippingMethod: ShippingMethodSchema,
})
export type CheckoutDelivery = z.infer<typeof CheckoutDeliverySchema>

export const PaymentSelectionSchema = z.object({
  paymentMethodId: IdSchema,
  issuer: z.string().max(40).nullable(),
  giftCardNumber: z.string().max(40).nullable(),
  giftCardPin: z.string().max(16).nullable(),
})
export type PaymentSelection = z.infer<typeof PaymentSelectionSchema>

/** A bank (iDEAL) or other issuer the payer may choose; `id` is what the payment selection's `issuer` takes. */
export const PaymentIssuerSchema = z.object({ id: z.string(), name: z.string() })
export type PaymentIssuer = z.infer<typeof PaymentIssuerSchema>

/** A method the payment step offers: its name in the request's language, what it costs this cart, its issuers. */
export const PaymentMethodOptionSchema = z.object({
  paymentMethodId: IdSchema,
  code: z.string(),
  name: z.string(),
  /** What choosing it adds to this cart's total (an empty cart: the site's price of the method). */
  paymentCosts: CentsSchema,
  /** iDEAL's banks; empty for a method without issuers (or when the provider cannot be asked now). */
  issuers: z.array(PaymentIssuerSchema),
  /** The method is the shop's gift card: it takes a card number and pin, and another method pays what it leaves. */
  giftCard: z.boolean(),
})
export type PaymentMethodOption = z.infer<typeof PaymentMethodOptionSchema>

/** A gift card checked for a cart: its balance, what it pays of the cart now and what is left to pay otherwise. */
export const GiftCardCheckSchema = z.object({
  /** Masked: only the last four digits. */
  giftCardNumber: z.string(),
  currency: CurrencyCodeSchema,
  balance: CentsSchema,
  /** What the card pays of this cart's total now: the smaller of its balance and the total. */
  amount: CentsSchema,
  /** What is left for the payment method to pay (0: the card pays everything, no payment follows). */
  remainingAmount: CentsSchema,
})
export type GiftCardCheck = z.infer<typeof GiftCardCheckSchema>
