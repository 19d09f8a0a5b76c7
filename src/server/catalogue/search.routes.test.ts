// Search: paging, sorting, search terms in several languages, and answers kept written out and compressed.
import { describe, expect, it } from 'vitest'
import { SearchResponseSchema } from '../../domain/catalogue-api.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { COMPRESS_THRESHOLD } from '../http/encoded-body.ts'
import { DATETIME, NL, DE, BE_NL, BE_FR, cheapest, multi, useCatalogueApi } from './catalogue-test-setup.ts'

const SORTS = ['relevance', 'price', 'name', 'newest'] as const

describe.each(DIALECTS)('product search on %s', (dialect) => {
  const { current, post, search, searchAll, productsOf, ids, sorted } = useCatalogueApi(dialect)

  describe('POST /api/productsearch/search: paging', () => {
    it('uses page 1 of 24, sorted by relevance, when pageInfo is left out', async () => {
      const products = await productsOf()
      const response = await search({ filter: {} })
      expect(response.pageInfo).toEqual({ page: 1, pageSize: 24, descending: false, sort: 'relevance' })
      expect(response.totalCount).toBe(products.length)
      expect(response.results).toHaveLength(24)
    })

    it.each(['', null])('takes a sort of %j as the default order, relevance', async (sort) => {
      const response = await search({ filter: { searchTerm: 'muesli' }, pageInfo: { sort } })
      expect(response.pageInfo.sort).toBe('relevance')
      expect(response.results.map((r) => r.productId)).toEqual(
        (await search({ filter: { searchTerm: 'muesli' } })).results.map((r) => r.productId),
      )
    })

    it.each(SORTS.flatMap((sort) => [false, true].map((descending) => [sort, descending] as const)))(
      'splits the %s order (descending: %s) into pages that do not overlap and together give every match',
      async (sort, descending) => {
        for (const searchTerm of ['', 'paard']) {
          const whole = await searchAll({ searchTerm }, NL, { sort, descending })
          expect(whole.totalCount).toBeGreaterThan(14)
          const pages: number[][] = []
          for (let page = 1; page <= Math.ceil(whole.totalCount / 7); page++) {
            const response = await search({ filter: { searchTerm }, pageInfo: { page, pageSize: 7, sort, descending } })
            expect(response.totalCount).toBe(whole.totalCount)
            expect(response.pageInfo).toEqual({ page, pageSize: 7, sort, descending })
            pages.push(ids(response.results))
          }
          expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true)
          expect(pages.flat()).toEqual(ids(whole.results))
          expect(new Set(pages.flat()).size).toBe(whole.totalCount)
        }
      },
    )

    it.each([
      ['the page just past the end', 8, 7],
      ['a page far past the end', 10_000, 24],
    ])('answers %s with no results and the right totalCount', async (_, page, pageSize) => {
      const products = await productsOf()
      const response = await search({ filter: {}, pageInfo: { page, pageSize } })
      expect(response).toMatchObject({ results: [], totalCount: products.length })
    })

    it('gives the last page only what is left', async () => {
      const response = await search({ filter: {}, pageInfo: { page: 2, pageSize: 24 } })
      expect(response.results).toHaveLength(response.totalCount - 24)
    })
  })

  describe('POST /api/productsearch/search: sorting', () => {
    it.each([false, true])(
      'sorts by price (descending: %s): each price is on the right side of the one before',
      async (descending) => {
        const products = await productsOf()
        const byId = new Map(products.map((p) => [p.productId, p]))
        const { results } = await searchAll({}, NL, { sort: 'price', descending })
        expect(results).toHaveLength(products.length)
        const prices = results.map((r) => r.price)
        expect(prices).toEqual(results.map((r) => cheapest(byId.get(r.productId)!)))
        expect(prices).toEqual(prices.toSorted((a, b) => (descending ? b - a : a - b)))
        expect(prices[0]).not.toBe(prices.at(-1))
      },
    )

    it.each([
      ['nl', false, NL],
      ['nl', true, NL],
      ['de', false, DE],
      ['de', true, DE],
      ['fr', false, BE_FR],
      ['fr', true, BE_FR],
    ] as const)('sorts by name in %s order (descending: %s)', async (locale, descending, site) => {
      const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
      const { results, totalCount } = await searchAll({}, site, { sort: 'name', descending })
      expect(results).toHaveLength(totalCount)
      const names = results.map((r) => r.name)
      // A stable sort keeps names the collator counts as equal where they are.
      expect(names).toEqual(names.toSorted((a, b) => (descending ? collator.compare(b, a) : collator.compare(a, b))))
    })

    it.each([
      [false, 'newest first'],
      [true, 'oldest first'],
    ])('sorts by newest (descending: %s) %s', async (descending) => {
      const products = await productsOf()
      const createdAt = new Map(products.map((p) => [p.productId, p.createdAt]))
      const { results } = await searchAll({}, NL, { sort: 'newest', descending })
      const dates = results.map((r) => createdAt.get(r.productId)!)
      expect(dates).toHaveLength(products.length)
      expect(dates).toEqual(dates.toSorted((a, b) => (descending ? a.localeCompare(b) : b.localeCompare(a))))
      expect(dates[0]).not.toBe(dates.at(-1))
    })

    it.each([false, true])('sorts by relevance without a term in name order (descending: %s)', async (descending) => {
      const byRelevance = await searchAll({}, NL, { sort: 'relevance', descending })
      const byName = await searchAll({}, NL, { sort: 'name', descending })
      expect(ids(byRelevance.results)).toEqual(ids(byName.results))
    })

    it('sorts by relevance with a term: the product named for it first, and last when descending', async () => {
      const ascending = await searchAll({ searchTerm: 'pony' }, NL, { sort: 'relevance' })
      const descending = await searchAll({ searchTerm: 'pony' }, NL, { sort: 'relevance', descending: true })
      expect(ascending.results[0]!.name).toBe('Pony Muesli')
      expect(descending.results.at(-1)!.name).toBe('Pony Muesli')
      expect(sorted(ids(descending.results))).toEqual(sorted(ids(ascending.results)))
    })
  })

  describe('POST /api/productsearch/search: search terms', () => {
    it.each([
      ['Dutch', 'muesli', 'Sport Muesli', NL],
      ['Dutch, a plural of a compound’s last part', 'brokken', 'Basisbrok', NL],
      ['Dutch, a typo', 'musli', 'Pony Muesli', NL],
      ['Dutch, a diminutive inside a compound', 'snoepje', 'Appelsnoepjes', NL],
      ['Dutch, a compound written apart in the catalogue', 'vliegspray', 'Vliegenspray Natuurlijk', NL],
      ['Flemish', 'muesli', 'Sport Muesli', BE_NL],
      ['German', 'Müsli', 'Sport-Müsli', DE],
      ['German without the umlaut', 'Musli', 'Sport-Müsli', DE],
      ['German, a singular for a plural name', 'Leckerli', 'Apfel-Leckerlis', DE],
      ['German, a product sold only on this site', 'Mineral', 'Mühldorfer Mineral Plus', DE],
      ['French', 'granulés', 'Granulés de Base', BE_FR],
      ['French without the accent, singular', 'granule', 'Granulés Sport', BE_FR],
      ['French, a singular for a plural name', 'friandise', 'Friandises à la Pomme', BE_FR],
      ['French, a typo', 'muesly', 'Muesli Poney', BE_FR],
    ])('%s: "%s" finds %s', async (_, searchTerm, name, site) => {
      const products = await productsOf(site)
      const response = await searchAll({ searchTerm }, site)
      expect(response.results.map((r) => r.name)).toContain(name)
      expect(response.totalCount).toBe(response.results.length)
      expect(response.totalCount).toBeLessThan(products.length)
      // Only this site's products, in this site's language.
      const names = new Map(products.map((p) => [p.productId, p.name]))
      for (const result of response.results) expect(result.name).toBe(names.get(result.productId))
    })

    it.each([
      ['a French word on the Dutch site', 'friandises', NL],
      ['a German word on the Dutch site', 'Leckerli', NL],
      ['a Dutch word on the French side of the Belgian site', 'brokken', BE_FR],
      ['a word the catalogue does not have', 'zwembroek', NL],
      ['only an emoji', '🐴', NL],
      ['only punctuation', '?!', NL],
      ['a word longer than any word (50 letters)', 'a'.repeat(50), NL],
    ])('finds nothing for %s ("%s")', async (_, searchTerm, site) => {
      expect(await searchAll({ searchTerm }, site)).toMatchObject({ results: [], totalCount: 0 })
    })

    it('does not find a product the site does not sell', async () => {
      const nl = await searchAll({ searchTerm: 'Mühldorfer mineraal' })
      expect(ids(nl.results)).not.toContain(27)
      const de = await searchAll({ searchTerm: 'Mühldorfer Mineral' }, DE)
      expect(de.results[0]).toMatchObject({ productId: 27, state: 'notYetAvailable', inStock: false })
    })

    it('treats a decomposed umlaut (u + combining diaeresis) like the composed one', async () => {
      const composed = await searchAll({ searchTerm: 'Müsli' }, DE)
      const decomposed = await searchAll({ searchTerm: 'Mu\u0308sli' }, DE)
      expect(ids(decomposed.results)).toEqual(ids(composed.results))
      expect(composed.totalCount).toBeGreaterThan(0)
    })

    it('combines a term with filters', async () => {
      const products = await productsOf()
      const term = await searchAll({ searchTerm: 'muesli' })
      const response = await searchAll({ searchTerm: 'muesli', filters: [multi('horseType', 'pony')] })
      const expected = products
        .filter((p) => ids(term.results).includes(p.productId) && p.facets.horseType?.includes('pony'))
        .map((p) => p.productId)
      expect(sorted(ids(response.results))).toEqual(sorted(expected))
      expect(expected.length).toBeGreaterThan(0)
      expect(expected.length).toBeLessThan(term.totalCount)
    })
  })

  describe('POST /api/productsearch/search: answers kept', () => {
    it('answers a request written another way with the same answer, compressed as the client asks', async () => {
      const short = await post('/api/productsearch/search', { filter: { searchTerm: 'muesli' } })
      const long = await post('/api/productsearch/search', {
        filter: { searchTerm: 'muesli', filters: [] },
        pageInfo: { page: 1, pageSize: 24, sort: 'relevance', descending: false },
        landingpageId: null,
      })
      expect(long.body).toBe(short.body)
      SearchResponseSchema.parse(short.json())
      for (const encoding of ['zstd', 'br', 'gzip']) {
        const res = await current().app.inject({
          method: 'POST',
          url: '/api/productsearch/search',
          payload: { filter: { searchTerm: 'muesli' } },
          headers: { datetime: DATETIME, ...NL, 'accept-encoding': encoding },
        })
        expect(res.headers['content-encoding']).toBe(encoding)
        expect(res.headers['cache-control']).toBe('no-store')
        expect(res.rawPayload.length).toBeLessThan(short.rawPayload.length / 2)
      }
    })

    it('sends a kept answer below the compression threshold as it is, whatever the client accepts', async () => {
      const res = await current().app.inject({
        method: 'GET',
        url: '/api/productsearch/autocomplete?term=%20',
        headers: { datetime: DATETIME, ...NL, 'accept-encoding': 'gzip, deflate, br, zstd' },
      })
      expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.json()).toEqual({ term: ' ', products: [], groups: [], totalCount: 0 })
    })

    it('keeps answers apart by site and language', async () => {
      const body = { filter: { searchTerm: '' }, pageInfo: { pageSize: 1 } }
      const [nl, de, beFr] = await Promise.all([search(body), search(body, DE), search(body, BE_FR)])
      expect(new Set([nl.results[0]!.path, de.results[0]!.path, beFr.results[0]!.path]).size).toBe(3)
    })
  })
})
