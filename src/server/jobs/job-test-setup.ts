// For the jobs' tests: a fresh migrated database per describe block, a clock the test moves, and queues on it.
import pino from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle, type Dialect } from '../db/database.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/database.ts'
import { findJob } from './job.repository.ts'
import { JobQueue, type JobQueueOptions } from './job-queue.ts'

export const START = Date.parse('2026-11-25T12:00:00.000Z')
export const silent = pino({ level: 'silent' })

export function useJobDatabase(dialect: Dialect) {
  let database: TestDatabase | undefined
  const extra: DatabaseHandle[] = []
  let clock = START
  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.handle.db)
  })
  afterAll(async () => {
    for (const handle of extra) await handle.close()
    await database?.drop()
  })
  const handle = () => {
    if (!database) throw new Error('The job database is used outside its describe block')
    return database.handle
  }
  return {
    handle,
    url: () => database!.url,
    db: () => handle().db,
    /** A second connection (SQLite) or pool (PostgreSQL) to the same database, as another server has. */
    openAnother: () => {
      const another = openDatabase(database!.url, { poolMax: 5 })
      extra.push(another)
      return another
    },
    now: () => clock,
    advance: (ms: number) => {
      clock += ms
    },
    queue: (options: Partial<JobQueueOptions> = {}, on: DatabaseHandle = handle()) =>
      new JobQueue(on, { log: silent, now: () => clock, random: () => 0, pollMs: 10, ...options }),
    job: async (id: number) => findJob(handle().db, id),
  }
}

/** A unique job name per test, so queues of one database never run each other's jobs. */
export const jobName = (what: string) => `test.${what}.${crypto.randomUUID().slice(0, 8)}`
