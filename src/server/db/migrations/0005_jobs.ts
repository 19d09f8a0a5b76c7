import { PostgresAdapter, sql, type Kysely } from 'kysely'

// Background jobs: one row per job, run by whichever server claims it first. A claim is a lease: `locked_by` names
// the worker and `locked_until` is when the claim lapses, so the job of a worker that stopped half-way is claimed
// again. Times are ISO 8601 text in UTC like every other time column (they sort as text). `dedupe_key` is unique
// (NULLs apart) so one event enqueued twice is one job; a repeating job holds the key `repeat:<name>`.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('jobs')
    // Ids are made by the database: an identity column on PostgreSQL, a never-reused rowid on SQLite.
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull().check(sql`max_attempts >= 1`))
    .addColumn('repeat_every_ms', 'integer')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute()
  // The claim's lookup: due queued jobs, and running ones whose lease lapsed.
  await db.schema.createIndex('jobs_state_run_at').on('jobs').columns(['state', 'run_at']).execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute()
}
