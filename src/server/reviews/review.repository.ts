// Review queries (Kysely only): what an account bought and wrote, writing a review, and the back office's moderation.
// Writes take the caller's transaction, so a moderation, the product's new catalogue version and the audit row
// commit together.
import { sql } from 'kysely'
import type { ReviewStatus } from '../../domain/account-reviews.ts'
import type { Dialect } from '../db/database.ts'
import { WRITTEN_REVIEW_IDS_FROM } from '../db/migrations/0019_reviews_and_scans.ts'
import type { Executor } from '../jobs/job.repository.ts'

/** Orders in these statuses count as bought: paid or further along, not cancelled or expired unpaid. */
export const BOUGHT_STATUSES = ['paid', 'processing', 'sent', 'closed'] as const

/** The account on the site: what its reviews are signed with. */
export function findAccountName(db: Executor, accountId: number, siteId: number) {
  return db
    .selectFrom('accounts')
    .select(['firstName', 'lastName'])
    .where('id', '=', accountId)
    .where('siteId', '=', siteId)
    .executeTakeFirst()
}

/** Lines of the account's bought orders on a site, newest order first. */
export function findBoughtLines(db: Executor, accountId: number, siteId: number, productId?: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('orderLines as l', 'l.orderId', 'o.id')
    .select(['l.productId', 'l.productVariantId', 'l.description', 'l.position', 'o.id as orderId', 'o.createdAt'])
    .where('o.accountId', '=', accountId)
    .where('o.siteId', '=', siteId)
    .where('o.status', 'in', BOUGHT_STATUSES)
    .$if(productId !== undefined, (qb) => qb.where('l.productId', '=', productId!))
    .orderBy('o.createdAt', 'desc')
    .orderBy('l.position')
    .execute()
}

export function findAccountReviews(db: Executor, accountId: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('languages as l', 'l.id', 'r.languageId')
    .select(['r.id', 'r.productId', 'r.title', 'r.text', 'r.rating', 'l.code as language', 'r.status', 'r.createdAt'])
    .where('r.accountId', '=', accountId)
    .execute()
}

export async function hasReviewed(db: Executor, accountId: number, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('accountId', '=', accountId)
    .where('productId', '=', productId)
    .executeTakeFirst()
  return row !== undefined
}

export async function languageIdOf(db: Executor, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirst()
  return row?.id
}

export interface NewReview {
  productId: number
  languageId: number
  siteId: number
  accountId: number
  orderId: string
  orderPosition: number
  rating: number
  author: string
  title: string
  text: string
  at: Date
}

/** Stores a written review as pending; its id comes from the written reviews' range (migration 0019). */
export async function insertReview(db: Executor, dialect: Dialect, review: NewReview): Promise<number> {
  const { at, ...values } = review
  const id =
    dialect === 'postgres'
      ? sql<number>`nextval('reviews_written_id')`
      : sql<number>`(select max(coalesce(max(id), 0), ${WRITTEN_REVIEW_IDS_FROM - 1}) + 1 from reviews)`
  const row = await db
    .insertInto('reviews')
    .values({ ...values, id, status: 'pending', createdAt: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** Reviews in a status, oldest first (the moderation queue), at most `limit`. */
export function findReviewsByStatus(db: Executor, status: ReviewStatus, limit = 500) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('languages as l', 'l.id', 'r.languageId')
    .select([
      'r.id',
      'r.productId',
      'r.siteId',
      'r.accountId',
      'r.orderId',
      'r.author',
      'r.title',
      'r.text',
      'r.rating',
      'l.code as language',
      'r.status',
      'r.createdAt',
      'r.moderatedAt',
    ])
    .where('r.status', '=', status)
    .orderBy('r.createdAt')
    .orderBy('r.id')
    .limit(limit)
    .execute()
}

export function findReviewStatus(db: Executor, reviewId: number) {
  return db.selectFrom('reviews').select(['id', 'productId', 'status']).where('id', '=', reviewId).executeTakeFirst()
}

export async function setReviewStatus(
  db: Executor,
  reviewId: number,
  status: ReviewStatus,
  moderation: { at: Date; by: string },
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ status, moderatedAt: moderation.at.toISOString(), moderatedBy: moderation.by })
    .where('id', '=', reviewId)
    .execute()
}
