import type { Kysely } from 'kysely'

// The seller's legal details per site (docs/invoices.md, "The seller"): an invoice must name the supplier's legal
// name and address and its VAT identification number (EU VAT Directive 2006/112/EC, art. 226), and most countries
// want the company register's number too. One JSON column (`SellerSchema` in src/domain/invoices.ts: legal name,
// address lines, registration, VAT number), null until the site's settings give it; the seed fills it for every site.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('seller', 'text').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('seller').execute()
}
