// The product offer of a content page: what its loader asks the catalogue for, and the block as a shopper sees it.
import { cleanup, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { ContentBlock } from '../../domain/content.ts'
import type { ProductSummary, SearchResponse } from '../../domain/catalogue-api.ts'
import { rootDataFixture } from '../../../tests/helpers/root-data.ts'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { createShopApi } from '../api/shop-api.ts'
import type { ApiRequest } from '../../browser/transport.ts'
import { createI18n } from '../i18n/i18n.ts'
import type { AppServices } from '../router-context.ts'
import { loadProductOffers, ProductOffer } from './product-offer.tsx'

const offerBlock = {
  type: 'productOffer',
  title: 'Bestel je scan',
  text: 'Kies de scan die bij je vraag past.',
  productGroup: 'roughage-analysis',
  link: { title: 'Ruwvoeranalyse bestellen', route: '/ruwvoeranalyse-bestellen/', target: '_self' },
} satisfies ContentBlock

const summary = (productId: number, name: string, price: number, variantCount: number): ProductSummary => ({
  productId,
  productVariantId: productId * 100 + 1,
  name,
  path: `/ruwvoeranalyse-bestellen/${name.toLowerCase().replaceAll(' ', '-')}/`,
  brand: 'Equivera',
  productGroup: 'roughage-analysis',
  productType: 4,
  state: 'available',
  image: `scan-${productId}`,
  price,
  originalPrice: null,
  currency: 'EUR',
  unitPrice: null,
  rating: null,
  isNew: false,
  onSale: false,
  inStock: true,
  variantCount,
})
const scans = [summary(55, 'Hooi Hygiëne Scan', 3495, 2), summary(57, 'Monsterzakje', 495, 1)]

/** Services whose API answers the product search with `results` (or fails with `status`), noting each request. */
function servicesAnswering(results: ProductSummary[], status = 200) {
  const requests: ApiRequest[] = []
  const answer: SearchResponse = {
    results,
    totalCount: results.length,
    pageInfo: { page: 1, pageSize: 6, descending: false, sort: 'price' },
    facets: [],
  }
  const services: AppServices = {
    api: createShopApi(async (request) => {
      requests.push(request)
      return { status, body: status === 200 ? answer : null, headers: new Headers() }
    }),
    visitorCountry: null,
    prepareLocale: async () => undefined,
    scope: null,
    domainSite: null,
  }
  return { services, requests }
}

afterEach(cleanup)

describe('loadProductOffers', () => {
  it('asks for the offered group’s products, cheapest first, and keeps them by group', async () => {
    const { services, requests } = servicesAnswering(scans)
    const offers = await loadProductOffers(services, [{ type: 'customerService' }, offerBlock])
    expect(offers).toEqual({ 'roughage-analysis': scans })
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/productsearch/search',
      body: {
        filter: {
          searchTerm: '',
          filters: [{ discriminator: 'multiSelect', facetKey: 'productGroup', selectedKeys: ['roughage-analysis'] }],
        },
        pageInfo: { page: 1, descending: false, sort: 'price' },
      },
    })
  })

  it('asks nothing for a page without offers', async () => {
    const { services, requests } = servicesAnswering(scans)
    expect(await loadProductOffers(services, [{ type: 'customerService' }])).toEqual({})
    expect(requests).toEqual([])
  })

  it('offers no products when the catalogue cannot answer, so the page still shows', async () => {
    const { services } = servicesAnswering([], 500)
    expect(await loadProductOffers(services, [offerBlock])).toEqual({ 'roughage-analysis': [] })
  })
})

function show(products: ProductSummary[]) {
  const data = rootDataFixture()
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => data,
        Component: () => <ProductOffer block={offerBlock} products={products} />,
      },
    ],
    { hydrationData: { loaderData: { root: data } } },
  )
  render(
    <I18nextProvider i18n={createI18n({ language: 'nl', messages: nl })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  )
}

describe('ProductOffer', () => {
  it('lists each product with its price ("from" where it has variants) and links to ordering', async () => {
    show(scans)
    const first = await screen.findByRole('link', { name: 'Hooi Hygiëne Scan' })
    expect(first.getAttribute('href')).toBe('/ruwvoeranalyse-bestellen/hooi-hygiëne-scan/')
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent?.replace(/\s+/g, ' '))
    expect(rows).toEqual([`Hooi Hygiëne Scan${nl.catalogue.card.from} € 34,95`, 'Monsterzakje€ 4,95'])
    expect(screen.getByRole('link', { name: 'Ruwvoeranalyse bestellen' }).getAttribute('href')).toBe(
      '/ruwvoeranalyse-bestellen/',
    )
  })

  it('still links to ordering when no products could be had', async () => {
    show([])
    expect(await screen.findByRole('link', { name: 'Ruwvoeranalyse bestellen' })).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })
})
