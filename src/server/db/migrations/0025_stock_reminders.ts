import { randomBytes } from 'node:crypto'
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely'

// Back-in-stock reminders (src/server/stock-reminders/, docs/stock-reminders.md).
// - `stock_reminders` gets an id and a cancel token, so each mail can carry a link that cancels it, the restock job
//   can walk the waiting requests by id, and an account can list and cancel its own. SQLite cannot change a primary
//   key, so the table is made anew and the rows copied, each with a new token. A row is waiting while `notified_at`,
//   `cancelled_at` are null and it is younger than six months; served and cancelled rows stay until they lapse, so
//   asking again, a second click on a link, and 0 → 5 → 0 → 5 never send twice.
// - `push_reminders`: the same per push subscription (endpoint and its RFC 8291 keys), variant and site. A
//   subscription the push service reports gone (404, 410) loses all its rows.
// - `server_keys`: keys the server makes once and keeps (the VAPID key pair when none is configured).

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()
  await db.schema.alterTable('stock_reminders').renameTo('stock_reminders_before').execute()
  await db.schema
    .createTable('stock_reminders')
    .addColumn('id', 'integer', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('cancel_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addUniqueConstraint('stock_reminders_request', ['site_id', 'variant_id', 'email_address'])
    .execute()
  const before = await db.selectFrom('stock_reminders_before').selectAll().execute()
  for (const row of before) {
    await db
      .insertInto('stock_reminders')
      .values({ ...row, cancel_token: randomBytes(16).toString('hex'), account_id: null, cancelled_at: null })
      .execute()
  }
  await db.schema.dropTable('stock_reminders_before').execute()
  // The restock job's walk: a variant's waiting rows by id.
  await db.schema
    .createIndex('stock_reminders_waiting')
    .on('stock_reminders')
    .columns(['variant_id', 'notified_at', 'id'])
    .execute()
  await db.schema.createIndex('stock_reminders_created').on('stock_reminders').column('created_at').execute()

  await db.schema
    .createTable('push_reminders')
    .addColumn('id', 'integer', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .addUniqueConstraint('push_reminders_request', ['endpoint', 'site_id', 'variant_id'])
    .execute()
  await db.schema
    .createIndex('push_reminders_waiting')
    .on('push_reminders')
    .columns(['variant_id', 'notified_at', 'id'])
    .execute()
  await db.schema.createIndex('push_reminders_created').on('push_reminders').column('created_at').execute()

  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_keys').execute()
  await db.schema.dropTable('push_reminders').execute()
  await db.schema.alterTable('stock_reminders').renameTo('stock_reminders_after').execute()
  await db.schema
    .createTable('stock_reminders')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .addPrimaryKeyConstraint('stock_reminders_pk', ['site_id', 'variant_id', 'email_address'])
    .execute()
  await db
    .insertInto('stock_reminders')
    .columns(['site_id', 'variant_id', 'email_address', 'language_id', 'created_at', 'notified_at'])
    .expression(
      db
        .selectFrom('stock_reminders_after')
        .select(['site_id', 'variant_id', 'email_address', 'language_id', 'created_at', 'notified_at']),
    )
    .execute()
  await db.schema.dropTable('stock_reminders_after').execute()
}
