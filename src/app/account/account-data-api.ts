// The account's reviews, scan results and feed advice through the API (src/server/reviews/, src/server/scans/), each
// answer checked with its domain schema. Personal answers: the server sends them no-store, and nothing here keeps
// them beyond the page that shows them.
import type { z } from 'zod'
import { ReviewRequestsSchema, type WriteReviewBody } from '../../domain/account-reviews.ts'
import {
  AccountFeedAdviceSchema,
  AccountScanResultSchema,
  FeedAdviceListSchema,
  ScanResultListSchema,
  type OwnFeedAdvicePost,
} from '../../domain/account-scans.ts'
import { ApiRequestError, type ApiRequest } from '../../browser/transport.ts'
import type { ShopApi } from '../api/shop-api.ts'

export function accountDataApi(api: ShopApi) {
  async function call<S extends z.ZodType>(schema: S, request: ApiRequest, ok = 200): Promise<z.output<S>> {
    const response = await api.send(request)
    if (response.status !== ok) throw new ApiRequestError(response.status, response.body, response.headers)
    return schema.parse(response.body)
  }
  return {
    reviewRequests: (signal?: AbortSignal) => call(ReviewRequestsSchema, { path: '/api/account/reviews', signal }),
    writeReview: async (review: WriteReviewBody) => {
      const response = await api.send({ method: 'POST', path: '/api/account/reviews', body: review })
      if (response.status !== 201) throw new ApiRequestError(response.status, response.body, response.headers)
    },
    scanResults: (signal?: AbortSignal) => call(ScanResultListSchema, { path: '/api/account/scanresults', signal }),
    scanResult: (id: number, signal?: AbortSignal) =>
      call(AccountScanResultSchema, { path: `/api/account/scanresults/${id}`, signal }),
    feedAdviceList: (signal?: AbortSignal) => call(FeedAdviceListSchema, { path: '/api/account/feedadvice', signal }),
    /** Advice of the feed calculator, kept as the account's unread feed advice. */
    saveFeedAdvice: async (advice: OwnFeedAdvicePost) => {
      const response = await api.send({ method: 'POST', path: '/api/account/feedadvice', body: advice })
      if (response.status !== 201) throw new ApiRequestError(response.status, response.body, response.headers)
    },
    feedAdvice: (id: number, signal?: AbortSignal) =>
      call(AccountFeedAdviceSchema, { path: `/api/account/feedadvice/${id}`, signal }),
  }
}
export type AccountDataApi = ReturnType<typeof accountDataApi>
