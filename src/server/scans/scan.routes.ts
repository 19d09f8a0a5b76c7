// The account's scan results and feed advice (spec §2 account-rqs-results, §3 Sample or scan result, Feed advice):
// - GET /api/account/scanresults, GET /api/account/scanresults/{id} (marks it read);
// - GET /api/account/feedadvice, GET /api/account/feedadvice/{id} (marks it read);
// - POST /api/account/feedadvice: advice of the feed calculator the shopper saved (unread, like the back office's).
// Signed in only (401 `notSignedIn`); another account's result is a 404 like a missing one. Never cached.
// - GET /api/scanresults/{key}: the result of the mailed link's page, without signing in (the key is 128 random
//   bits); marks it read. A key of another site, or none, is a 404.
import {
  AccountFeedAdviceSchema,
  AccountScanResultSchema,
  FeedAdviceListSchema,
  FeedAdviceStoredSchema,
  OwnFeedAdvicePostSchema,
  ScanResultListSchema,
} from '../../domain/account-scans.ts'
import { z } from 'zod'
import { IdParamsSchema } from '../../domain/ids.ts'
import { ScanResultSchema } from '../../domain/scan.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { signedInAccount } from '../accounts/account.routes.ts'
import {
  feedAdviceList,
  openFeedAdvice,
  openScanResult,
  openScanResultByKey,
  scanResultList,
  storeOwnFeedAdvice,
} from './scan.service.ts'

const config = { cache: 'none', refusals: { 401: 'Not signed in (`notSignedIn`).' } } as const
const opened = {
  cache: 'none',
  refusals: { ...config.refusals, 404: 'Not one of the account’s (`notFound`).' },
} as const

export async function accountScanRoutes(app: ZodApp, { database: { db } }: AppContext) {
  app.get(
    '/api/scanresults/:key',
    {
      config: { cache: 'none', refusals: { 404: 'No result has this key on this site (`notFound`).' } },
      schema: {
        summary: 'The scan result of a result page (the mailed link); marks it read',
        params: z.object({ key: z.string().max(64) }),
        response: { 200: ScanResultSchema },
      },
    },
    async (request) => {
      const { site, now } = scopeOf(request)
      return openScanResultByKey(db, site.id, request.params.key, now)
    },
  )

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
