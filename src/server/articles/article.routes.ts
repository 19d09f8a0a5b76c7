// Advice, blogs, news and partners (docs/advice.md): one article, or a list (an overview or a category), in the
// request's site and language. Site data like content pages: cached briefly on the way.
import { z } from 'zod'
import {
  ArticleListKindSchema,
  ArticleListQuerySchema,
  ArticleListSchema,
  ArticleSchema,
} from '../../domain/articles.ts'
import { IdParamsSchema } from '../../domain/ids.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { articleListOf, articleOf } from './article.service.ts'

export async function articleRoutes(app: ZodApp, { database: { db }, catalogue }: AppContext) {
  app.get(
    '/api/articles/:id',
    {
      config: { refusals: { 404: 'No such article (`notFound`).' } },
      schema: {
        summary: 'An advice article or video, blog article, news item or partner',
        params: IdParamsSchema,
        response: { 200: ArticleSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request)
      const entry = await catalogue.entry(scope.site, scope.language.languageId)
      return articleOf(db, scope, request.params.id, entry.catalogue.products)
    },
  )

  app.get(
    '/api/articlelists/:kind',
    {
      config: { refusals: { 404: 'No such category (`notFound`).' } },
      schema: {
        summary: 'An overview (advice, blog, news) or a category (advice, blog) with its articles',
        params: z.object({ kind: ArticleListKindSchema }),
        querystring: ArticleListQuerySchema,
        response: { 200: ArticleListSchema },
      },
    },
    async (request) => articleListOf(db, scopeOf(request), request.params.kind, request.query.id),
  )
}
