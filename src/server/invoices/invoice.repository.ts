// Invoice queries (Kysely only): the per-site, per-year number counter and the invoices. Every write takes the
// transaction that moves the order to paid. Rows leave as domain shapes: the content parsed with its schema.
import { sql, type Transaction } from 'kysely'
import { InvoiceContentSchema, type InvoiceContent } from '../../domain/invoices.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import type { Database } from '../db/schema.ts'

type Trx = Transaction<Database>
type Executor = Db | Trx

const content = jsonColumn('invoices', 'content', InvoiceContentSchema)

/**
 * The next invoice number of a site in a year, counted in the transaction that issues the invoice: the counter row and
 * the invoice commit or roll back together, so the numbers have no gaps. PostgreSQL keeps the row locked until the
 * commit (the site's next issue waits; other sites do not); SQLite has one writer at a time.
 */
export async function nextInvoiceNumber(trx: Trx, siteId: number, year: number): Promise<number> {
  const row = await trx
    .insertInto('invoiceNumbers')
    .values({ siteId, year, lastNumber: 1 })
    .onConflict((oc) =>
      oc.columns(['siteId', 'year']).doUpdateSet({ lastNumber: sql`invoice_numbers.last_number + 1` }),
    )
    .returning('lastNumber')
    .executeTakeFirstOrThrow()
  return Number(row.lastNumber)
}

export interface StoredInvoice {
  orderId: string
  siteId: number
  year: number
  number: number
  content: InvoiceContent
}

export async function insertInvoice(trx: Trx, invoice: StoredInvoice): Promise<void> {
  await trx
    .insertInto('invoices')
    .values({
      orderId: invoice.orderId,
      siteId: invoice.siteId,
      year: invoice.year,
      number: invoice.number,
      invoiceNumber: invoice.content.invoiceNumber,
      issuedAt: invoice.content.issuedAt,
      content: content.serialise(invoice.content),
    })
    .execute()
}

export async function findInvoice(db: Executor, orderId: string): Promise<StoredInvoice | undefined> {
  const row = await db.selectFrom('invoices').selectAll().where('orderId', '=', orderId).executeTakeFirst()
  if (!row) return undefined
  return {
    orderId: row.orderId,
    siteId: row.siteId,
    year: Number(row.year),
    number: Number(row.number),
    content: content.parse(row.content),
  }
}

/** The printed number of an order's invoice, if it has one (the order view's link). */
export async function findInvoiceNumber(db: Executor, orderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('invoices').select('invoiceNumber').where('orderId', '=', orderId).executeTakeFirst()
  return row?.invoiceNumber
}
