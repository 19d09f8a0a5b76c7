// Parity: for a table of queries, the search the app runs offline over its synced copy of the catalogue (the app's
// own store and search, on an in-memory IndexedDB) answers exactly what the server answers: the same products in
// the same order, the same total and the same facets.
import { describe, expect, it } from 'vitest'
import { freshDatabase } from '../helpers/indexed-db.ts'
import { HOSTS, LANG, useTestApp } from '../helpers/app.ts'
import { readCatalogue, syncCatalogue, type CatalogueScope } from '../../src/app/data/catalogue-store.ts'
import { CatalogueSyncSchema, SearchResponseSchema } from '../../src/domain/catalogue-api.ts'
import { SearchRequestSchema, type FacetFilter } from '../../src/domain/catalogue.ts'

const DATETIME = '2026-11-24T12:00:00Z'
const TODAY = '2026-11-24'

const multi = (facetKey: string, ...selectedKeys: string[]) => ({
  discriminator: 'multiSelect',
  facetKey,
  selectedKeys,
})
const QUERIES: [string, { searchTerm?: string; filters?: object[]; pageInfo?: object; landingpageId?: number }][] = [
  ['everything', {}],
  ['a word', { searchTerm: 'muesli' }],
  ['a typo', { searchTerm: 'musli' }],
  ['a plural', { searchTerm: 'brokken' }],
  ['a prefix being typed', { searchTerm: 'pon' }],
  ['two words', { searchTerm: 'senior muesli' }],
  ['an article number', { searchTerm: 'EQ-1001' }],
  ['nothing known', { searchTerm: 'zwembroek' }],
  ['a multi-select', { filters: [multi('horseType', 'pony', 'senior')] }],
  ['two facets', { filters: [multi('horseType', 'horse'), multi('ingredient', 'linseed')] }],
  [
    'a weight range',
    { filters: [{ discriminator: 'rangeSlider', facetKey: 'weightClass', selectedMinValue: 2, selectedMaxValue: 16 }] },
  ],
  ['a weight slider', { filters: [{ discriminator: 'slider', facetKey: 'weightClass', selectedValue: 3 }] }],
  ['on sale', { filters: [{ discriminator: 'singleSelect', facetKey: 'sale', selectedKey: 'yes' }] }],
  ['new', { filters: [{ discriminator: 'singleSelect', facetKey: 'new', selectedKey: 'yes' }] }],
  ['a category', { filters: [multi('productGroup', 'supplements')] }],
  ['price ascending', { pageInfo: { sort: 'price' } }],
  ['price descending', { pageInfo: { sort: 'price', descending: true } }],
  ['name descending', { pageInfo: { sort: 'name', descending: true } }],
  ['newest', { pageInfo: { sort: 'newest' } }],
  ['page 2 of 7', { pageInfo: { page: 2, pageSize: 7 } }],
  ['a word, by price, page 2', { searchTerm: 'voer', pageInfo: { sort: 'price', page: 2, pageSize: 5 } }],
  ['the sale landing page', { landingpageId: 1 }],
  ['the new landing page with a filter', { landingpageId: 2, filters: [multi('horseType', 'horse')] }],
]

const SITES: {
  name: string
  host: string
  languageId: number
  language: CatalogueScope['language']
  siteId: number
}[] = [
  { name: 'Dutch site', host: HOSTS.nl, languageId: LANG.nl, language: 'nl', siteId: 1 },
  { name: 'Belgian site in French', host: HOSTS.be, languageId: LANG['fr-BE'], language: 'fr-BE', siteId: 2 },
  { name: 'German Mühldorfer site', host: HOSTS.de, languageId: LANG.de, language: 'de', siteId: 3 },
  { name: 'Danish second brand', host: 'paddockpure-dk.localhost', languageId: LANG.da, language: 'da', siteId: 17 },
]

describe('offline search equals the server search', () => {
  const { current } = useTestApp('sqlite')

  describe.each(SITES)('on the $name', (site) => {
    const scope: CatalogueScope = { siteId: site.siteId, languageId: site.languageId, language: site.language }
    const headers = { host: site.host, languageid: String(site.languageId), datetime: DATETIME }

    async function synced() {
      freshDatabase()
      await syncCatalogue(scope, async (since) => {
        const response = await current().app.inject({ url: `/api/catalogue/sync?since=${since}`, headers })
        return CatalogueSyncSchema.parse(response.json())
      })
      const catalogue = await readCatalogue(scope)
      if (!catalogue) throw new Error('nothing synced')
      return catalogue
    }

    it.each(QUERIES)('for %s', async (_, query) => {
      const catalogue = await synced()
      const body = {
        filter: { searchTerm: query.searchTerm ?? '', filters: query.filters ?? [] },
        pageInfo: query.pageInfo ?? {},
        landingpageId: query.landingpageId ?? null,
      }
      const response = await current().app.inject({
        method: 'POST',
        url: '/api/productsearch/search',
        headers,
        payload: body,
      })
      expect(response.statusCode).toBe(200)
      const server = SearchResponseSchema.parse(response.json())
      const local = catalogue.search(TODAY).search(SearchRequestSchema.parse(body))
      expect(local.results.map((r) => r.productId)).toEqual(server.results.map((r) => r.productId))
      expect(local.totalCount).toBe(server.totalCount)
      expect(local).toEqual(server)
    })

    it('suggests the same while typing', async () => {
      const catalogue = await synced()
      for (const term of ['mu', 'pony', 'kruid', 'sup']) {
        const response = await current().app.inject({
          url: `/api/productsearch/autocomplete?term=${encodeURIComponent(term)}`,
          headers,
        })
        expect(catalogue.search(TODAY).autocomplete(term)).toEqual(response.json())
      }
    })
  })

  it('covers a query table where most queries find something', async () => {
    const catalogue = await (async () => {
      freshDatabase()
      const headers = { host: HOSTS.nl, datetime: DATETIME }
      const scope: CatalogueScope = { siteId: 1, languageId: LANG.nl, language: 'nl' }
      await syncCatalogue(scope, async (since) =>
        CatalogueSyncSchema.parse(
          (await current().app.inject({ url: `/api/catalogue/sync?since=${since}`, headers })).json(),
        ),
      )
      return (await readCatalogue(scope))!
    })()
    const found = QUERIES.filter(([, query]) => {
      const request = SearchRequestSchema.parse({
        filter: { searchTerm: query.searchTerm ?? '', filters: (query.filters ?? []) as FacetFilter[] },
        pageInfo: query.pageInfo ?? {},
        landingpageId: query.landingpageId ?? null,
      })
      return catalogue.search(TODAY).search(request).totalCount > 0
    })
    expect(found.length).toBeGreaterThanOrEqual(QUERIES.length - 2)
  })
})
