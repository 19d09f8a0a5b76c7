import { z } from 'zod'
import { AddressSchema } from './address.ts'
import { StatusLabelSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { MoneySchema } from './money.ts'

// Orders, invoices and returns of an account, with the fields the account pages show.

export const OrderSchema = z.object({
  orderId: IdSchema,
  orderNumber: z.string().min(1),
  date: z.iso.datetime(),
  status: StatusLabelSchema,
  amount: MoneySchema,
  paymentMethod: z.string(),
  deliveryAddress: AddressSchema.nullable(),
  invoiceAddress: AddressSchema,
})
export type Order = z.infer<typeof OrderSchema>

export const InvoiceSchema = z.object({
  invoiceNumber: z.string().min(1),
  orderNumber: z.string().min(1),
  date: z.iso.datetime(),
  amount: MoneySchema,
})
export type Invoice = z.infer<typeof InvoiceSchema>

export const ReturnSchema = z.object({
  productVariantId: IdSchema,
  reason: z.enum(['damaged', 'wrongProduct', 'notAsExpected', 'other']),
  text: z.string().trim().max(2000),
  /** A photo of the damaged item, as an uploaded file reference. */
  photo: z.string().nullable(),
})
export type Return = z.infer<typeof ReturnSchema>
