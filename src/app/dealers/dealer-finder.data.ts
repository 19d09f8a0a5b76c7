// The dealer finder's data: the dealers and places of the site's country, from the server (the page keeps them on the
// device, keepOnDevice) or, without a connection, the device's copy; and the catalogue's group names for what dealers stock. Loaded once per
// visit of the page: a search only changes the address (shouldRevalidate in routes.tsx).
import type { LoaderFunctionArgs } from 'react-router'
import { DealerDirectorySchema, type DealerDirectory } from '../../domain/dealers.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { catalogueLabels, fromServerOrDevice, type Freshness } from '../catalogue/catalogue-source.ts'
import { servicesOf } from '../router-context.ts'
import { inSteps } from '../data/in-steps.ts'

export interface DealerFinderData {
  directory: DealerDirectory | null
  freshness: Freshness
  groupNames: Record<string, string>
}

const store = inSteps(() => import('../data/dealer-store.ts'))

export async function loadDealerFinder({ context, request }: LoaderFunctionArgs): Promise<DealerFinderData> {
  const services = servicesOf(context)
  const siteId = services.scope?.siteId
  const [found, labels] = await Promise.all([
    fromServerOrDevice(
      services,
      async () => {
        const response = await services.api.send({ path: '/api/dealers', signal: request.signal })
        if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
        return DealerDirectorySchema.parse(response.body)
      },
      async () => {
        const copy = siteId ? await (await store()).readDealerDirectory(siteId) : null
        return copy && { value: copy.directory, freshness: { asOf: copy.asOf } }
      },
    ).catch(() => null),
    catalogueLabels(services, request.signal).catch(() => null),
  ])
  const groupNames = Object.fromEntries((labels?.value.productGroups ?? []).map((g) => [g.key, g.name]))
  return { directory: found?.value ?? null, freshness: found?.freshness ?? null, groupNames }
}

/** Keeps what the server gave on the device, for the finder without a connection (the page calls it once it runs). */
export function keepOnDevice(siteId: number, directory: DealerDirectory): Promise<void> {
  return store().then((s) => s.saveDealerDirectory(siteId, directory))
}
