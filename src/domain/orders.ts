import { z } from 'zod'
import { AddressSchema, CompanySchema, PersonSchema, ShippingAddressSchema } from './address.ts'
import { DiscountSchema } from './cart.ts'
import { ProductTypeSchema, ShippingMethodSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { CentsSchema, CurrencyCodeSchema } from './money.ts'

// Orders: what a placed cart becomes, with its lines, totals and addresses frozen at the moment of placing, and the
// statuses it moves through. Shared by the server (which applies the moves) and the app (which shows them).

/**
 * created: placed, stock taken, no payment started yet; open: a payment is under way (awaiting payment); paid;
 * processing (being picked); sent; closed (done). cancelled and expired end an unpaid order and give its stock back.
 */
export const ORDER_STATUSES = [
  'created',
  'open',
  'paid',
  'processing',
  'sent',
  'closed',
  'cancelled',
  'expired',
] as const
export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatusSchema>

/**
 * The moves each status allows. Only an unpaid order (created, open) can be cancelled or expire: a paid one is
 * refunded through its payment, never silently dropped. Nothing goes back to open once paid. paid → sent and
 * paid → closed are allowed because the warehouse need not report 'processing', and an order with nothing to send
 * (scan products only) is closed when paid.
 */
const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['open', 'paid', 'cancelled', 'expired'],
  open: ['paid', 'cancelled', 'expired'],
  paid: ['processing', 'sent', 'closed'],
  processing: ['sent', 'closed'],
  sent: ['closed'],
  closed: [],
  cancelled: [],
  expired: [],
}

/** What asking an order in status `from` to be `to` does: move it, nothing (it is already there), or refuse. */
export type StatusTransition = 'move' | 'same' | 'refused'

export function orderTransition(from: OrderStatus, to: OrderStatus): StatusTransition {
  if (from === to) return 'same'
  return MOVES[from].includes(to) ? 'move' : 'refused'
}

/** The statuses in which an order holds stock it has not paid for; leaving them for cancelled or expired gives it back. */
export const isUnpaid = (status: OrderStatus) => status === 'created' || status === 'open'
/** The statuses that end an order without it being delivered: its stock went back. */
export const returnsStock = (status: OrderStatus) => status === 'cancelled' || status === 'expired'

/** A line as it was ordered: copies of the product's name, package and price, never read from the catalogue again. */
export const OrderLineSchema = z.object({
  productId: IdSchema,
  productVariantId: IdSchema,
  productType: ProductTypeSchema,
  /** The product's name. */
  description: z.string(),
  /** The package: "Zak · 20 kg". */
  productLabel: z.string(),
  quantity: z.number().int().positive(),
  /** Pieces given free by a promotion, on top of the quantity (their stock was taken too). */
  freeQuantity: z.number().int().min(0),
  /** The price of one piece before discounts, VAT included. */
  unitAmount: CentsSchema,
  vatRatePercentage: z.number().min(0).max(100),
  /** What the line costs after its product discounts, VAT included. */
  totalAmount: CentsSchema,
})
export type OrderLine = z.infer<typeof OrderLineSchema>

/** The totals as calculated when the order was placed (cents, VAT included unless named otherwise). */
export const OrderTotalsSchema = z.object({
  currency: CurrencyCodeSchema,
  subTotalAmount: CentsSchema,
  orderDiscounts: z.array(DiscountSchema),
  shippingCosts: CentsSchema,
  paymentCosts: CentsSchema,
  vatAmountLow: CentsSchema,
  vatAmountHigh: CentsSchema,
  totalAmountExclVat: CentsSchema,
  totalAmount: CentsSchema,
  /** What a gift card paid of the total (0 without one). */
  giftCardAmount: CentsSchema,
  /** What is left for the payment provider: the total less the gift card's part (0: nothing to pay there). */
  paymentAmount: CentsSchema,
})
export type OrderTotals = z.infer<typeof OrderTotalsSchema>
/** The totals as the order's JSON column keeps them; the gift card's part is in columns of its own. */
export const StoredOrderTotalsSchema = OrderTotalsSchema.omit({ giftCardAmount: true, paymentAmount: true })

/** Who ordered: the cart's billing person. */
export const OrderCustomerSchema = PersonSchema
export type OrderCustomer = z.infer<typeof OrderCustomerSchema>

export const OrderIdSchema = z.uuid()

/** An order as the API answers it (the spec's Order: number, date, status, amount, payment method, addresses). */
export const OrderSchema = z.object({
  orderId: OrderIdSchema,
  orderNumber: z.number().int().positive(),
  siteId: IdSchema,
  languageId: IdSchema,
  status: OrderStatusSchema,
  created: z.iso.datetime({ offset: true }),
  /** Until when an unpaid order holds its stock; null once paid or ended. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  customer: OrderCustomerSchema,
  billingAddress: AddressSchema,
  /** Where it is delivered: the alternative shipping address, or the billing address. */
  shippingAddress: ShippingAddressSchema,
  company: CompanySchema.nullable(),
  shippingMethod: ShippingMethodSchema,
  dpdParcelShopId: z.string().nullable(),
  paymentMethodId: IdSchema.nullable(),
  /** The bank (iDEAL) chosen in the checkout, as the provider names it; sent with the order's payments. */
  paymentIssuer: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  totals: OrderTotalsSchema,
})
export type Order = z.infer<typeof OrderSchema>

export const OrderParamsSchema = z.object({ orderId: OrderIdSchema })
/** The key a guest's order is opened with: long and random; a wrong one is answered as a missing order. */
export const OrderKeyQuerySchema = z.object({ key: z.string().max(100) })

/** GET /api/orders/:orderId: the order, and while it awaits payment the checkout of its payment under way. */
export const OrderViewSchema = OrderSchema.extend({
  /** Where to pay (again) while the order is open and its payment under way; null otherwise. */
  paymentUrl: z.url().nullable(),
  /** The invoice PDF (GET /api/orders/:orderId/invoice?key=…) once the order is paid; null until then. */
  invoiceUrl: z.url().nullable(),
})
export type OrderView = z.infer<typeof OrderViewSchema>

/** POST /api/cart/:id/order: the order placed from the cart, its key (given once) and where to pay. */
export const PlacedOrderSchema = z.object({
  orderId: OrderIdSchema,
  orderNumber: z.number().int().positive(),
  orderKey: z.string(),
  status: OrderStatusSchema,
  /** The provider's checkout; null when nothing is to be paid (the order is paid) or no payment is under way. */
  paymentUrl: z.url().nullable(),
})
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>
