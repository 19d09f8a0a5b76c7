// The account's scan results and feed advice (spec §2 account-rqs-results, §3 Sample or scan result, Feed advice):
// - GET /api/account/scanresults, GET /api/account/scanresults/{id} (marks it read);
// - GET /api/account/feedadvice, GET /api/account/feedadvice/{id} (marks it read);
// - POST /api/account/feedadvice: advice of the feed calculator the shopper saved (unread, like the back office's).
// Signed in only (401 `notSignedIn`); another account's result is a 404 like a missing one. Never cached.
import {
  AccountFeedAdviceSchema,
  AccountScanResultSchema,
  FeedAdviceListSchema,
  FeedAdviceStoredSchema,
  OwnFeedAdvicePostSchema,
  ScanResultListSchema,
} from '../../domain/account-scans.ts'
import { IdParamsSchema } from '../../domain/ids.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { signedInAccount } from '../accounts/account.routes.ts'
import { feedAdviceList, openFeedAdvice, openScanResult, scanResultList, storeOwnFeedAdvice } from './scan.service.ts'

const config = { cache: 'none', refusals: { 401: 'Not signed in (`notSignedIn`).' } } as const
const opened = {
  cache: 'none',
  refusals: { ...config.refusals, 404: 'Not one of the account’s (`notFound`).' },
} as const

export async function accountScanRoutes(app: ZodApp, { database: { db } }: AppContext) {
  app.get(
    '/api/account/scanresults',
    {
      config,
      schema: { summary: "The account's scan results, newest first", response: { 200: ScanResultListSchema } },
    },
    async (request) => scanResultList(db, await signedInAccount(request)),
  )

  app.get(
    '/api/account/scanresults/:id',
    {
      config: opened,
      schema: {
        summary: 'One scan result of the account; marks it read',
        params: IdParamsSchema,
        response: { 200: AccountScanResultSchema },
      },
    },
    async (request) => openScanResult(db, await signedInAccount(request), request.params.id, scopeOf(request).now),
  )

  app.get(
    '/api/account/feedadvice',
    {
      config,
      schema: { summary: "The account's feed advice, newest first", response: { 200: FeedAdviceListSchema } },
    },
    async (request) => feedAdviceList(db, await signedInAccount(request)),
  )

  app.post(
    '/api/account/feedadvice',
    {
      config,
      schema: {
        summary: 'Saves advice of the feed calculator to the account, unread',
        body: OwnFeedAdvicePostSchema,
        response: { 201: FeedAdviceStoredSchema },
      },
    },
    async (request, reply) => {
      const { site, now } = scopeOf(request)
      const accountId = await signedInAccount(request)
      return reply.code(201).send(await storeOwnFeedAdvice(db, accountId, site.id, request.body, now))
    },
  )

  app.get(
    '/api/account/feedadvice/:id',
    {
      config: opened,
      schema: {
        summary: 'One feed advice of the account; marks it read',
        params: IdParamsSchema,
        response: { 200: AccountFeedAdviceSchema },
      },
    },
    async (request) => openFeedAdvice(db, await signedInAccount(request), request.params.id, scopeOf(request).now),
  )
}
