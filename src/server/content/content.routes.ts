import { z } from 'zod'
import {
  ContentPageSchema,
  FooterSchema,
  NavigationSchema,
  NotificationSchema,
  UspCollectionSchema,
} from '../../domain/content.ts'
import { IdParamsSchema } from '../../domain/ids.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { getContentPage, getFooter, getNavigation, getNotification, getUspCollection } from './content.service.ts'

const long = { cache: 'long' } as const

export async function contentRoutes(app: ZodApp, { database: { db } }: AppContext) {
  app.get(
    '/api/contentpages/:id',
    { schema: { params: IdParamsSchema, response: { 200: ContentPageSchema } } },
    async (request) => getContentPage(db, scopeOf(request), request.params.id),
  )

  for (const kind of ['primary', 'secondary'] as const) {
    app.get(
      `/api/${kind}navigations/:id`,
      { config: long, schema: { params: IdParamsSchema, response: { 200: NavigationSchema } } },
      async (request) => getNavigation(db, scopeOf(request), request.params.id, kind),
    )
  }

  app.get(
    '/api/footer/:id',
    { config: long, schema: { params: IdParamsSchema, response: { 200: FooterSchema } } },
    async (request) => getFooter(db, scopeOf(request), request.params.id),
  )

  app.get(
    '/api/uspcollections/:id',
    { schema: { params: IdParamsSchema, response: { 200: UspCollectionSchema } } },
    async (request) => getUspCollection(db, scopeOf(request), request.params.id),
  )

  app.get(
    '/api/notifications/:id',
    { schema: { params: IdParamsSchema, response: { 200: NotificationSchema, 204: z.null() } } },
    async (request, reply) => {
      const notification = await getNotification(db, scopeOf(request), request.params.id)
      if (!notification) return reply.status(204).send(null)
      return notification
    },
  )
}
