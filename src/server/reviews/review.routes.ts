// The account's reviews (spec §2 reviews and review requests):
// - GET /api/account/reviews: the products the account bought on this site, each with its review and status;
// - POST /api/account/reviews: writes a review of one of them (title, text of at least 5 words, 1–5 stars, language),
//   pending until the back office approves it: 201 `{ reviewId }`.
// Signed in only (401 `notSignedIn`); personal, so never cached.
import { z } from 'zod'
import { ReviewRequestsSchema, WriteReviewBodySchema } from '../../domain/account-reviews.ts'
import { IdSchema } from '../../domain/ids.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { FIELD_REFUSALS } from '../http/api-docs.ts'
import { scopeOf } from '../http/scope.ts'
import { signedInAccount } from '../accounts/account.routes.ts'
import { reviewRequests, writeReview } from './review.service.ts'

const none = { cache: 'none' } as const

export async function accountReviewRoutes(app: ZodApp, { database, catalogue }: AppContext) {
  app.get(
    '/api/account/reviews',
    {
      config: { ...none, refusals: { 401: 'Not signed in (`notSignedIn`).' } },
      schema: {
        summary: 'The products the account bought here, each with its review (review requests)',
        response: { 200: ReviewRequestsSchema },
      },
    },
    async (request) => {
      const accountId = await signedInAccount(request)
      return reviewRequests(database, catalogue, scopeOf(request), accountId)
    },
  )

  app.post(
    '/api/account/reviews',
    {
      config: {
        ...none,
        refusals: {
          ...FIELD_REFUSALS,
          401: 'Not signed in (`notSignedIn`).',
          403: 'The account has not bought this product on this site (`productNotBought`).',
          409: 'The account has already reviewed this product (`reviewExists`).',
        },
      },
      schema: {
        summary: 'Writes a review of a bought product; it waits for moderation',
        body: WriteReviewBodySchema,
        response: { 201: z.object({ reviewId: IdSchema }) },
      },
    },
    async (request, reply) => {
      const accountId = await signedInAccount(request)
      const reviewId = await writeReview(database, scopeOf(request), accountId, request.body)
      return reply.code(201).send({ reviewId })
    },
  )
}
