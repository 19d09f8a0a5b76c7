import { z } from 'zod'
import { AlternatesSchema, GetUrlRequestSchema, GetUrlResponseSchema, RouteInfoSchema } from '../../domain/routing.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { hostnameOf } from '../sites/site.directory.ts'
import { alternatesOf, createUrlCache, resolveUrl, urlFor } from './routing.service.ts'

export async function routingRoutes(app: ZodApp, { database: { db }, sites, publicUrl }: AppContext) {
  const cache = createUrlCache()
  app.get(
    '/api/routing/getbyurl',
    {
      compress: false, // answers are a few hundred bytes, below the compression threshold
      schema: {
        querystring: z.object({ url: z.string().min(1).max(2048) }),
        response: { 200: RouteInfoSchema },
      },
    },
    async (request) => resolveUrl(db, cache, scopeOf(request).site, request.query.url),
  )

  app.get(
    '/api/routing/alternates',
    {
      config: { cache: 'long' },
      schema: { querystring: z.object({ url: z.string().min(1).max(2048) }), response: { 200: AlternatesSchema } },
    },
    async (request) =>
      alternatesOf(db, cache, sites, scopeOf(request).site, request.query.url, hostnameOf(request.host), publicUrl),
  )

  app.post(
    '/api/routing/geturl',
    { schema: { body: GetUrlRequestSchema, response: { 200: GetUrlResponseSchema, 204: z.null() } } },
    async (request, reply) => {
      const { site, language } = scopeOf(request)
      const url = await urlFor(db, sites, request.body, { siteId: site.id, languageId: language.languageId })
      if (url === null) return reply.status(204).send(null)
      return { url }
    },
  )
}
