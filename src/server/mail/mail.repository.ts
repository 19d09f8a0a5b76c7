// The mail outbox's queries. A mail row leaves here as a MailRow; times are ISO strings from the caller's clock.
import type { Selectable } from 'kysely'
import type { Db } from '../db/database.ts'
import type { MailTable } from '../db/tables/mail.ts'
import type { Executor } from '../jobs/job.repository.ts'

export type MailRow = Selectable<MailTable>

export type NewMail = Pick<
  MailRow,
  | 'dedupeKey'
  | 'messageId'
  | 'kind'
  | 'siteId'
  | 'languageCode'
  | 'sender'
  | 'replyTo'
  | 'recipient'
  | 'subject'
  | 'html'
  | 'text'
  | 'headers'
>

/** Inserts a mail, or nothing when its dedupe key is taken; answers the id of the mail that holds the key. */
export async function insertMail(db: Executor, mail: NewMail, now: string): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('mails')
    .values({ ...mail, state: 'queued', attempts: 0, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return { id: Number(inserted.id), created: true }
  const existing = await db
    .selectFrom('mails')
    .select('id')
    .where('dedupeKey', '=', mail.dedupeKey)
    .executeTakeFirstOrThrow()
  return { id: Number(existing.id), created: false }
}

export async function findMail(db: Db, id: number): Promise<MailRow | undefined> {
  const row = await db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { ...row, id: Number(row.id), siteId: Number(row.siteId), attempts: Number(row.attempts) }
}

export type MailSummary = Pick<
  MailRow,
  'id' | 'kind' | 'siteId' | 'languageCode' | 'recipient' | 'subject' | 'state' | 'attempts' | 'createdAt' | 'sentAt'
>

/** The newest mails first, for /dev/mail. */
export async function listMails(db: Db, limit: number): Promise<MailSummary[]> {
  const rows = await db
    .selectFrom('mails')
    .select([
      'id',
      'kind',
      'siteId',
      'languageCode',
      'recipient',
      'subject',
      'state',
      'attempts',
      'createdAt',
      'sentAt',
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id), siteId: Number(row.siteId), attempts: Number(row.attempts) }))
}

/**
 * Counts an SMTP exchange about to start, committed before it, and clears the last error: a mail with attempts and no
 * error was cut off mid-send, which the next attempt sees.
 */
export async function countAttempt(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('mails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError: null, updatedAt: now }))
    .where('id', '=', id)
    .execute()
}

/** The end of a mail: sent, kept or failed. Only a mail not sent or kept yet changes. */
export async function finishMail(
  db: Db,
  id: number,
  outcome:
    | { state: 'sent'; smtpResponse: string; lastError: string | null }
    | { state: 'kept' }
    | { state: 'failed'; lastError: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mails')
    .set({
      state: outcome.state,
      smtpResponse: outcome.state === 'sent' ? outcome.smtpResponse : null,
      lastError: outcome.state === 'kept' ? null : outcome.lastError,
      sentAt: outcome.state === 'failed' ? null : now,
      updatedAt: now,
    })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'failed'])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** A temporary failure: the mail stays queued with the error, for the next attempt. */
export async function noteMailError(db: Db, id: number, error: string, now: string): Promise<void> {
  await db.updateTable('mails').set({ lastError: error, updatedAt: now }).where('id', '=', id).execute()
}

/** Deletes mails sent or kept before `before`; failed ones stay until someone looks at them. */
export async function deleteFinishedMailsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('mails')
    .where('state', 'in', ['sent', 'kept'])
    .where('createdAt', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
