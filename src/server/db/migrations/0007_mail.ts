import { PostgresAdapter, sql, type Kysely } from 'kysely'

// The mail outbox: one row per mail, written in the transaction of the change that causes it, with the message as
// it is sent (rendered when queued), and sent by a job. `dedupe_key` is unique, so one event never makes two mails;
// `message_id` is derived from it, so a mail sent again after a crash mid-send carries the same Message-ID.
// `state`: queued → sent (the SMTP server took it), kept (no SMTP_URL: kept here only) or failed (refused for good,
// or out of attempts).

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('mails')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'sent', 'kept', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('smtp_response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute()
  // /dev/mail lists the newest first.
  await db.schema.createIndex('mails_created_at').on('mails').column('created_at').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mails').execute()
}
