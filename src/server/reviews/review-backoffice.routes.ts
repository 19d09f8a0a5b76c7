// The back office's moderation of written reviews (docs/backoffice.md), inside the back-office API's token check:
// - GET /api/backoffice/reviews?status=pending: the queue, oldest first (another status on request);
// - PUT /api/backoffice/reviews/{id}/status `{ status: 'approved' | 'rejected' }`: audited; an approval puts the
//   review on the product page (and in the offline catalogues, through the product's new version).
import {
  BackofficeReviewQuerySchema,
  BackofficeReviewsSchema,
  ReviewStatusChangeSchema,
  ReviewStatusUpdateSchema,
  type BackofficeReview,
} from '../../domain/account-reviews.ts'
import { IdParamsSchema } from '../../domain/ids.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { BackofficeOrigin } from '../backoffice/backoffice.service.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { findReviewsByStatus } from './review.repository.ts'
import { moderateReview } from './review.service.ts'

const config = { scoped: false, cache: 'none', crossSite: 'allow' } as const

export function backofficeReviewRoutes(
  app: ZodApp,
  { database, catalogue }: AppContext,
  originOf: (action: string, requestId: string) => BackofficeOrigin,
) {
  app.get(
    '/api/backoffice/reviews',
    {
      config,
      schema: {
        summary: 'Written reviews in a status (pending unless asked), oldest first',
        querystring: BackofficeReviewQuerySchema,
        response: { 200: BackofficeReviewsSchema },
      },
    },
    async (request) => {
      const rows = await findReviewsByStatus(database.db, request.query.status)
      return rows.map((r): BackofficeReview => ({
        reviewId: r.id,
        productId: r.productId,
        siteId: r.siteId,
        accountId: r.accountId,
        orderId: r.orderId,
        author: r.author,
        title: r.title,
        text: r.text,
        rating: r.rating,
        language: r.language as LanguageCode,
        status: r.status,
        createdAt: r.createdAt,
        moderatedAt: r.moderatedAt,
      }))
    },
  )

  app.put(
    '/api/backoffice/reviews/:id/status',
    {
      config: { ...config, refusals: { 404: 'No review with this id (`notFound`).' } },
      schema: {
        summary: 'Approves or rejects a review',
        params: IdParamsSchema,
        body: ReviewStatusUpdateSchema,
        response: { 200: ReviewStatusChangeSchema },
      },
    },
    async (request) => {
      const change = await moderateReview(
        database,
        request.params.id,
        request.body,
        originOf('review-status', request.id),
      )
      // This server's pages show it at once; other servers within their catalogue check.
      if (change.catalogueVersion !== null) await catalogue.refresh()
      return change
    },
  )
}
