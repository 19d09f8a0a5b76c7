// Where catalogue pages get their data: the server when it can be reached, else the offline catalogue in IndexedDB
// (searched with the same code the server runs), marked with how fresh it is. On a phone that knows it is offline
// the device answers first, without waiting for a request to fail; on the server only the API is asked.
import type { SearchRequest } from '../../domain/catalogue.ts'
import type { AutocompleteResponse, SearchResponse } from '../../domain/catalogue-api.ts'
import type { CatalogueLabels, CatalogueProduct } from '../../domain/product.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { inSteps } from '../data/in-steps.ts'
import type { AppServices } from '../router-context.ts'

/** null: fresh from the server; else the time the device's copy was synced from the server. */
export type Freshness = { asOf: string } | null

export interface Sourced<T> {
  value: T
  freshness: Freshness
}

/** The network failed (or timed out): the device's copy may answer instead. */
export const isUnreachable = (error: unknown) => error instanceof ApiRequestError && error.status === 503

const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false
const inBrowser = () => typeof window !== 'undefined'

const store = inSteps(() => import('../data/catalogue-store.ts'))

export async function fromServerOrDevice<T>(
  services: AppServices,
  online: () => Promise<T>,
  local: (scope: NonNullable<AppServices['scope']>) => Promise<Sourced<T> | null>,
): Promise<Sourced<T> | null> {
  const scope = services.scope
  const device = async () => (scope && inBrowser() ? local(scope).catch(() => null) : null)
  if (knownOffline()) {
    const answer = await device()
    if (answer) return answer
  }
  try {
    return { value: await online(), freshness: null }
  } catch (error) {
    if (!isUnreachable(error)) throw error
    return device()
  }
}

/** The device's copy of the catalogue of a scope, or null when it holds none. */
export async function deviceCatalogue(scope: NonNullable<AppServices['scope']>) {
  return (await store()).readCatalogue(scope)
}

export function searchProducts(services: AppServices, request: SearchRequest, signal?: AbortSignal) {
  return fromServerOrDevice<SearchResponse>(
    services,
    () => services.api.search(request, signal),
    async (scope) => {
      const catalogue = await (await store()).readCatalogue(scope)
      return catalogue && { value: catalogue.search().search(request), freshness: { asOf: catalogue.asOf } }
    },
  )
}

export function autocomplete(services: AppServices, term: string, signal?: AbortSignal) {
  return fromServerOrDevice<AutocompleteResponse>(
    services,
    () => services.api.autocomplete(term, signal),
    async (scope) => {
      const catalogue = await (await store()).readCatalogue(scope)
      return catalogue && { value: catalogue.search().autocomplete(term), freshness: { asOf: catalogue.asOf } }
    },
  )
}

export function catalogueLabels(services: AppServices, signal?: AbortSignal) {
  return fromServerOrDevice<CatalogueLabels>(
    services,
    () => services.api.catalogueLabels(signal),
    async (scope) => {
      const catalogue = await (await store()).readCatalogue(scope)
      return catalogue && { value: catalogue.labels, freshness: { asOf: catalogue.asOf } }
    },
  )
}

export function productByVariant(services: AppServices, productVariantId: number, signal?: AbortSignal) {
  return fromServerOrDevice<CatalogueProduct>(
    services,
    () => services.api.productByVariant(productVariantId, signal),
    async (scope) => {
      const found = await (await store()).localProductByVariant(scope, productVariantId)
      return found && { value: found.product, freshness: { asOf: found.asOf } }
    },
  )
}

/** Products by id, in the order asked; ids this site does not sell are left out. */
export function productsByIds(services: AppServices, ids: number[], signal?: AbortSignal) {
  return fromServerOrDevice<CatalogueProduct[]>(
    services,
    () => services.api.products(ids, signal),
    async (scope) => {
      const catalogue = await (await store()).readCatalogue(scope)
      if (!catalogue) return null
      const byId = new Map(catalogue.products.map((p) => [p.productId, p]))
      return { value: ids.flatMap((id) => byId.get(id) ?? []), freshness: { asOf: catalogue.asOf } }
    },
  )
}

/** The catalogue page of a path, found on the device (offline routing): a product, a category or the search page. */
export async function localRouteOf(services: AppServices, path: string) {
  const scope = services.scope
  if (!scope || !inBrowser()) return null
  const data = await store()
  const product = await data.localProductByPath(scope, path).catch(() => null)
  if (product) {
    const variant =
      product.product.variants.find((v) => v.path.toLowerCase() === path.toLowerCase()) ?? product.product.variants[0]!
    return { kind: 'product' as const, product: product.product, productVariantId: variant.productVariantId }
  }
  const catalogue = await data.readCatalogue(scope)
  if (!catalogue) return null
  const lower = path.toLowerCase()
  const group = catalogue.labels.productGroups.find((g) => g.path.toLowerCase() === lower)
  if (group) return { kind: 'category' as const, productGroup: group.key }
  const landing = catalogue.labels.landingPages.find((p) => p.path.toLowerCase() === lower)
  if (landing) return { kind: 'landingPage' as const, landingpageId: landing.landingPageId }
  if (catalogue.labels.searchPath.toLowerCase() === lower) return { kind: 'search' as const }
  return null
}
