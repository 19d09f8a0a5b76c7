// The jobs table's queries. Times are ISO strings from the queue's clock, never the database's, so a test's clock
// decides what is due and both dialects compare the same text.
import type { Transaction } from 'kysely'
import type { Db, Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { JobState, JobTable } from '../db/tables/jobs.ts'

/** The database, or a caller's transaction, so a job is written with the change that causes it. */
export type Executor = Db | Transaction<Database>

export type JobRow = Omit<JobTable, 'id'> & { id: number }

export interface NewJob {
  name: string
  payload: string
  runAt: string
  maxAttempts: number
  dedupeKey: string | null
  now: string
}

/** Inserts a job, or nothing when its dedupe key is taken; answers the id of the job that holds the key. */
export async function insertJob(db: Executor, job: NewJob): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      name: job.name,
      payload: job.payload,
      state: 'queued',
      runAt: job.runAt,
      attempts: 0,
      maxAttempts: job.maxAttempts,
      dedupeKey: job.dedupeKey,
      createdAt: job.now,
      updatedAt: job.now,
    })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return { id: Number(inserted.id), created: true }
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('dedupeKey', '=', job.dedupeKey)
    .executeTakeFirstOrThrow()
  return { id: Number(existing.id), created: false }
}

/**
 * The one row of a repeating job: made on first start, its interval and attempts updated on later ones; a repeating
 * job that failed for good is queued again, so a restart brings a stopped clean-up back.
 */
export async function upsertRepeatingJob(
  db: Db,
  job: { name: string; everyMs: number; maxAttempts: number; now: string },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      name: job.name,
      payload: '{}',
      state: 'queued',
      runAt: job.now,
      attempts: 0,
      maxAttempts: job.maxAttempts,
      repeatEveryMs: job.everyMs,
      dedupeKey: `repeat:${job.name}`,
      createdAt: job.now,
      updatedAt: job.now,
    })
    .onConflict((oc) =>
      oc.column('dedupeKey').doUpdateSet((eb) => ({
        repeatEveryMs: eb.ref('excluded.repeatEveryMs'),
        maxAttempts: eb.ref('excluded.maxAttempts'),
        state: eb
          .case()
          .when('jobs.state', '=', 'failed')
          .then(eb.val<JobState>('queued'))
          .else(eb.ref('jobs.state'))
          .end(),
        attempts: eb.case().when('jobs.state', '=', 'failed').then(0).else(eb.ref('jobs.attempts')).end(),
        runAt: eb.case().when('jobs.state', '=', 'failed').then(job.now).else(eb.ref('jobs.runAt')).end(),
      })),
    )
    .execute()
}

export interface Claim {
  names: readonly string[]
  workerId: string
  now: string
  lockedUntil: string
}

/**
 * Claims the next due job among `names` for `workerId`, counting an attempt: a queued job whose time has come, or a
 * running one whose lease lapsed. On PostgreSQL the row is locked with SKIP LOCKED, so concurrent claims pass each
 * other by; on SQLite (one writer at a time) a single UPDATE picks and takes the row, and re-checks that it is still
 * free, so two connections to one file never take the same job.
 */
export async function claimJob(db: Db, dialect: Dialect, claim: Claim): Promise<JobRow | undefined> {
  if (claim.names.length === 0) return undefined
  const claimable = (query: Executor) =>
    query
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', claim.names)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', claim.now)]),
          eb.and([eb('state', '=', 'running'), eb('lockedUntil', '<=', claim.now)]),
        ]),
      )
      .orderBy('runAt')
      .orderBy('id')
      .limit(1)
  const take = (query: Executor, id: number | ReturnType<typeof claimable>) =>
    query
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb('attempts', '+', 1),
        lockedBy: claim.workerId,
        lockedUntil: claim.lockedUntil,
        updatedAt: claim.now,
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()

  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const row = await claimable(trx).forUpdate().skipLocked().executeTakeFirst()
      return row && (await take(trx, row.id))
    })
  }
  // The subquery and the update are one statement, which SQLite runs under its write lock.
  return take(db, claimable(db))
}

/** The row as its worker claimed it: the attempt and the worker must still match, or the lease went to another. */
function ownedBy(db: Db, job: Pick<JobRow, 'id' | 'lockedBy' | 'attempts'>) {
  return db
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('lockedBy', '=', job.lockedBy)
    .where('attempts', '=', job.attempts)
}

/** A finished run: done, or, for a repeating job, queued again for its next time. */
export async function completeJob(db: Db, job: JobRow, now: string, nextRunAt: string | null): Promise<boolean> {
  const unlocked = { lockedBy: null, lockedUntil: null, updatedAt: now }
  const result = await ownedBy(db, job)
    .set(
      nextRunAt === null
        ? { ...unlocked, state: 'done', finishedAt: now }
        : { ...unlocked, state: 'queued', runAt: nextRunAt, attempts: 0, lastError: null },
    )
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** A failed run: queued again at `retryAt`, or failed for good (null) with its error kept. */
export async function failJob(
  db: Db,
  job: JobRow,
  error: string,
  now: string,
  retryAt: string | null,
): Promise<boolean> {
  const unlocked = { lockedBy: null, lockedUntil: null, updatedAt: now, lastError: error }
  const result = await ownedBy(db, job)
    .set(
      retryAt === null
        ? { ...unlocked, state: 'failed', finishedAt: now }
        : { ...unlocked, state: 'queued', runAt: retryAt },
    )
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function findJob(db: Executor, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findFailedJobs(db: Db, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'failed')
    .orderBy('updatedAt', 'desc')
    .limit(limit)
    .execute()
}

export async function countJobsByState(db: Db): Promise<Record<JobState, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['state', eb.fn.countAll().as('count')])
    .groupBy('state')
    .execute()
  const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0 }
  for (const row of rows) counts[row.state] = Number(row.count)
  return counts
}

/** Queues a failed job again with fresh attempts; false when there is no failed job of that id. */
export async function retryFailedJob(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null, updatedAt: now })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function deleteDoneJobsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('state', '=', 'done')
    .where('finishedAt', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
