import type { Kysely } from 'kysely'

// Invoices (src/server/invoices/, docs/invoices.md): one per paid order, issued in the transaction that moves the
// order to paid.
// - `invoice_numbers`: one counter per site and calendar year (UTC). The issuing transaction increments it
//   (INSERT … ON CONFLICT DO UPDATE … RETURNING) and inserts the invoice with the number it got; both commit or roll
//   back together, so a site's invoice numbers of a year run 1, 2, 3 … without gaps (the pattern of `order_numbers`).
// - `invoices`: the order (its primary key: one invoice per order, so a replayed payment event issues nothing new),
//   the site, year and number, the formatted number (`F2026-000123`), when it was issued and the frozen content
//   (JSON: seller, customer, addresses, lines, totals as they were when the order was paid). The PDF is rendered from
//   that content on request.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_numbers')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_numbers_pk', ['site_id', 'year'])
    .execute()
  await db.schema
    .createTable('invoices')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_site_year_number', ['site_id', 'year', 'number'])
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoices').execute()
  await db.schema.dropTable('invoice_numbers').execute()
}
