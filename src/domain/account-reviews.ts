import { z } from 'zod'
import { ReviewSchema } from './catalogue.ts'
import { REVIEW_MIN_WORDS, STAR_RATING_SCALE } from './catalogue-constants.ts'
import { fieldError, type FieldError } from './field-errors.ts'
import { IdSchema } from './ids.ts'
import { LanguageCodeSchema } from './languages.ts'
import { OrderIdSchema } from './orders.ts'

// Reviews written from the account (src/server/reviews/, docs/accounts.md): the products an account bought with the
// review it wrote of each ('review requests'), writing one, and the back office's moderation. A written review is
// pending until the back office approves it (then the product page shows it) or rejects it.

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES)
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>

/**
 * `POST /api/account/reviews`: only the shape is checked here (text bounded); the rules of ReviewSchema are checked
 * field by field and refused with 400 `invalidFields` and a locale key per field (title, text, rating, language).
 */
export const WriteReviewBodySchema = z.object({
  productId: IdSchema,
  title: z.string().max(1000),
  text: z.string().max(10_000),
  rating: z.number().nullable(),
  language: z.string().max(10),
})
export type WriteReviewBody = z.infer<typeof WriteReviewBodySchema>

/** The rules a written review meets: spec §3 Review, §5 (at least 5 words, 1 to 5 stars). */
export const WrittenReviewSchema = ReviewSchema

/** The account's own review of a product, with where moderation stands. */
export const OwnReviewSchema = ReviewSchema.extend({
  reviewId: IdSchema,
  status: ReviewStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
})
export type OwnReview = z.infer<typeof OwnReviewSchema>

/** A product the account bought (from its paid orders) and its review of it, if any: a 'review request'. */
export const ReviewRequestSchema = z.object({
  productId: IdSchema,
  productVariantId: IdSchema,
  /** The product's name in the page's language (the order line's description when the site no longer sells it). */
  name: z.string(),
  /** The product's page on this site; null when the site no longer shows it. */
  path: z.string().nullable(),
  /** The product image's name (public/images/products), or null. */
  image: z.string().nullable(),
  orderId: OrderIdSchema,
  boughtAt: z.iso.datetime({ offset: true }),
  review: OwnReviewSchema.nullable(),
})
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>

/** `GET /api/account/reviews`: newest purchase first, one entry per product. */
export const ReviewRequestsSchema = z.array(ReviewRequestSchema)

/** `GET /api/backoffice/reviews?status=`: the reviews to moderate (pending unless asked otherwise), oldest first. */
export const BackofficeReviewQuerySchema = z.object({ status: ReviewStatusSchema.default('pending') })

export const BackofficeReviewSchema = z.object({
  reviewId: IdSchema,
  productId: IdSchema,
  siteId: IdSchema.nullable(),
  accountId: IdSchema.nullable(),
  orderId: OrderIdSchema.nullable(),
  author: z.string(),
  title: z.string(),
  text: z.string(),
  rating: z.number().int().min(1).max(5),
  language: LanguageCodeSchema,
  status: ReviewStatusSchema,
  createdAt: z.string(),
  moderatedAt: z.string().nullable(),
})
export type BackofficeReview = z.infer<typeof BackofficeReviewSchema>
export const BackofficeReviewsSchema = z.array(BackofficeReviewSchema)

/** `PUT /api/backoffice/reviews/{id}/status`. */
export const ReviewStatusUpdateSchema = z.strictObject({ status: z.enum(['approved', 'rejected']) })
export type ReviewStatusUpdate = z.infer<typeof ReviewStatusUpdateSchema>

/** What a moderation did; `catalogueVersion` is the version the product was stamped with (null: it was not). */
export const ReviewStatusChangeSchema = z.object({
  reviewId: IdSchema,
  productId: IdSchema,
  from: ReviewStatusSchema,
  to: ReviewStatusSchema,
  changed: z.boolean(),
  catalogueVersion: z.number().int().positive().nullable(),
})
export type ReviewStatusChange = z.infer<typeof ReviewStatusChangeSchema>

/** Words as the 5-word rule counts them (what the form's live count shows). */
export const wordCount = (text: string): number => text.trim().split(/\s+/).filter(Boolean).length

const TITLE_MAX = 120
const TEXT_MAX = 4000

/**
 * What is wrong with a review, field by field, as locale keys (field-errors.ts): the form shows them beside their
 * fields and the server answers them as 400 `invalidFields`. Empty when the review may be sent.
 */
export function reviewFieldErrors(review: Omit<WriteReviewBody, 'productId'>): FieldError[] {
  const errors: FieldError[] = []
  const title = review.title.trim()
  if (title === '') errors.push(fieldError('title', 'validation.required'))
  else if (title.length > TITLE_MAX)
    errors.push(fieldError('title', 'validation.maxLength', { max: String(TITLE_MAX) }))
  const text = review.text.trim()
  if (text === '') errors.push(fieldError('text', 'validation.required'))
  else if (wordCount(text) < REVIEW_MIN_WORDS)
    errors.push(fieldError('text', 'validation.reviewMinWords', { count: String(REVIEW_MIN_WORDS) }))
  else if (text.length > TEXT_MAX) errors.push(fieldError('text', 'validation.maxLength', { max: String(TEXT_MAX) }))
  const { rating } = review
  if (rating === null || !Number.isInteger(rating) || rating < 1 || rating > STAR_RATING_SCALE)
    errors.push(fieldError('rating', 'validation.rating', { max: String(STAR_RATING_SCALE) }))
  if (!LanguageCodeSchema.safeParse(review.language).success) errors.push(fieldError('language', 'validation.required'))
  return errors
}
