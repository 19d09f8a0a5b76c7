import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely'

// The newsletter (src/server/newsletter/, docs/accounts.md § Newsletter and subscriptions).
// - `newsletter_subscriptions`: one per e-mail address and site. `email_key` is the address trimmed and lower-cased,
//   unique per site. `status` moves pending → confirmed (double opt-in: the link mailed to the address) →
//   unsubscribed, and back to pending when the address signs up again. Only the SHA-256 of the confirmation token is
//   stored, with its end; the hash stays after confirming, so a second click on the same link still says
//   "confirmed". The unsubscribe link needs no column: it is signed (HMAC) over the row's id and address. `source`
//   says where the consent was given (footer form, checkout, account page), `confirmed_at` when: the proof of consent
//   GDPR asks for. `account_id` links the account of the same address, whose `newsletter` flag mirrors the status.
// - `newsletters`: what the back office sent, per language; `newsletter.send` jobs queue one mail per confirmed
//   subscriber through the outbox.
// - `mails.headers`: extra headers of a mail (the newsletter's List-Unsubscribe and List-Unsubscribe-Post), JSON.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'integer', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('footer', 'checkout', 'account')`))
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirm_expires_at', 'text')
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('newsletter_subscriptions_site_email', ['site_id', 'email_key'])
    .execute()
  // The sending walks a site's confirmed subscribers by id.
  await db.schema
    .createIndex('newsletter_subscriptions_status')
    .on('newsletter_subscriptions')
    .columns(['site_id', 'status', 'id'])
    .execute()
  await db.schema
    .createIndex('newsletter_subscriptions_account')
    .on('newsletter_subscriptions')
    .column('account_id')
    .execute()

  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'integer', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('editions', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'text')
    .execute()

  await db.schema.alterTable('mails').addColumn('headers', 'text').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mails').dropColumn('headers').execute()
  await db.schema.dropTable('newsletters').execute()
  await db.schema.dropTable('newsletter_subscriptions').execute()
}
