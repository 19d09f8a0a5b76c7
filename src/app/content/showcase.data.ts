// What the home page shows to buy, so it never has nothing to buy: the product groups, each with a picture,
// and a few offers with their prices. Small on purpose: it travels in the first page's hydration data.
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { catalogueLabels, searchProducts } from '../catalogue/catalogue-source.ts'
import type { AppServices } from '../router-context.ts'

export const SHOWCASE_OFFERS = 4

export interface Showcase {
  groups: { key: string; name: string; path: string; image: string | null }[]
  offers: ProductSummary[]
  /** The search page filtered on offers. */
  offersPath: string
}

/** null when neither the server nor the device can say (the page shows its content without it). */
export async function loadShowcase(services: AppServices, signal?: AbortSignal): Promise<Showcase | null> {
  const [labels, offers] = await Promise.all([
    catalogueLabels(services, signal),
    searchProducts(
      services,
      {
        filter: {
          searchTerm: '',
          filters: [{ discriminator: 'multiSelect', facetKey: 'sale', selectedKeys: ['yes'] }],
        },
        pageInfo: { page: 1, pageSize: SHOWCASE_OFFERS, descending: false, sort: 'relevance' },
        landingpageId: null,
        adviceCategoryId: null,
      },
      signal,
    ),
  ]).catch(() => [null, null] as const)
  if (!labels) return null
  return {
    groups: labels.value.productGroups.map(({ key, name, path, image }) => ({ key, name, path, image })),
    offers: offers?.value.results ?? [],
    offersPath: `${labels.value.searchPath}?sale=yes`,
  }
}
