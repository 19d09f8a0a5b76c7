// Back-in-stock requests (Kysely only): by e-mail (`stock_reminders`) and by push (`push_reminders`), and the keys
// the server keeps (`server_keys`). A request is waiting while it is neither served nor cancelled and was made after
// the lapse cut-off the caller passes (six months before now).
import type { Selectable } from 'kysely'
import type { Db } from '../db/database.ts'
import type { PushReminderTable, StockReminderTable } from '../db/tables/catalogue.ts'
import type { Executor } from '../jobs/job.repository.ts'

/** Rows as they are read (ids made by the database). */
export type EmailReminderRow = Selectable<StockReminderTable>
export type PushReminderRow = Selectable<PushReminderTable>

export function findEmailReminder(db: Executor, siteId: number, variantId: number, emailAddress: string) {
  return db
    .selectFrom('stockReminders')
    .selectAll()
    .where('siteId', '=', siteId)
    .where('variantId', '=', variantId)
    .where('emailAddress', '=', emailAddress)
    .executeTakeFirst()
}

/** Inserts a request unless the address has one for the variant (another request made it first): false then. */
export async function insertEmailReminder(
  db: Executor,
  row: Omit<EmailReminderRow, 'id' | 'notifiedAt' | 'cancelledAt'>,
): Promise<boolean> {
  const result = await db
    .insertInto('stockReminders')
    .values({ ...row, notifiedAt: null, cancelledAt: null })
    .onConflict((oc) => oc.columns(['siteId', 'variantId', 'emailAddress']).doNothing())
    .executeTakeFirst()
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n
}

export async function updateEmailReminder(
  db: Executor,
  id: number,
  changes: Partial<Omit<EmailReminderRow, 'id' | 'siteId' | 'variantId' | 'emailAddress'>>,
): Promise<void> {
  await db.updateTable('stockReminders').set(changes).where('id', '=', id).execute()
}

export function findEmailReminderByToken(db: Executor, cancelToken: string) {
  return db.selectFrom('stockReminders').selectAll().where('cancelToken', '=', cancelToken).executeTakeFirst()
}

/** For tests and the bench: a variant's requests on a site, oldest first. */
export function findEmailReminders(db: Executor, siteId: number, variantId: number) {
  return db
    .selectFrom('stockReminders')
    .selectAll()
    .where('siteId', '=', siteId)
    .where('variantId', '=', variantId)
    .orderBy('id')
    .execute()
}

/** The next waiting e-mail requests of a variant on the given sites, by id after `afterId`. */
export function waitingEmailReminders(
  db: Executor,
  { variantId, siteIds, since, afterId, limit }: WaitingQuery,
): Promise<EmailReminderRow[]> {
  if (siteIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('stockReminders')
    .selectAll()
    .where('variantId', '=', variantId)
    .where('notifiedAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .where('createdAt', '>=', since)
    .where('siteId', 'in', siteIds)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

export interface WaitingQuery {
  variantId: number
  siteIds: readonly number[]
  /** The lapse cut-off: requests made before it are not served. */
  since: string
  afterId: number
  limit: number
}

/** Marks requests of either kind served (those still waiting). */
export async function markNotified(
  db: Executor,
  table: 'stockReminders' | 'pushReminders',
  ids: readonly number[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return
  await db.updateTable(table).set({ notifiedAt: at }).where('id', 'in', ids).where('notifiedAt', 'is', null).execute()
}

/** Which of these variants have a waiting request of either kind (on any site). */
export async function variantsWithWaiting(
  db: Executor,
  variantIds: readonly number[],
  since: string,
): Promise<Set<number>> {
  if (variantIds.length === 0) return new Set()
  const mail = await db
    .selectFrom('stockReminders')
    .select('variantId')
    .distinct()
    .where('variantId', 'in', variantIds)
    .where('notifiedAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .where('createdAt', '>=', since)
    .execute()
  const push = await db
    .selectFrom('pushReminders')
    .select('variantId')
    .distinct()
    .where('variantId', 'in', variantIds)
    .where('notifiedAt', 'is', null)
    .where('createdAt', '>=', since)
    .execute()
  return new Set([...mail, ...push].map((r) => r.variantId))
}

/** A push request for a variant: made, or renewed (new keys, waiting again) when the subscription asked before. */
export async function upsertPushReminder(db: Executor, row: Omit<PushReminderRow, 'id' | 'notifiedAt'>): Promise<void> {
  await db
    .insertInto('pushReminders')
    .values({ ...row, notifiedAt: null })
    .onConflict((oc) =>
      oc.columns(['endpoint', 'siteId', 'variantId']).doUpdateSet({
        p256dh: row.p256dh,
        auth: row.auth,
        languageId: row.languageId,
        accountId: row.accountId,
        createdAt: row.createdAt,
        notifiedAt: null,
      }),
    )
    .execute()
}

export function findPushReminder(db: Executor, id: number) {
  return db.selectFrom('pushReminders').selectAll().where('id', '=', id).executeTakeFirst()
}

/** For tests and the bench: a variant's push requests on a site. */
export function findPushReminders(db: Executor, siteId: number, variantId: number) {
  return db
    .selectFrom('pushReminders')
    .selectAll()
    .where('siteId', '=', siteId)
    .where('variantId', '=', variantId)
    .orderBy('id')
    .execute()
}

export function waitingPushReminders(
  db: Executor,
  { variantId, siteIds, since, afterId, limit }: WaitingQuery,
): Promise<PushReminderRow[]> {
  if (siteIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('pushReminders')
    .selectAll()
    .where('variantId', '=', variantId)
    .where('notifiedAt', 'is', null)
    .where('createdAt', '>=', since)
    .where('siteId', 'in', siteIds)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** The variants a subscription waits for on a site. */
export async function waitingPushVariants(db: Executor, endpoint: string, siteId: number, since: string) {
  const rows = await db
    .selectFrom('pushReminders')
    .select('variantId')
    .where('endpoint', '=', endpoint)
    .where('siteId', '=', siteId)
    .where('notifiedAt', 'is', null)
    .where('createdAt', '>=', since)
    .orderBy('id')
    .execute()
  return rows.map((r) => r.variantId)
}

export async function deletePushReminder(
  db: Executor,
  where: { endpoint: string; siteId: number; variantId: number } | { id: number },
): Promise<void> {
  let query = db.deleteFrom('pushReminders')
  if ('id' in where) query = query.where('id', '=', where.id)
  else
    query = query
      .where('endpoint', '=', where.endpoint)
      .where('siteId', '=', where.siteId)
      .where('variantId', '=', where.variantId)
  await query.execute()
}

/** A subscription the push service no longer knows: every request it made. Answers how many went. */
export async function deleteSubscription(db: Executor, endpoint: string): Promise<number> {
  const result = await db.deleteFrom('pushReminders').where('endpoint', '=', endpoint).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** An account's waiting requests on its site: by its address (e-mail) or made signed in (push). */
export async function accountReminders(
  db: Executor,
  { siteId, accountId, emailKey, since }: { siteId: number; accountId: number; emailKey: string; since: string },
) {
  const mail = await db
    .selectFrom('stockReminders')
    .select(['id', 'variantId', 'createdAt'])
    .where('siteId', '=', siteId)
    .where((eb) => eb.or([eb('emailAddress', '=', emailKey), eb('accountId', '=', accountId)]))
    .where('notifiedAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .where('createdAt', '>=', since)
    .orderBy('id')
    .execute()
  const push = await db
    .selectFrom('pushReminders')
    .select(['id', 'variantId', 'createdAt'])
    .where('siteId', '=', siteId)
    .where('accountId', '=', accountId)
    .where('notifiedAt', 'is', null)
    .where('createdAt', '>=', since)
    .orderBy('id')
    .execute()
  return { mail, push }
}

/** Deletes what lapsed: requests made before `before`, served or not. Answers how many of each kind. */
export async function deleteLapsed(db: Db, before: string): Promise<{ mail: number; push: number }> {
  const mail = await db.deleteFrom('stockReminders').where('createdAt', '<', before).executeTakeFirst()
  const push = await db.deleteFrom('pushReminders').where('createdAt', '<', before).executeTakeFirst()
  return { mail: Number(mail.numDeletedRows), push: Number(push.numDeletedRows) }
}

export async function findServerKey(db: Executor, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('serverKeys').select('value').where('name', '=', name).executeTakeFirst()
  return row?.value
}

/** Stores a key unless another process stored one first; the caller reads back the one that counts. */
export async function insertServerKey(db: Executor, name: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('serverKeys')
    .values({ name, value, createdAt: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}
