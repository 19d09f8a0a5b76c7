// The catch-all route without a network: catalogue pages come from the device's copy, found by their path.
import { beforeEach, describe, expect, it } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { product, syncOf, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import { createShopApi } from '../api/shop-api.ts'
import { ApiRequestError, type Transport } from '../../browser/transport.ts'
import { syncCatalogue } from '../data/catalogue-store.ts'
import { servicesContext, type AppServices } from '../router-context.ts'
import { dynamicLoader, type DynamicData } from './dynamic.data.ts'

const offline: Transport = async () => {
  throw new ApiRequestError(503, null)
}

async function load(path: string): Promise<DynamicData> {
  const services: AppServices = {
    api: createShopApi(offline),
    visitorCountry: null,
    prepareLocale: async () => undefined,
    scope: { siteId: 1, languageId: 12, language: 'nl' },
    domainSite: null,
  }
  const context = new RouterContextProvider()
  context.set(servicesContext, services)
  const result = await dynamicLoader({
    request: new Request(`http://equivera-nl.localhost${path}`),
    context,
    params: {},
  } as unknown as Parameters<typeof dynamicLoader>[0])
  return (
    result && typeof result === 'object' && 'data' in result && 'init' in result ? result.data : result
  ) as DynamicData
}

describe('the dynamic route without a network', () => {
  beforeEach(async () => {
    freshDatabase()
    const two = product(2, {
      name: 'Ponybrok',
      facets: { horseType: ['pony'] },
      variants: [variant(201, { path: '/muesli/product-2/' }), variant(202, { path: '/muesli/product-2/eq-202/' })],
    })
    await syncCatalogue({ siteId: 1, languageId: 12, language: 'nl' }, async () =>
      syncOf({ products: [product(1), two] }),
    )
  })

  it('opens a product page from the device, by the variant of its path, saying how fresh it is', async () => {
    const data = await load('/muesli/product-2/eq-202/')
    expect(data).toMatchObject({
      kind: 'catalogue',
      data: {
        kind: 'product',
        productVariantId: 202,
        product: { name: 'Ponybrok' },
        freshness: { asOf: '2026-11-24T10:00:00.000Z' },
      },
    })
  })

  it('opens a category from the device, filtered and sorted as the URL says', async () => {
    const data = await load('/muesli/?horseType=pony')
    expect(data).toMatchObject({
      kind: 'catalogue',
      data: { kind: 'productList', listKind: 'category', title: 'Muesli' },
    })
    if (data.kind !== 'catalogue' || data.data.kind !== 'productList') throw new Error('not a list')
    expect(data.data.response.results.map((r) => r.name)).toEqual(['Ponybrok'])
    expect(data.data.freshness).toEqual({ asOf: '2026-11-24T10:00:00.000Z' })
  })

  it('searches on the device on the search page', async () => {
    const data = await load('/zoeken/?q=ponybrok')
    if (data.kind !== 'catalogue' || data.data.kind !== 'productList') throw new Error('not a list')
    expect(data.data.listKind).toBe('search')
    expect(data.data.response.totalCount).toBe(1)
  })

  it('says "offline" for a page the device does not have', async () => {
    expect(await load('/over-ons/')).toEqual({ kind: 'offline' })
  })
})
