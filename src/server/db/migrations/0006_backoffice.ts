import type { Kysely } from 'kysely'

// The back-office audit trail: one row per change the warehouse or ERP made through the back-office API or its
// command line: what (the action), when, by which token (a short fingerprint of the token's hash, never the token),
// in which request, and a JSON summary of the change (for stock: each variant with its stock before and after).
// Rows are only ever added; the id is a random UUID, so servers on one database never collide.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backoffice_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('token_fingerprint', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('backoffice_audit_at').on('backoffice_audit').column('at').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backoffice_audit').execute()
}
