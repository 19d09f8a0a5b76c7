// Invoices of paid orders and the per-site, per-year counter their numbers come from (src/server/invoices/). The
// content column is read and written with the domain's schema in invoice.repository.ts.

export interface InvoiceNumberTable {
  siteId: number
  /** Calendar year (UTC) of issue: each year's numbers start at 1. */
  year: number
  lastNumber: number
}

export interface InvoiceTable {
  /** One invoice per order. */
  orderId: string
  siteId: number
  year: number
  /** Per site and year, from 1, without gaps. */
  number: number
  /** As printed: 'F2026-000123'. */
  invoiceNumber: string
  issuedAt: string
  /** JSON: InvoiceContentSchema, frozen when the order was paid. */
  content: string
}

export interface InvoiceTables {
  invoiceNumbers: InvoiceNumberTable
  invoices: InvoiceTable
}
