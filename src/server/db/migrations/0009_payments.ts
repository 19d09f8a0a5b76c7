import { PostgresAdapter, sql, type Kysely } from 'kysely'

// Payments (src/server/payments/, docs/payments.md).
//
// `payments`: the shop's view of every payment it started at a provider: what was asked (reference, amount in cents,
// method, where the payer returns and where the provider reports) and the status as far as the shop knows it, moved
// only forward by the transition rules in src/domain/payment-status.ts. One row per provider payment id.
//
// `test_provider_payments`: the built-in test provider's own records, as an outside provider would keep them: the
// payment the hosted page at /payments/test/:id shows and the outcome the payer chose there. Its id is random and
// unguessable, since knowing it is what lets a payer decide the outcome.

const STATUSES = sql`('open', 'paid', 'failed', 'cancelled', 'expired')`

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('test', 'mollie')`))
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('checkout_url', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${STATUSES}`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payments_provider_payment', ['provider', 'provider_payment_id'])
    .execute()
  // The orders work looks payments up by its reference (the order).
  await db.schema.createIndex('payments_reference').on('payments').column('reference').execute()

  await db.schema
    .createTable('test_provider_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${STATUSES}`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_provider_payments').execute()
  await db.schema.dropTable('payments').execute()
}
