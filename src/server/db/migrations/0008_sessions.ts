import type { Kysely } from 'kysely'

// Sessions and rate-limit counters.
//
// `sessions`: one row per browser session, kept on the server; the cookie holds only a random id, and the table only
// its SHA-256 (hex), so a copy of the table lets nobody take over a session. `data` is JSON text checked with its
// schema on every read; `account_id` is set by sign-in (the accounts issue) and has no foreign key yet. Expiry is
// sliding (`expires_at`, pushed forward as the session is used) within an absolute end (`absolute_expires_at`); times
// are ISO 8601 text in UTC like every other time column.
//
// `rate_limits`: the request counters of the rate limits when several server processes share PostgreSQL (and no
// Redis): one row per key and window, counted up in one upsert; `reset_at` is when the window ends, in epoch ms.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('account_id', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .execute()
  // The clean-up's lookup, and (for the accounts issue) signing an account out everywhere.
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute()
  await db.schema.createIndex('sessions_account_id').on('sessions').column('account_id').execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
  await db.schema.dropTable('sessions').execute()
}
