import { sql, type Kysely } from 'kysely'

// Refunds of payments that came in for an order that no longer wanted them (docs/payments.md, "Refunds").
//
// `payments` gains the refund: `refund_status` (null: nothing to pay back; `due`: decided, with its job queued in the
// transaction that saw the late payment; then the provider's answer `pending`, `refunded` or `failed`), the amount in
// cents, the provider's refund id and when the provider accepted it. The job reads `provider_refund_id` before it asks
// the provider, so a second run after a success asks nothing.
//
// `test_provider_refunds`: the built-in test provider's own record of the refunds it made, as an outside provider would
// keep them; one per idempotency key, so a repeated request is the same refund.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refund_status', 'text', (c) => c.check(sql`refund_status in ('due', 'pending', 'refunded', 'failed')`))
    .execute()
  await db.schema.alterTable('payments').addColumn('refund_amount', 'integer').execute()
  await db.schema.alterTable('payments').addColumn('provider_refund_id', 'text').execute()
  await db.schema.alterTable('payments').addColumn('refunded_at', 'text').execute()

  await db.schema
    .createTable('test_provider_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('test_provider_payments.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('test_provider_refunds_payment')
    .on('test_provider_refunds')
    .column('payment_id')
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_provider_refunds').execute()
  for (const column of ['refunded_at', 'provider_refund_id', 'refund_amount', 'refund_status'])
    await db.schema.alterTable('payments').dropColumn(column).execute()
}
