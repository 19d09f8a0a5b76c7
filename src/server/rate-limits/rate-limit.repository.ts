// The rate-limit counters in the database (PostgreSQL with several server processes and no Redis). One upsert counts
// a request and starts a new window when the last one ended, so two servers counting at once never lose a hit.
import { sql } from 'kysely'
import type { Db } from '../db/database.ts'

export interface Hit {
  /** Requests in the current window, this one included. */
  count: number
  /** When the window ends, epoch ms. */
  resetAt: number
}

export async function countHit(db: Db, key: string, windowMs: number, now: number): Promise<Hit> {
  const ended = sql<boolean>`rate_limits.reset_at <= ${now}`
  const row = await db
    .insertInto('rateLimits')
    .values({ key, hits: 1, resetAt: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${ended} then 1 else rate_limits.hits + 1 end`,
        resetAt: sql<number>`case when ${ended} then ${now + windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'resetAt'])
    .executeTakeFirstOrThrow()
  return { count: Number(row.hits), resetAt: Number(row.resetAt) }
}

/** Deletes the counters of windows that ended; answers how many. */
export async function deleteEndedWindows(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('rateLimits').where('resetAt', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
