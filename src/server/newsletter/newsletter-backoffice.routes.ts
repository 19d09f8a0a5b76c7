// POST /api/backoffice/newsletters: the back office sends a newsletter to a site's confirmed subscribers. Guarded by
// the back-office token like the other back-office calls (backoffice.routes.ts), checked before the body is read. The
// answer comes at once (202); a job queues the mails through the outbox.
import { AppError } from '../../domain/errors.ts'
import { NewsletterQueuedSchema, NewsletterRequestSchema } from '../../domain/newsletter-api.ts'
import { BackofficeToken } from '../backoffice/backoffice-token.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { header } from '../http/scope.ts'
import { hostnameOf } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'

export async function newsletterBackofficeRoutes(app: ZodApp, { config, sites, newsletter, publicUrl }: AppContext) {
  const token = config.BACKOFFICE_TOKEN === undefined ? undefined : new BackofficeToken(config.BACKOFFICE_TOKEN)

  app.post(
    '/api/backoffice/newsletters',
    {
      config: { scoped: false, cache: 'none', crossSite: 'allow' },
      bodyLimit: 512 * 1024,
      onRequest: async (request, reply) => {
        if (!token)
          throw new AppError('serviceUnavailable', 503, 'The back-office API is not configured (BACKOFFICE_TOKEN).')
        if (!token.accepts(header(request, 'authorization'))) {
          reply.header('www-authenticate', 'Bearer')
          throw new AppError('unauthorized', 401, 'A valid back-office token is required.')
        }
      },
      schema: {
        summary: 'Sends a newsletter to a site’s confirmed subscribers',
        description:
          'An edition per language; a subscriber whose language has none gets the site’s fallback language’s (or ' +
          'nothing). Each mail carries its own unsubscribe link and the List-Unsubscribe headers (RFC 8058).',
        body: NewsletterRequestSchema,
        response: { 202: NewsletterQueuedSchema },
      },
    },
    async (request, reply) => {
      const site = sites.byId(request.body.siteId)
      if (!site) throw new AppError('unknownSite', 422, `Site ${request.body.siteId} does not exist.`)
      const origin = originFor(site, hostnameOf(request.host), publicUrl)
      const queued = await newsletter.queueNewsletter(site, request.body.editions, origin, new Date())
      return reply.status(202).send(queued)
    },
  )
}
