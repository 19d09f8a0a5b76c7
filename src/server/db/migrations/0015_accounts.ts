import { PostgresAdapter, sql, type Kysely } from 'kysely'

// Accounts (src/server/accounts/, docs/accounts.md).
// - `accounts`: one per e-mail address and site (sessions and carts belong to a site too). `email_key` is the address
//   trimmed and lower-cased, the unique key sign-in looks up; `email_address` keeps it as typed. The password is an
//   argon2id hash (PHC string). `activated_at` is null until the activation link is followed: sign-in needs it. The
//   customer's data (billing, shipping, company: JSON, read and written with the domain's schemas), the language
//   the account's mails go out in and the newsletter opt-in live here too.
// - `account_tokens`: the links mailed for activation, password reset and e-mail change. Only the SHA-256 of a token
//   is stored; each is single use (`used_at`) and expires. An e-mail change keeps the new address with its token, so
//   the address changes only once the link mailed to it is followed.
// - `captcha_spent`: the captcha solutions already used (their signature), kept until the challenge expires, so one
//   solved challenge opens one request.
// - `orders.account_id`: the account an order was placed by (signed in, or a guest who chose a password at
//   checkout); null for a guest order.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('shipping', 'text')
    .addColumn('company', 'text')
    .addColumn('alternative_shipping_address', 'boolean', (c) => c.notNull())
    .addColumn('newsletter', 'boolean', (c) => c.notNull())
    .addColumn('activated_at', 'text')
    .addColumn('password_changed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('accounts_site_email', ['site_id', 'email_key'])
    .execute()

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('activation', 'passwordReset', 'emailChange')`),
    )
    .addColumn('new_email_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema
    .createIndex('account_tokens_account')
    .on('account_tokens')
    .columns(['account_id', 'purpose'])
    .execute()

  await db.schema
    .createTable('captcha_spent')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .alterTable('orders')
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('orders_account').on('orders').columns(['account_id', 'created_at']).execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_account').execute()
  await db.schema.alterTable('orders').dropColumn('account_id').execute()
  await db.schema.dropTable('captcha_spent').execute()
  await db.schema.dropTable('account_tokens').execute()
  await db.schema.dropTable('accounts').execute()
}
