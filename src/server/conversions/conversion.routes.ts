import { z } from 'zod'
import { MailplusIdSchema } from '../../domain/conversion.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { recordConversion } from './conversion.repository.ts'

export async function conversionRoutes(app: ZodApp, { database: { db } }: AppContext) {
  // POST /api/Conversion?mailplusId={id}, no body, answered 204.
  app.post(
    '/api/conversion',
    { schema: { querystring: z.object({ mailplusId: MailplusIdSchema }), response: { 204: z.null() } } },
    async (request, reply) => {
      const { site, now } = scopeOf(request)
      await recordConversion(db, site.id, request.query.mailplusId, now)
      return reply.status(204).send(null)
    },
  )
}
