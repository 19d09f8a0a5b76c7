// The feed calculator's data: the feeds it doses, from the server or, without a network, from the device's copy of
// the catalogue (the same products, marked with how fresh they are). Loaded once per visit of the page: the form lives
// in the address, and changing it does not load the feeds again (routes.tsx, keepDataForQuery).
import type { LoaderFunctionArgs } from 'react-router'
import { FeedProductListSchema, feedProductsOf, type FeedProduct } from '../../domain/feed-products.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { deviceCatalogue, fromServerOrDevice, type Freshness } from '../catalogue/catalogue-source.ts'
import { servicesOf, type AppServices } from '../router-context.ts'

export interface FeedCalculatorData {
  /** null: neither the server nor the device could give them (offline before any catalogue was kept). */
  products: FeedProduct[] | null
  freshness: Freshness
}

async function fromServer(services: AppServices, signal: AbortSignal): Promise<FeedProduct[]> {
  const response = await services.api.send({ path: '/api/feedproducts', signal })
  if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
  return FeedProductListSchema.parse(response.body)
}

export async function loadFeedCalculator({ context, request }: LoaderFunctionArgs): Promise<FeedCalculatorData> {
  const services = servicesOf(context)
  const found = await fromServerOrDevice(
    services,
    () => fromServer(services, request.signal),
    async (scope) => {
      const catalogue = await deviceCatalogue(scope)
      return catalogue && { value: feedProductsOf(catalogue.products), freshness: { asOf: catalogue.asOf } }
    },
  ).catch(() => null)
  return { products: found?.value ?? null, freshness: found?.freshness ?? null }
}
