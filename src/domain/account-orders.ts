import { z } from 'zod'
import { OrderIdSchema, OrderSchema, OrderStatusSchema } from './orders.ts'
import { CentsSchema, CurrencyCodeSchema } from './money.ts'

// What the account pages show of the signed-in account's orders and invoices (docs/accounts.md, "Orders and
// invoices"): the list rows, an order's detail, which is the guest view's order with what the account adds, and the
// invoices. Only the owner's orders are ever answered; the app keeps none of it on the device.

/** A row of `GET /api/account/orders`, newest first. */
export const AccountOrderSummarySchema = z.object({
  orderId: OrderIdSchema,
  orderNumber: z.number().int().positive(),
  created: z.iso.datetime({ offset: true }),
  status: OrderStatusSchema,
  currency: CurrencyCodeSchema,
  totalAmount: CentsSchema,
  /** The payment method's name as the site calls it; null when nothing was paid through a provider. */
  paymentMethod: z.string().nullable(),
  /** Pieces ordered, free ones included. */
  itemCount: z.number().int().min(0),
})
export type AccountOrderSummary = z.infer<typeof AccountOrderSummarySchema>
export const AccountOrderListSchema = z.array(AccountOrderSummarySchema)

/** `GET /api/account/orders/{orderId}`: the order as the guest view answers it, with its method's name and invoice. */
export const AccountOrderSchema = OrderSchema.extend({
  paymentMethod: z.string().nullable(),
  /** The invoice's number once the order is paid; null before. */
  invoiceNumber: z.string().nullable(),
  /** The owner's PDF (`GET /api/account/orders/{orderId}/invoice`) once there is an invoice; null before. */
  invoiceUrl: z.string().nullable(),
})
export type AccountOrder = z.infer<typeof AccountOrderSchema>

/** A row of `GET /api/account/invoices`, newest first. */
export const AccountInvoiceSchema = z.object({
  invoiceNumber: z.string().min(1),
  orderId: OrderIdSchema,
  orderNumber: z.number().int().positive(),
  issuedAt: z.iso.datetime({ offset: true }),
  currency: CurrencyCodeSchema,
  totalAmount: CentsSchema,
  /** The owner's PDF. */
  invoiceUrl: z.string(),
})
export type AccountInvoice = z.infer<typeof AccountInvoiceSchema>
export const AccountInvoiceListSchema = z.array(AccountInvoiceSchema)

/** Where the owner downloads an order's invoice (same origin, the session says who asks). */
export const accountInvoicePath = (orderId: string) => `/api/account/orders/${orderId}/invoice`
