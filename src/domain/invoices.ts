import { z } from 'zod'
import { AddressSchema, CompanySchema, ShippingAddressSchema } from './address.ts'
import { ShippingMethodSchema } from './enums.ts'
import { LanguageCodeSchema } from './languages.ts'
import { OrderCustomerSchema, OrderLineSchema, OrderTotalsSchema } from './orders.ts'

// Invoices: what a paid order's invoice says, frozen when the order was paid (the seller's details included), so a
// later change of the site's name, phone or VAT rates never changes an invoice already issued.

/**
 * The printed invoice number: 'F', the year of issue and the number within the site's series of that year, six digits
 * at least: F2026-000123. Every site has its own series (its own counter), so two sites may both have F2026-000001.
 */
export function formatInvoiceNumber(year: number, number: number): string {
  return `F${year}-${String(number).padStart(6, '0')}`
}

export const InvoiceNumberSchema = z.string().regex(/^F\d{4}-\d{6,}$/)

/**
 * The legal entity that sells on a site, as an invoice must name it (EU VAT Directive art. 226: the supplier's full
 * name and address and its VAT identification number; the company register's number where the country asks for it).
 */
export const SellerSchema = z.object({
  legalName: z.string().trim().min(1).max(200),
  /** The registered address, as printed: street line, postcode and city, country. */
  address: z.array(z.string().trim().min(1).max(200)).min(1).max(5),
  /** The company register and number as printed, e.g. 'KvK 81234567' or 'Amtsgericht Traunstein HRB 12345'. */
  registration: z.string().trim().max(200),
  vatNumber: z.string().trim().min(4).max(20),
})
export type Seller = z.infer<typeof SellerSchema>

/**
 * The seller as the invoice names it: the site's brand and its customer service, and its legal details (absent on
 * invoices issued before the sites had them).
 */
export const InvoiceSellerSchema = z.object({
  legal: SellerSchema.nullable().default(null),
  name: z.string(),
  brandName: z.string(),
  /** The site's own domain, e.g. 'www.equivera.nl'. */
  domain: z.string(),
  customerServiceTitle: z.string(),
  phone: z.string(),
  email: z.string(),
})
export type InvoiceSeller = z.infer<typeof InvoiceSellerSchema>

export const InvoiceContentSchema = z.object({
  invoiceNumber: InvoiceNumberSchema,
  issuedAt: z.iso.datetime({ offset: true }),
  orderId: z.uuid(),
  orderNumber: z.number().int().positive(),
  orderDate: z.iso.datetime({ offset: true }),
  /** The order's language: the invoice's texts and money formats. */
  language: LanguageCodeSchema,
  seller: InvoiceSellerSchema,
  customer: OrderCustomerSchema,
  billingAddress: AddressSchema,
  shippingAddress: ShippingAddressSchema,
  company: CompanySchema.nullable(),
  shippingMethod: ShippingMethodSchema,
  dpdParcelShopId: z.string().nullable(),
  /** The payment method's name as the site called it; null when there was nothing to pay. */
  paymentMethod: z.string().nullable(),
  /** The site's VAT rates when the order was paid (percent): the totals' low and high VAT amounts are at these. */
  vatRates: z.object({ low: z.number().min(0).max(100), high: z.number().min(0).max(100) }),
  lines: z.array(OrderLineSchema),
  totals: OrderTotalsSchema,
})
export type InvoiceContent = z.infer<typeof InvoiceContentSchema>
