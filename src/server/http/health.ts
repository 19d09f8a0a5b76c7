import { z } from 'zod'
import type { AppContext, ZodApp } from '../context.ts'
import { ping } from '../db/health.repository.ts'

/** Liveness and readiness for a load balancer: 200 while the database answers. */
export async function healthRoutes(app: ZodApp, { database }: AppContext) {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }) } } },
    async (_request, reply) => {
      await ping(database.db)
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const, database: database.dialect }
    },
  )
}
