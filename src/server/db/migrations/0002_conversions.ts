import type { Kysely } from 'kysely'

// Conversions reported by the app when a visitor lands with a mailing's `mailplus_id` (POST /api/Conversion).
// One row per site and mailing id: a repeated report is the same conversion.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversions')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('mailplus_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversions_pk', ['site_id', 'mailplus_id'])
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conversions').execute()
}
