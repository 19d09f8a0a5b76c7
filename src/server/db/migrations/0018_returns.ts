import { PostgresAdapter, sql, type Kysely } from 'kysely'

// Return reports (src/server/returns/, docs/accounts.md § Returns): an account reports a product of one of its paid
// orders as damaged, wrong or not as expected, with a text and perhaps a photo.
// - The order line is named by order and variant (the variant's name and package are read from order_lines, as
//   ordered). The photo is a file outside the web root (UPLOAD_DIR); the row keeps its random file name, the type
//   found from its bytes and its size. The file is moved into place in the transaction that writes the row, and
//   removed again when that transaction does not commit.
// - `status` is customer service's: received → inProgress → resolved.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('returns')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_variant_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('damaged', 'wrongProduct', 'notAsExpected', 'other')`),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('photo_file', 'text', (c) => c.unique())
    .addColumn('photo_content_type', 'text')
    .addColumn('photo_size', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('received', 'inProgress', 'resolved')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('returns_account').on('returns').columns(['account_id', 'created_at']).execute()
  await db.schema.createIndex('returns_order').on('returns').columns(['order_id', 'product_variant_id']).execute()
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'created_at']).execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('returns').execute()
}
