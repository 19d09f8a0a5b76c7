import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely'

// Reviews written from an account, and the account's scan results and feed advice (src/server/reviews/,
// src/server/scans/, docs/accounts.md).
// - `reviews` gain moderation: `status` (pending, approved, rejected; the seeded ones are approved), the account and
//   order line a review came from (null for seeded reviews), and when and by whom it was moderated. The catalogue
//   shows approved reviews only; an approval stamps the product with a new catalogue version (see 0003) so the review
//   reaches the devices' offline catalogues. One review per product per account.
//   Seeded reviews have fixed ids (product * 100 + place); written ones take ids from 1,000,000,000 on, so a product
//   added to the seed later can never collide with one (PostgreSQL: a sequence; SQLite: the repository counts on,
//   writes being serialised there).
// - `scan_results`: a roughage scan's result for an account (quick scan Rqs or quality scan Qs), with a random key
//   for the result-by-key page, read when the account opened it.
// - `feed_advice`: advice for one horse (the calculator's inputs and its advice), read when opened.

export const WRITTEN_REVIEW_IDS_FROM = 1_000_000_000

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .alterTable('reviews')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('approved')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .execute()
  for (const [column, type] of [
    ['site_id', 'integer'],
    ['account_id', 'integer'],
    ['order_id', 'text'],
    ['order_position', 'integer'],
    ['moderated_at', 'text'],
    ['moderated_by', 'text'],
  ] as const) {
    await db.schema
      .alterTable('reviews')
      .addColumn(column, type, (c) => {
        if (column === 'site_id') return c.references('sites.id').onDelete('cascade')
        if (column === 'account_id') return c.references('accounts.id').onDelete('cascade')
        if (column === 'order_id') return c.references('orders.id').onDelete('set null')
        return c
      })
      .execute()
  }
  // Several NULLs (seeded reviews) are allowed by a unique index on both databases.
  await db.schema
    .createIndex('reviews_account_product')
    .on('reviews')
    .columns(['account_id', 'product_id'])
    .unique()
    .execute()
  await db.schema.createIndex('reviews_status').on('reviews').columns(['status', 'created_at']).execute()
  if (postgres) {
    await sql`create sequence reviews_written_id start with ${sql.lit(WRITTEN_REVIEW_IDS_FROM)} owned by reviews.id`.execute(
      db,
    )
    await sql`alter table reviews alter column id set default nextval('reviews_written_id')`.execute(db)
  }

  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()

  await db.schema
    .createTable('scan_results')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('rqs', 'qs')`))
    .addColumn('receipt_date', 'text', (c) => c.notNull())
    .addColumn('result_date', 'text')
    .addColumn('sample_value', 'double precision')
    .addColumn('target_value', 'double precision')
    .addColumn('average', 'double precision')
    .addColumn('dry_matter_percentage', 'double precision')
    .addColumn('nutrition', 'text')
    .addColumn('result_key', 'text', (c) => c.notNull().unique())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('scan_results_account').on('scan_results').columns(['account_id', 'created_at']).execute()

  await db.schema
    .createTable('feed_advice')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('horse_name', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('advice', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('feed_advice_account').on('feed_advice').columns(['account_id', 'created_at']).execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema.dropTable('feed_advice').execute()
  await db.schema.dropTable('scan_results').execute()
  if (postgres) {
    await sql`alter table reviews alter column id drop default`.execute(db)
    await sql`drop sequence reviews_written_id`.execute(db)
  }
  await db.schema.dropIndex('reviews_status').execute()
  await db.schema.dropIndex('reviews_account_product').execute()
  await db.deleteFrom('reviews').where('account_id', 'is not', null).execute()
  for (const column of [
    'moderated_by',
    'moderated_at',
    'order_position',
    'order_id',
    'account_id',
    'site_id',
    'status',
  ])
    await db.schema.alterTable('reviews').dropColumn(column).execute()
}
