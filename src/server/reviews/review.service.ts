// Reviews written from the account, and their moderation. A review may be written only of a product the account
// bought on the site (a line of one of its paid orders), once per product, and waits as pending until the back
// office approves or rejects it. The catalogue shows approved reviews only, so a moderation that shows or hides a
// review stamps its product with a new catalogue version in the same transaction: the servers' catalogues read the
// product again and the devices' offline catalogues get it with their next delta.
import {
  ReviewStatusSchema,
  reviewFieldErrors,
  WrittenReviewSchema,
  type ReviewRequest,
  type ReviewStatusChange,
  type ReviewStatusUpdate,
  type WriteReviewBody,
} from '../../domain/account-reviews.ts'
import { AppError, NotFoundError } from '../../domain/errors.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { insertAudit, lockCatalogueState, stampProducts } from '../backoffice/backoffice.repository.ts'
import type { BackofficeOrigin } from '../backoffice/backoffice.service.ts'
import { invalidFields } from '../cart/checkout-rules.ts'
import type { CatalogueCache } from '../catalogue/catalogue-cache.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { nextCatalogueVersion } from '../db/seed/catalogue-seed.repository.ts'
import type { RequestScope } from '../http/scope.ts'
import {
  findAccountName,
  findAccountReviews,
  findBoughtLines,
  findReviewStatus,
  hasReviewed,
  insertReview,
  languageIdOf,
  setReviewStatus,
} from './review.repository.ts'

/** How a review is signed on the product page: the first name and the initial of the last word of the last name. */
export function authorOf({ firstName, lastName }: { firstName: string; lastName: string }): string {
  const initial = lastName.trim().split(/\s+/).at(-1)?.charAt(0).toUpperCase()
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim()
}

/** The products the account bought on the request's site, newest purchase first, each with its review if any. */
export async function reviewRequests(
  { db }: DatabaseHandle,
  catalogue: CatalogueCache,
  scope: RequestScope,
  accountId: number,
): Promise<ReviewRequest[]> {
  const [lines, reviews, entry] = await Promise.all([
    findBoughtLines(db, accountId, scope.site.id),
    findAccountReviews(db, accountId),
    catalogue.entry(scope.site, scope.language.languageId),
  ])
  const reviewOf = new Map(reviews.map((r) => [r.productId, r]))
  const seen = new Set<number>()
  const requests: ReviewRequest[] = []
  for (const line of lines) {
    if (seen.has(line.productId)) continue
    seen.add(line.productId)
    const product = entry.byId.get(line.productId)
    const review = reviewOf.get(line.productId)
    requests.push({
      productId: line.productId,
      productVariantId: line.productVariantId,
      name: product?.name ?? line.description,
      path: product?.path ?? null,
      image: product?.image.name ?? null,
      orderId: line.orderId,
      boughtAt: line.createdAt,
      review: review
        ? {
            reviewId: review.id,
            title: review.title,
            text: review.text,
            rating: review.rating,
            language: review.language as LanguageCode,
            status: ReviewStatusSchema.parse(review.status),
            createdAt: review.createdAt,
          }
        : null,
    })
  }
  return requests
}

/** Stores the account's review of a product it bought, pending moderation; answers its id. */
export async function writeReview(
  { db, dialect }: DatabaseHandle,
  scope: RequestScope,
  accountId: number,
  body: WriteReviewBody,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const account = await findAccountName(trx, accountId, scope.site.id)
    if (!account) throw new AppError('notSignedIn', 401, 'Sign in to use your account.')
    const [line] = await findBoughtLines(trx, accountId, scope.site.id, body.productId)
    if (!line) throw new AppError('productNotBought', 403, `You have not bought product ${body.productId} here.`)
    if (await hasReviewed(trx, accountId, body.productId)) {
      throw new AppError('reviewExists', 409, `You have already reviewed product ${body.productId}.`)
    }
    const errors = reviewFieldErrors(body)
    if (errors.length > 0) throw invalidFields(errors, scope.language.code)
    const review = WrittenReviewSchema.parse(body)
    const languageId = await languageIdOf(trx, review.language)
    if (languageId === undefined) throw new Error(`The language ${review.language} is not in the languages table.`)
    return insertReview(trx, dialect, {
      productId: body.productId,
      languageId,
      siteId: scope.site.id,
      accountId,
      orderId: line.orderId,
      orderPosition: line.position,
      rating: review.rating,
      author: authorOf(account),
      title: review.title,
      text: review.text,
      at: scope.now,
    })
  })
}

/**
 * Approves or rejects a review, audited; when the product page's reviews change (approved, or no longer approved)
 * the product gets a new catalogue version. The same status again changes nothing but is audited like any call.
 */
export async function moderateReview(
  { db, dialect }: DatabaseHandle,
  reviewId: number,
  { status }: ReviewStatusUpdate,
  origin: BackofficeOrigin,
  now = new Date(),
): Promise<ReviewStatusChange> {
  return db.transaction().execute(async (trx) => {
    await lockCatalogueState(trx, dialect)
    const review = await findReviewStatus(trx, reviewId)
    if (!review) throw new NotFoundError(`Review ${reviewId}`)
    const from = ReviewStatusSchema.parse(review.status)
    const changed = from !== status
    let catalogueVersion: number | null = null
    if (changed) {
      await setReviewStatus(trx, reviewId, status, { at: now, by: origin.tokenFingerprint })
      if (from === 'approved' || status === 'approved') {
        catalogueVersion = await nextCatalogueVersion(trx)
        await stampProducts(trx, [review.productId], catalogueVersion)
      }
    }
    const change = { reviewId, productId: review.productId, from, to: status, changed, catalogueVersion }
    await insertAudit(trx, { ...origin, at: now, summary: change })
    return change
  })
}
