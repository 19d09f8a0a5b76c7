// The sessions table's queries. A row leaves here as a StoredSession, its data checked with its schema. Times are
// ISO strings from the session service's clock, so a test's clock decides what has expired on both dialects.
import { z } from 'zod'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import { prepared } from '../db/prepared.ts'

/** What a session holds: JSON values by name (a cart id, a choice, later the sign-in's details). */
export const SessionDataSchema = z.record(z.string(), z.json())
export type SessionData = z.infer<typeof SessionDataSchema>

const dataColumn = jsonColumn('sessions', 'data', SessionDataSchema)

export interface StoredSession {
  idHash: string
  siteId: number
  accountId: number | null
  data: SessionData
  createdAt: string
  lastSeenAt: string
  expiresAt: string
  absoluteExpiresAt: string
}

const findSessionQuery = prepared(
  (db: Db, idHash: string) => db.selectFrom('sessions').selectAll().where('idHash', '=', idHash),
  1,
)

/** Asked on every request that carries a session cookie, hence prepared. */
export async function findSession(db: Db, idHash: string): Promise<StoredSession | undefined> {
  const [row] = await findSessionQuery(db, idHash)
  return row && { ...row, siteId: Number(row.siteId), data: dataColumn.parse(row.data) }
}

export async function insertSession(db: Db, session: StoredSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...session, data: dataColumn.serialise(session.data) })
    .execute()
}

export async function updateSessionData(db: Db, idHash: string, data: SessionData): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ data: dataColumn.serialise(data) })
    .where('idHash', '=', idHash)
    .execute()
}

/** Moves the sliding expiry; only when it moves forward, so two servers touching at once agree. */
export async function touchSession(db: Db, idHash: string, lastSeenAt: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ lastSeenAt, expiresAt })
    .where('idHash', '=', idHash)
    .where('lastSeenAt', '<', lastSeenAt)
    .execute()
}

/** Replaces a session by another id in one transaction: the old id stops working as the new one starts. */
export async function replaceSession(db: Db, oldIdHash: string, next: StoredSession): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('idHash', '=', oldIdHash).execute()
    await trx
      .insertInto('sessions')
      .values({ ...next, data: dataColumn.serialise(next.data) })
      .execute()
  })
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('idHash', '=', idHash).execute()
}

/** Deletes sessions past their sliding or absolute end; answers how many. */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('absoluteExpiresAt', '<=', now)]))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
