// The dealer finder's data (docs/advice.md § Dealer finder): the dealers and places of the site's country, for the
// page and its offline copy, and a search by postcode, town or position answered by the same code the browser runs.
import { DealerDirectorySchema, DealerSearchAnswerSchema, DealerSearchSchema } from '../../domain/dealers.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { DealerService } from './dealer.service.ts'

export async function dealerRoutes(app: ZodApp, { database: { db }, config }: AppContext) {
  const dealers = new DealerService(db, { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION })

  app.get(
    '/api/dealers',
    {
      schema: {
        summary: "The dealers of the site's country, with its known places (postcodes and towns)",
        response: { 200: DealerDirectorySchema },
      },
    },
    async (request) => dealers.directory(scopeOf(request).site),
  )

  app.get(
    '/api/dealers/search',
    {
      schema: {
        summary: 'The dealers nearest a postcode or town (q), or a position (lat, lon), nearest first',
        querystring: DealerSearchSchema,
        response: { 200: DealerSearchAnswerSchema },
      },
    },
    async (request) => dealers.search(scopeOf(request).site, request.query),
  )
}
