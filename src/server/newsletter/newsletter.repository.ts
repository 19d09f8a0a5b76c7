// The newsletter's queries: subscriptions, the account flag they mirror, and the newsletters sent. Rows leave as
// domain shapes (ids as numbers, editions parsed with their schema).
import type { Selectable, Updateable } from 'kysely'
import { z } from 'zod'
import { NewsletterEditionSchema, type NewsletterEdition } from '../../domain/newsletter-api.ts'
import type { Dialect } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import type { NewsletterSubscriptionTable } from '../db/tables/newsletter.ts'
import type { Executor } from '../jobs/job.repository.ts'

export type Subscription = Selectable<NewsletterSubscriptionTable>

const editionsColumn = jsonColumn('newsletters', 'editions', z.array(NewsletterEditionSchema))

const subscriptionOf = (row: Subscription): Subscription => ({
  ...row,
  id: Number(row.id),
  siteId: Number(row.siteId),
  languageId: Number(row.languageId),
  accountId: row.accountId === null ? null : Number(row.accountId),
})

/**
 * The subscription of an address on a site; with `lockOn` 'postgres' locked for the transaction, so two sign-ups of
 * one address take turns (SQLite's writers do anyway).
 */
export async function findSubscription(
  db: Executor,
  siteId: number,
  emailKey: string,
  lockOn?: Dialect,
): Promise<Subscription | undefined> {
  const query = db
    .selectFrom('newsletterSubscriptions')
    .selectAll()
    .where('siteId', '=', siteId)
    .where('emailKey', '=', emailKey)
  const row = await (lockOn === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
  return row && subscriptionOf(row)
}

export async function findSubscriptionById(db: Executor, id: number): Promise<Subscription | undefined> {
  const row = await db.selectFrom('newsletterSubscriptions').selectAll().where('id', '=', id).executeTakeFirst()
  return row && subscriptionOf(row)
}

export async function findSubscriptionByToken(db: Executor, tokenHash: string): Promise<Subscription | undefined> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .selectAll()
    .where('confirmTokenHash', '=', tokenHash)
    .executeTakeFirst()
  return row && subscriptionOf(row)
}

/**
 * Inserts a subscription, or does nothing when the address has one on the site (a sign-up at the same moment); the
 * caller reads it back then.
 */
export async function insertSubscription(
  db: Executor,
  row: Omit<Subscription, 'id'>,
): Promise<Subscription | undefined> {
  const inserted = await db
    .insertInto('newsletterSubscriptions')
    .values(row)
    .onConflict((oc) => oc.columns(['siteId', 'emailKey']).doNothing())
    .returningAll()
    .executeTakeFirst()
  return inserted && subscriptionOf(inserted)
}

export async function updateSubscription(
  db: Executor,
  id: number,
  changes: Updateable<NewsletterSubscriptionTable>,
): Promise<void> {
  await db.updateTable('newsletterSubscriptions').set(changes).where('id', '=', id).execute()
}

/** A site's confirmed subscribers after `afterId`, by id: the newsletter's sending walks them in batches. */
export async function confirmedSubscribers(
  db: Executor,
  siteId: number,
  afterId: number,
  limit: number,
): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('newsletterSubscriptions')
    .selectAll()
    .where('siteId', '=', siteId)
    .where('status', '=', 'confirmed')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map(subscriptionOf)
}

/** What the newsletter needs of an account: its address, language, activation and flag. */
export interface AccountForNewsletter {
  id: number
  siteId: number
  languageId: number
  emailAddress: string
  emailKey: string
  activated: boolean
  newsletter: boolean
}

export async function findAccountForNewsletter(
  db: Executor,
  where: { id: number } | { siteId: number; emailKey: string },
): Promise<AccountForNewsletter | undefined> {
  let query = db
    .selectFrom('accounts')
    .select(['id', 'siteId', 'languageId', 'emailAddress', 'emailKey', 'activatedAt', 'newsletter'])
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('siteId', '=', where.siteId).where('emailKey', '=', where.emailKey)
  const row = await query.executeTakeFirst()
  return (
    row && {
      id: Number(row.id),
      siteId: Number(row.siteId),
      languageId: Number(row.languageId),
      emailAddress: row.emailAddress,
      emailKey: row.emailKey,
      activated: row.activatedAt !== null,
      newsletter: Boolean(row.newsletter),
    }
  )
}

/** The account's `newsletter` flag, which mirrors its subscription. */
export async function setAccountNewsletter(db: Executor, accountId: number, on: boolean, now: string): Promise<void> {
  await db.updateTable('accounts').set({ newsletter: on, updatedAt: now }).where('id', '=', accountId).execute()
}

/** Whether the checkout of a cart asked for the newsletter. */
export async function cartWantsNewsletter(db: Executor, cartId: string): Promise<boolean> {
  const row = await db.selectFrom('carts').select('newsletterSubscribe').where('id', '=', cartId).executeTakeFirst()
  return Boolean(row?.newsletterSubscribe)
}

export interface StoredNewsletter {
  id: number
  siteId: number
  editions: NewsletterEdition[]
  recipients: number | null
}

export async function insertNewsletter(
  db: Executor,
  siteId: number,
  editions: NewsletterEdition[],
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('newsletters')
    .values({ siteId, editions: editionsColumn.serialise(editions), createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function findNewsletter(db: Executor, id: number): Promise<StoredNewsletter | undefined> {
  const row = await db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst()
  return (
    row && {
      id: Number(row.id),
      siteId: Number(row.siteId),
      editions: editionsColumn.parse(row.editions),
      recipients: row.recipients === null ? null : Number(row.recipients),
    }
  )
}

export async function markNewsletterQueued(db: Executor, id: number, recipients: number, now: string): Promise<void> {
  await db.updateTable('newsletters').set({ recipients, queuedAt: now }).where('id', '=', id).execute()
}
