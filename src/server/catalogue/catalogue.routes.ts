import {
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  CatalogueSyncQuerySchema,
  CatalogueSyncSchema,
  ProductIdsQuerySchema,
  ProductListSchema,
  SearchResponseSchema,
} from '../../domain/catalogue-api.ts'
import { SearchRequestSchema } from '../../domain/catalogue.ts'
import { FeedProductListSchema, feedProductsOf } from '../../domain/feed-products.ts'
import { IdParamsSchema } from '../../domain/ids.ts'
import { CatalogueLabelsSchema, CatalogueProductSchema } from '../../domain/product.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { catalogueSync, productById, productByVariant, productsByIds } from './catalogue.sync.ts'
import { SearchAnswers } from './search-answers.ts'
import { rejectUnknownFacetFilters } from './search-request.ts'

export async function catalogueRoutes(app: ZodApp, { database: { db }, catalogue }: AppContext) {
  const entryOf = (request: Parameters<typeof scopeOf>[0]) => {
    const { site, language } = scopeOf(request)
    return catalogue.entry(site, language.languageId)
  }
  // Search answers are built by the domain code from products checked with their schema when the catalogue was
  // loaded, and kept written out and compressed (search-answers.ts); the route tests check every answer against the
  // response schema, which here documents the answer.
  const answers = new SearchAnswers()
  const searchOf = async (request: Parameters<typeof scopeOf>[0]) =>
    (await entryOf(request)).search(scopeOf(request).now)

  // The product search. An unknown facet filter discriminator is refused with its own message (see
  // search-request.ts) before the body is checked as a whole.
  app.post(
    '/api/productsearch/search',
    {
      preValidation: rejectUnknownFacetFilters,
      schema: { body: SearchRequestSchema, response: { 200: SearchResponseSchema } },
    },
    async (request, reply) => answers.search(await searchOf(request), request.body).send(request, reply),
  )

  app.get(
    '/api/productsearch/autocomplete',
    { schema: { querystring: AutocompleteQuerySchema, response: { 200: AutocompleteResponseSchema } } },
    async (request, reply) => answers.autocomplete(await searchOf(request), request.query.term).send(request, reply),
  )

  app.get(
    '/api/products/:id',
    { schema: { params: IdParamsSchema, response: { 200: CatalogueProductSchema } } },
    async (request) => productById(await entryOf(request), request.params.id),
  )

  app.get(
    '/api/productvariants/:id',
    { schema: { params: IdParamsSchema, response: { 200: CatalogueProductSchema } } },
    async (request) => productByVariant(await entryOf(request), request.params.id),
  )

  app.get(
    '/api/products',
    { schema: { querystring: ProductIdsQuerySchema, response: { 200: ProductListSchema } } },
    async (request) => productsByIds(await entryOf(request), request.query.ids),
  )

  // The names of the site's groups, facet values and landing pages (titles and intros of category pages).
  app.get(
    '/api/catalogue/labels',
    { schema: { response: { 200: CatalogueLabelsSchema } } },
    async (request) => (await entryOf(request)).catalogue.labels,
  )

  // The feeds the feed calculator doses, with their feeding guides (the calculator page; offline it reads the same
  // products from the device's catalogue).
  app.get('/api/feedproducts', { schema: { response: { 200: FeedProductListSchema } } }, async (request) =>
    feedProductsOf((await entryOf(request)).catalogue.products),
  )

  // The offline catalogue: never cached on the way, since a client asks exactly when it wants what is new.
  app.get(
    '/api/catalogue/sync',
    {
      config: { cache: 'none' },
      schema: { querystring: CatalogueSyncQuerySchema, response: { 200: CatalogueSyncSchema } },
    },
    async (request) => {
      const { site, language, now } = scopeOf(request)
      return catalogueSync(db, await entryOf(request), site.id, language.languageId, request.query.since, now)
    },
  )
}
