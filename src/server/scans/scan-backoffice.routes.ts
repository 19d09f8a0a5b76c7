// How results reach accounts (docs/backoffice.md), inside the back-office API's token check:
// - POST /api/backoffice/scanresults: a scan result for the account with this e-mail address on this site;
// - POST /api/backoffice/feedadvice: feed advice for a horse of such an account.
// Both audited; 404 `notFound` when the site has no account with the address. A result's mail (with the link to its
// result page) is queued with it.
import {
  FeedAdvicePostSchema,
  FeedAdviceStoredSchema,
  ScanResultPostSchema,
  ScanResultStoredSchema,
} from '../../domain/account-scans.ts'
import type { BackofficeOrigin } from '../backoffice/backoffice.service.ts'
import { NotFoundError } from '../../domain/errors.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { originFor } from '../sites/site.service.ts'
import { storeFeedAdvice, storeScanResult } from './scan.service.ts'

const config = {
  scoped: false,
  cache: 'none',
  crossSite: 'allow',
  refusals: { 404: 'No account with this e-mail address on this site (`notFound`).' },
} as const

export function backofficeScanRoutes(
  app: ZodApp,
  { database: { db }, mail, sites, publicUrl }: AppContext,
  originOf: (action: string, requestId: string) => BackofficeOrigin,
) {
  app.post(
    '/api/backoffice/scanresults',
    {
      config,
      schema: {
        summary: 'Stores a scan result for an account (by e-mail address and site)',
        body: ScanResultPostSchema,
        response: { 201: ScanResultStoredSchema },
      },
    },
    async (request, reply) => {
      const site = sites.byId(request.body.siteId)
      if (!site) throw new NotFoundError(`Site ${request.body.siteId}`)
      const stored = await storeScanResult(db, request.body, originOf('scan-result', request.id), {
        service: mail,
        site,
        origin: originFor(site, publicUrl.hostname, publicUrl),
      })
      return reply.code(201).send(stored)
    },
  )

  app.post(
    '/api/backoffice/feedadvice',
    {
      config,
      schema: {
        summary: 'Stores feed advice for a horse of an account (by e-mail address and site)',
        body: FeedAdvicePostSchema,
        response: { 201: FeedAdviceStoredSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await storeFeedAdvice(db, request.body, originOf('feed-advice', request.id))),
  )
}
