// The catalogue API against a real, seeded database: search (filters, facet counts, paging, sorting, terms in several
// languages, landing pages), autocomplete, products, the offline catalogue's sync and notify-me requests, and bad
// input at each. What a search should answer is worked out here from the products of the sync snapshot with the
// test's own rules, not through the search code.
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  AutocompleteResponseSchema,
  CatalogueSyncSchema,
  ProductListSchema,
  SearchResponseSchema,
  type ProductSummary,
  type SearchResponse,
} from '../../domain/catalogue-api.ts'
import type { FacetFilter, ProductFilterKey } from '../../domain/catalogue.ts'
import { ApiErrorSchema, type ApiError } from '../../domain/errors.ts'
import { CatalogueProductSchema, type CatalogueProduct } from '../../domain/product.ts'
import { RouteInfoSchema } from '../../domain/routing.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { COMPRESS_THRESHOLD } from '../http/encoded-body.ts'
import { findStockReminders, setStock } from './catalogue.repository.ts'

/** The moment of every request: pinned, so which products count as new (created in the 60 days before) is fixed. */
const DATETIME = '2026-11-24T12:00:00Z'
const TODAY = Date.UTC(2026, 10, 24)

type Site = Record<string, string>
const NL: Site = { host: HOSTS.nl }
const DE: Site = { host: HOSTS.de }
const BE_NL: Site = { host: HOSTS.be, languageid: String(LANG['nl-BE']) }
const BE_FR: Site = { host: HOSTS.be, languageid: String(LANG['fr-BE']) }
/** The Irish site, in English: the same catalogue as the Dutch one, other texts. */
const IE: Site = { host: 'equivera-ie.localhost' }

// --- The test's own reading of the facets, over catalogue products ---

function kilograms(product: CatalogueProduct): number[] {
  return product.variants.flatMap((v) => {
    const amount = v.weightGrams ?? v.contentMillilitres
    return v.package === 'piece' || amount === null ? [] : [amount / 1000]
  })
}

const onSale = (product: CatalogueProduct) => product.variants.some((v) => v.originalPrice !== null)
const isNewToday = (product: CatalogueProduct) => {
  const days = (TODAY - Date.parse(product.createdAt)) / 86_400_000
  return days >= 0 && days < 60
}
const weightClassOf = (kg: number) => (kg < 5 ? 'up-to-5' : kg < 15 ? '5-15' : kg < 25 ? '15-25' : 'over-25')
const cheapest = (product: CatalogueProduct) => Math.min(...product.variants.map((v) => v.price))
/** A card's sale badge: the variant whose price it shows (the cheapest) is reduced, not just any variant. */
const cardOnSale = (product: CatalogueProduct) => {
  const shown = product.variants.find((v) => v.price === cheapest(product))!
  return shown.originalPrice !== null && shown.originalPrice > shown.price
}

function valuesOf(product: CatalogueProduct, key: ProductFilterKey): string[] {
  switch (key) {
    case 'productGroup':
      return [product.productGroup]
    case 'package':
      return [...new Set(product.variants.map((v) => v.package))]
    case 'weightClass':
      return [...new Set(kilograms(product).map(weightClassOf))]
    case 'sale':
      return onSale(product) ? ['yes'] : []
    case 'new':
      return isNewToday(product) ? ['yes'] : []
    default:
      return product.facets[key] ?? []
  }
}

function matches(product: CatalogueProduct, filter: FacetFilter): boolean {
  switch (filter.discriminator) {
    case 'multiSelect':
      return (
        filter.selectedKeys.length === 0 ||
        filter.selectedKeys.some((k) => valuesOf(product, filter.facetKey).includes(k))
      )
    case 'singleSelect':
      return valuesOf(product, filter.facetKey).includes(filter.selectedKey)
    case 'rangeSlider':
      return kilograms(product).some((kg) => kg >= filter.selectedMinValue && kg <= filter.selectedMaxValue)
    case 'slider':
      return kilograms(product).some((kg) => kg <= filter.selectedValue)
  }
}

const FACET_KEYS: ProductFilterKey[] = [
  'productGroup',
  'horseType',
  'ageGroup',
  'application',
  'ingredient',
  'labour',
  'package',
  'weightClass',
  'sale',
  'new',
]

/** Per facet: the count per value over the products that pass every filter except that facet's own. */
function expectedCounts(products: CatalogueProduct[], filters: FacetFilter[]) {
  return Object.fromEntries(
    FACET_KEYS.map((key) => {
      const counts: Record<string, number> = {}
      for (const product of products) {
        if (!filters.every((f) => f.facetKey === key || matches(product, f))) continue
        for (const value of valuesOf(product, key)) counts[value] = (counts[value] ?? 0) + 1
      }
      return [key, counts]
    }),
  )
}

function actualCounts(response: SearchResponse) {
  return Object.fromEntries(
    FACET_KEYS.map((key) => {
      const facet = response.facets.find((f) => f.facetKey === key)
      const values = (facet?.values ?? []).filter((v) => v.count > 0)
      return [key, Object.fromEntries(values.map((v) => [v.key, v.count]))]
    }),
  )
}

const multi = (facetKey: ProductFilterKey, ...selectedKeys: string[]): FacetFilter => ({
  discriminator: 'multiSelect',
  facetKey,
  selectedKeys,
})
const range = (selectedMinValue: number, selectedMaxValue: number): FacetFilter => ({
  discriminator: 'rangeSlider',
  facetKey: 'weightClass',
  selectedMinValue,
  selectedMaxValue,
})
const upTo = (selectedValue: number): FacetFilter => ({
  discriminator: 'slider',
  facetKey: 'weightClass',
  selectedValue,
})
const single = (facetKey: ProductFilterKey, selectedKey: string): FacetFilter => ({
  discriminator: 'singleSelect',
  facetKey,
  selectedKey,
})

/** [what, filters, whether some product of the Dutch site matches]. */
const FILTER_CASES: [string, FacetFilter[], boolean][] = [
  ['multiSelect on horseType (pony)', [multi('horseType', 'pony')], true],
  ['multiSelect on horseType with two keys (foal or broodmare)', [multi('horseType', 'foal', 'broodmare')], true],
  ['multiSelect with no key selected', [multi('horseType')], true],
  ['multiSelect on a value no product has', [multi('horseType', 'donkey')], false],
  ['rangeSlider on weightClass from 10 to 20 kg', [range(10, 20)], true],
  ['rangeSlider on weightClass from 20 to 20 kg (bounds included)', [range(20, 20)], true],
  ['rangeSlider on weightClass from 100 kg up', [range(100, 100_000)], true],
  ['rangeSlider on weightClass between two variant sizes (6 to 9 kg)', [range(6, 9)], true],
  ['slider on weightClass up to 1 kg', [upTo(1)], true],
  ['slider on weightClass up to 3 kg', [upTo(3)], true],
  ['singleSelect on sale', [single('sale', 'yes')], true],
  ['singleSelect on new', [single('new', 'yes')], true],
  ['singleSelect on sale with a value other than yes', [single('sale', 'no')], false],
  [
    'multiSelect on horseType with sale and a weight range',
    [multi('horseType', 'pony'), single('sale', 'yes'), range(10, 25)],
    true,
  ],
  [
    'multiSelect on productGroup and labour',
    [multi('productGroup', 'muesli', 'pellets'), multi('labour', 'heavy')],
    true,
  ],
  [
    'two filters on one facet key (for horses, and also for foals)',
    [multi('horseType', 'horse'), multi('horseType', 'foal')],
    true,
  ],
]

const SORTS = ['relevance', 'price', 'name', 'newest'] as const

describe.each(DIALECTS)('catalogue API on %s', (dialect) => {
  const { current } = useTestApp(dialect)

  const post = (url: string, body: unknown, site: Site = NL) =>
    current().app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { datetime: DATETIME, ...site },
    })
  const postRaw = (url: string, payload: string, contentType: string, site: Site = NL) =>
    current().app.inject({
      method: 'POST',
      url,
      payload,
      headers: { datetime: DATETIME, 'content-type': contentType, ...site },
    })
  const get = (url: string, site: Site = NL) =>
    current().app.inject({ method: 'GET', url, headers: { datetime: DATETIME, ...site } })

  async function search(body: unknown, site: Site = NL): Promise<SearchResponse> {
    const res = await post('/api/productsearch/search', body, site)
    expect(res.statusCode, res.body).toBe(200)
    return SearchResponseSchema.parse(res.json())
  }
  /** Every match in one page (the largest catalogue has 45 products, a page may hold 96). */
  const searchAll = (filter: object, site: Site = NL, pageInfo: object = {}, extra: object = {}) =>
    search({ filter, pageInfo: { pageSize: 96, ...pageInfo }, ...extra }, site)

  async function snapshot(site: Site = NL) {
    const res = await get('/api/catalogue/sync?since=0', site)
    expect(res.statusCode).toBe(200)
    return CatalogueSyncSchema.parse(res.json())
  }
  const productsOf = async (site: Site = NL) => (await snapshot(site)).products

  function expectError(res: LightMyRequestResponse, status: number, code: string): ApiError {
    expect(res.statusCode, res.body).toBe(status)
    const body = ApiErrorSchema.parse(res.json())
    expect(body).toMatchObject({ status, code })
    expect(body.message).not.toBe('')
    expect(body.localizedMessage.trim()).not.toBe('')
    return body
  }

  const ids = (results: ProductSummary[]) => results.map((r) => r.productId)
  const sorted = (numbers: Iterable<number>) => [...numbers].toSorted((a, b) => a - b)

  describe('POST /api/productsearch/search: facet filters', () => {
    it.each(FILTER_CASES)('%s returns exactly the products that match it', async (_, filters, some) => {
      const products = await productsOf()
      const expected = products.filter((p) => filters.every((f) => matches(p, f))).map((p) => p.productId)
      expect(expected.length > 0).toBe(some)

      const response = await searchAll({ filters })
      expect(response.totalCount).toBe(expected.length)
      expect(sorted(ids(response.results))).toEqual(sorted(expected))
      // The cards say the same as the products: on sale beside the price shown, new, price from.
      const byId = new Map(products.map((p) => [p.productId, p]))
      for (const result of response.results) {
        const product = byId.get(result.productId)!
        expect(result).toMatchObject({
          onSale: cardOnSale(product),
          isNew: isNewToday(product),
          price: cheapest(product),
        })
      }
    })

    it.each(FILTER_CASES)(
      '%s: each facet counts the products that match the other filters, ignoring its own',
      async (_, filters) => {
        const products = await productsOf()
        const response = await searchAll({ filters })
        expect(actualCounts(response)).toEqual(expectedCounts(products, filters))

        // The weight range spans the kilograms of the products that pass the other filters.
        const weights = products
          .filter((p) => filters.every((f) => f.facetKey === 'weightClass' || matches(p, f)))
          .flatMap(kilograms)
        const weightFacet = response.facets.find((f) => f.facetKey === 'weightClass')
        expect(weightFacet?.range ?? null).toEqual(
          weights.length === 0 ? null : { min: Math.min(...weights), max: Math.max(...weights) },
        )
      },
    )

    it('puts a product in a weight range when one of its variants is in it, whatever the others weigh', async () => {
      // Sport Muesli: 20 kg, 500 kg and 1000 kg; Apple Treats: 1 kg, 3 kg and 10 kg.
      expect(ids((await searchAll({ filters: [range(20, 20)] })).results)).toContain(1)
      expect(ids((await searchAll({ filters: [range(400, 600)] })).results)).toContain(1)
      expect(ids((await searchAll({ filters: [range(21, 499)] })).results)).not.toContain(1)
      expect(ids((await searchAll({ filters: [upTo(1)] })).results)).toContain(30)
      expect(ids((await searchAll({ filters: [upTo(0.9)] })).results)).not.toContain(30)
    })

    it('counts within a search term as well as within the filters', async () => {
      const products = await productsOf()
      const term = await searchAll({ searchTerm: 'muesli' })
      const found = products.filter((p) => ids(term.results).includes(p.productId))
      const filters = [single('sale', 'yes')]
      const response = await searchAll({ searchTerm: 'muesli', filters })
      expect(actualCounts(response)).toEqual(expectedCounts(found, filters))
      expect(response.totalCount).toBe(found.filter(onSale).length)
    })

    it('says how each facet is offered and gives every value a label', async () => {
      const response = await searchAll({})
      const discriminators = Object.fromEntries(response.facets.map((f) => [f.facetKey, f.discriminator]))
      expect(discriminators).toMatchObject({
        productGroup: 'multiSelect',
        horseType: 'multiSelect',
        weightClass: 'rangeSlider',
        sale: 'singleSelect',
        new: 'singleSelect',
      })
      for (const facet of response.facets) for (const value of facet.values) expect(value.label.trim()).not.toBe('')
      const labels = (await snapshot()).labels!.facetValues
      expect(response.facets.find((f) => f.facetKey === 'horseType')!.values.map((v) => v.label)).toContain(
        labels.horseType!.pony,
      )
    })

    it('keeps a selected value with count 0 in its facet, so it can be unticked', async () => {
      // The new products of the day are for adult and senior horses: none is for foals.
      const response = await searchAll({ filters: [single('new', 'yes'), multi('ageGroup', 'foal')] })
      expect(response.totalCount).toBe(0)
      const ageGroup = response.facets.find((f) => f.facetKey === 'ageGroup')!
      expect(ageGroup.values).toContainEqual(expect.objectContaining({ key: 'foal', count: 0 }))
      expect(ageGroup.values.find((v) => v.key === 'adult')!.count).toBeGreaterThan(0)
    })

    it.each([
      [1, 'sale', onSale],
      [2, 'new', isNewToday],
    ] as const)('landing page %i (%s) shows only its products, facets included', async (landingpageId, key, rule) => {
      const products = await productsOf()
      const expected = products.filter(rule).map((p) => p.productId)
      expect(expected.length).toBeGreaterThan(0)
      const response = await searchAll({}, NL, {}, { landingpageId })
      expect(response.totalCount).toBe(expected.length)
      expect(sorted(ids(response.results))).toEqual(sorted(expected))
      // The page's own selection narrows the counts too: every product counted is one of the page's.
      expect(response.facets.find((f) => f.facetKey === key)!.values).toEqual([
        expect.objectContaining({ key: 'yes', count: expected.length }),
      ])
      const groups = response.facets.find((f) => f.facetKey === 'productGroup')!.values
      expect(groups.reduce((sum, v) => sum + v.count, 0)).toBe(expected.length)
    })

    it('narrows a landing page further with the shopper’s own filters', async () => {
      const products = await productsOf()
      const expected = products.filter((p) => onSale(p) && p.facets.horseType?.includes('pony')).map((p) => p.productId)
      const all = await searchAll({}, NL, {}, { landingpageId: 1 })
      const response = await searchAll({ filters: [multi('horseType', 'pony')] }, NL, {}, { landingpageId: 1 })
      expect(sorted(ids(response.results))).toEqual(sorted(expected))
      expect(response.totalCount).toBeGreaterThan(0)
      expect(response.totalCount).toBeLessThan(all.totalCount)
    })

    it('finds nothing on a landing page that does not exist', async () => {
      const response = await searchAll({}, NL, {}, { landingpageId: 99 })
      expect(response).toMatchObject({ results: [], totalCount: 0 })
    })
  })

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

  describe('POST /api/productsearch/search: bad input never gives a 500', () => {
    const searchUrl = '/api/productsearch/search'

    it.each([
      [
        'a facet key that does not exist',
        [{ discriminator: 'multiSelect', facetKey: 'colour', selectedKeys: ['red'] }],
      ],
      ['a multiSelect without selectedKeys', [{ discriminator: 'multiSelect', facetKey: 'horseType' }]],
      ['a rangeSlider with the bounds as strings', [{ ...range(1, 2), selectedMinValue: '1' }]],
      ['a filter that is no object', ['sale']],
    ])('refuses %s with 400 invalidBody', async (_, filters) => {
      expectError(await post(searchUrl, { filter: { filters } }), 400, 'invalidBody')
    })

    it.each([
      ['a name no kind has', 'checkbox'],
      ['another case', 'MultiSelect'],
      ['an empty string', ''],
      ['a number', 42],
      ['null', null],
      ['no discriminator at all', undefined],
    ])('refuses an unknown discriminator (%s) with 400 unknownFacetFilter and the spec’s message', async (_, d) => {
      const filters = [single('sale', 'yes'), { discriminator: d, facetKey: 'horseType', selectedKeys: ['pony'] }]
      const body = expectError(await post(searchUrl, { filter: { filters } }), 400, 'unknownFacetFilter')
      expect(body.message).toMatch(/^Could not create an instance of the abstract type ProductSearchFacetFilter\b/)
      expect(body.message).toContain(`'${String(d)}' of filter 1`)
    })

    it.each([
      ['a negative page size', { pageSize: -1 }],
      ['a page size of 0', { pageSize: 0 }],
      ['a page size above 96', { pageSize: 97 }],
      ['a huge page size', { pageSize: 1e12 }],
      ['a fractional page size', { pageSize: 2.5 }],
      ['a page size as a string', { pageSize: '24' }],
      ['a negative page', { page: -1 }],
      ['page 0', { page: 0 }],
      ['a fractional page', { page: 1.5 }],
      ['a page past the last one there can be', { page: 10_001 }],
      ['a page beyond safe integers', { page: 2 ** 53 }],
      ['page 1e308', { page: 1e308 }],
      ['an unknown sort', { sort: 'popularity' }],
      ['descending as a string', { descending: 'yes' }],
    ])('refuses %s with 400', async (_, pageInfo) => {
      expectError(await post(searchUrl, { filter: {}, pageInfo }), 400, 'invalidBody')
    })

    it.each([
      ['a minimum above the maximum', range(30, 10)],
      ['a range above every weight', range(1e308, 1e308)],
      ['a range below every weight', range(-1e308, -1)],
      ['a slider below every weight', upTo(-1e308)],
    ])('answers %s with an empty result', async (_, filter) => {
      expect(await searchAll({ filters: [filter] })).toMatchObject({ results: [], totalCount: 0 })
    })

    it('answers the widest range (±1e308) with every product that has a weight', async () => {
      const products = await productsOf()
      const response = await searchAll({ filters: [range(-1e308, 1e308)] })
      expect(sorted(ids(response.results))).toEqual(
        sorted(products.filter((p) => kilograms(p).length > 0).map((p) => p.productId)),
      )
    })

    it.each([
      [
        'NaN as a string',
        '{"filter":{"filters":[{"discriminator":"slider","facetKey":"weightClass","selectedValue":"NaN"}]}}',
      ],
      [
        'a bare NaN',
        '{"filter":{"filters":[{"discriminator":"slider","facetKey":"weightClass","selectedValue":NaN}]}}',
      ],
      [
        'a number too large for a double (1e309)',
        '{"filter":{"filters":[{"discriminator":"rangeSlider","facetKey":"weightClass","selectedMinValue":0,"selectedMaxValue":1e309}]}}',
      ],
      [
        'a number too small for a double (-1e309)',
        '{"filter":{"filters":[{"discriminator":"rangeSlider","facetKey":"weightClass","selectedMinValue":-1e309,"selectedMaxValue":0}]}}',
      ],
      [
        'null bounds',
        '{"filter":{"filters":[{"discriminator":"slider","facetKey":"weightClass","selectedValue":null}]}}',
      ],
    ])('refuses %s with 400', async (_, payload) => {
      const res = await postRaw(searchUrl, payload, 'application/json')
      expect(['invalidBody', 'malformedJson']).toContain(expectError(res, 400, res.json().code).code)
    })

    it('accepts a search term of 200 characters and refuses one of 201 or of 10 KB', async () => {
      expect(await searchAll({ searchTerm: 'a'.repeat(200) })).toMatchObject({ totalCount: 0 })
      expectError(await post(searchUrl, { filter: { searchTerm: 'a'.repeat(201) } }), 400, 'invalidBody')
      expectError(await post(searchUrl, { filter: { searchTerm: 'muesli '.repeat(1463) } }), 400, 'invalidBody')
    })

    it('refuses more than 50 filters', async () => {
      const filters = Array.from({ length: 51 }, () => multi('horseType', 'pony'))
      expectError(await post(searchUrl, { filter: { filters } }), 400, 'invalidBody')
    })

    it.each([
      ['an emoji', '"🐴"'],
      ['an emoji sequence joined by zero-width joiners', '"👩‍👩‍👧‍👦"'],
      ['Arabic (right to left)', '"علف الخيل"'],
      ['Hebrew with a right-to-left mark', '"\\u200fמזון לסוסים"'],
      ['a zero-width joiner inside a word', '"pony\\u200dmuesli"'],
      ['a pile of combining marks', '"m\\u0301\\u0302\\u0303\\u0304\\u0305uesli"'],
      ['a NUL character', '"muesli\\u0000"'],
      ['only a NUL character', '"\\u0000"'],
      ['a lone high surrogate', '"\\ud800"'],
      ['a lone low surrogate inside a word', '"mue\\udc00sli"'],
      ['a byte order mark', '"\\ufeffmuesli"'],
      ['control characters', '"\\u0001\\u0007\\u001b[31m"'],
    ])('answers a term with %s with 200 and a valid body, or 400', async (_, term) => {
      for (const filters of [
        '[]',
        '[{"discriminator":"multiSelect","facetKey":"horseType","selectedKeys":[' + term + ']}]',
      ]) {
        const res = await postRaw(
          searchUrl,
          `{"filter":{"searchTerm":${term},"filters":${filters}}}`,
          'application/json',
        )
        expect([200, 400]).toContain(res.statusCode)
        if (res.statusCode === 200) SearchResponseSchema.parse(res.json())
        else expectError(res, 400, res.json().code)
      }
    })

    it.each([
      ['text that is not JSON', 'not json', 'application/json', 'malformedJson'],
      ['JSON cut off half-way', '{"filter":{"searchTerm":"mu', 'application/json', 'malformedJson'],
      ['an empty JSON body', '', 'application/json', 'malformedJson'],
      ['plain text', 'muesli', 'text/plain', 'invalidBody'],
      ['an array', '[]', 'application/json', 'invalidBody'],
      ['null', 'null', 'application/json', 'invalidBody'],
      ['an empty object', '{}', 'application/json', 'invalidBody'],
      ['a filter that is a string', '{"filter":"muesli"}', 'application/json', 'invalidBody'],
      ['filters that are an object', '{"filter":{"filters":{}}}', 'application/json', 'invalidBody'],
      ['a search term that is a number', '{"filter":{"searchTerm":7}}', 'application/json', 'invalidBody'],
      ['pageInfo that is an array', '{"filter":{},"pageInfo":[]}', 'application/json', 'invalidBody'],
      ['a landing page id that is no id', '{"filter":{},"landingpageId":-1}', 'application/json', 'invalidBody'],
    ])('refuses %s with 400', async (_, payload, contentType, code) => {
      expectError(await postRaw(searchUrl, payload, contentType), 400, code)
    })

    it('refuses a body above the size limit with 413', async () => {
      const payload = JSON.stringify({ filter: { searchTerm: 'x'.repeat(70_000) } })
      expectError(await postRaw(searchUrl, payload, 'application/json'), 413, 'bodyTooLarge')
    })

    it('refuses a request without a body with 400', async () => {
      const res = await current().app.inject({ method: 'POST', url: searchUrl, headers: { ...NL } })
      expectError(res, 400, 'invalidBody')
    })
  })

  describe('errors are translated', () => {
    it.each([
      [
        'an unknown discriminator',
        'POST',
        '/api/productsearch/search',
        '{"filter":{"filters":[{"discriminator":"x"}]}}',
      ],
      ['a bad page size', 'POST', '/api/productsearch/search', '{"filter":{},"pageInfo":{"pageSize":0}}'],
      ['a body that is not JSON', 'POST', '/api/productsearch/search', '{'],
      ['an over-long autocomplete term', 'GET', `/api/productsearch/autocomplete?term=${'a'.repeat(101)}`, undefined],
      ['a missing autocomplete term', 'GET', '/api/productsearch/autocomplete', undefined],
      ['a product this site does not sell', 'GET', '/api/products/41', undefined],
      ['a malformed product id', 'GET', '/api/products/abc', undefined],
      ['an orderable variant', 'POST', '/api/stockreminders', '{"productVariantId":101,"emailAddress":"a@b.nl"}'],
      ['a bad e-mail address', 'POST', '/api/stockreminders', '{"productVariantId":4001,"emailAddress":"nope"}'],
    ] as const)('answers %s in the request’s language', async (_, method, url, payload) => {
      const send = (site: Site) =>
        current().app.inject({
          method,
          url,
          ...(payload === undefined ? {} : { payload }),
          headers: { datetime: DATETIME, 'content-type': 'application/json', ...site },
        })
      const [nl, en] = await Promise.all([send(NL), send(IE)])
      const nlBody = expectError(nl, nl.statusCode, nl.json().code)
      const enBody = expectError(en, nl.statusCode, nlBody.code)
      expect(nl.statusCode).toBeGreaterThanOrEqual(400)
      expect(nl.statusCode).toBeLessThan(500)
      expect(enBody.message).toBe(nlBody.message)
      expect(enBody.localizedMessage).not.toBe(nlBody.localizedMessage)
    })
  })

  describe('GET /api/productsearch/autocomplete', () => {
    const autocomplete = async (term: string, site: Site = NL) => {
      const res = await get(`/api/productsearch/autocomplete?term=${encodeURIComponent(term)}`, site)
      expect(res.statusCode, res.body).toBe(200)
      return AutocompleteResponseSchema.parse(res.json())
    }

    it('suggests pony products for the prefix "pon"', async () => {
      const products = await productsOf()
      const answer = await autocomplete('pon')
      expect(answer.term).toBe('pon')
      expect(answer.products.length).toBeGreaterThan(0)
      expect(answer.products.length).toBeLessThanOrEqual(6)
      expect(answer.products.map((p) => p.name)).toContain('Pony Muesli')
      const forPonies = new Set(products.filter((p) => p.facets.horseType?.includes('pony')).map((p) => p.productId))
      for (const product of answer.products) expect(forPonies.has(product.productId), product.name).toBe(true)
      // The total is what the search page would find for the same words.
      expect(answer.totalCount).toBe((await searchAll({ searchTerm: 'pon' })).totalCount)
    })

    it.each([
      ['Dutch', NL, 'snoep', ['treats']],
      ['Dutch', NL, 'Supp', ['supplements']],
      ['Dutch', NL, 'ruw', ['roughage-supplement', 'roughage-analysis']],
      ['German', DE, 'lecker', ['treats']],
      ['French', BE_FR, 'grant', []],
      ['French', BE_FR, 'granu', ['pellets']],
    ])('in %s suggests for "%s" the groups %j', async (_, site, term, groups) => {
      const labels = (await snapshot(site)).labels!
      const answer = await autocomplete(term, site)
      expect(answer.groups.map((g) => g.key)).toEqual(groups)
      for (const group of answer.groups) {
        const label = labels.productGroups.find((g) => g.key === group.key)!
        expect(group).toEqual({ key: label.key, name: label.name, path: label.path })
      }
    })

    it.each(['', '   '])('answers the empty term %j with nothing', async (term) => {
      expect(await autocomplete(term)).toEqual({ term, products: [], groups: [], totalCount: 0 })
    })

    it('refuses a term of more than 100 characters and a missing term with 400', async () => {
      await autocomplete('a'.repeat(100))
      expectError(await get(`/api/productsearch/autocomplete?term=${'a'.repeat(101)}`), 400, 'invalidParameter')
      expectError(await get('/api/productsearch/autocomplete'), 400, 'parameterRequired')
    })
  })

  describe('GET /api/products/:id, /api/productvariants/:id and /api/products?ids=', () => {
    it('answers a product by id in the site’s language', async () => {
      const nl = CatalogueProductSchema.parse((await get('/api/products/1')).json())
      const de = CatalogueProductSchema.parse((await get('/api/products/1', DE)).json())
      expect([nl.name, de.name]).toEqual(['Sport Muesli', 'Sport-Müsli'])
      expect(nl.variants.map((v) => v.productVariantId)).toEqual([101, 102, 103])
    })

    it('answers the product of a variant', async () => {
      const res = await get('/api/productvariants/4002')
      expect(res.statusCode).toBe(200)
      const product = CatalogueProductSchema.parse(res.json())
      expect(product).toMatchObject({ productId: 40, key: 'hay-net', state: 'notYetAvailable' })
      expect(product.variants.map((v) => v.productVariantId)).toEqual([4001, 4002, 4003])
    })

    it('answers the products of a list that the site sells, in the list’s order', async () => {
      const res = await get('/api/products?ids=2,41,1,2')
      expect(res.statusCode).toBe(200)
      expect(ProductListSchema.parse(res.json()).map((p) => p.productId)).toEqual([2, 1])
    })

    it('answers a product sold only on the Mühldorfer site there, and 404 elsewhere', async () => {
      expect(CatalogueProductSchema.parse((await get('/api/products/27', DE)).json()).state).toBe('notYetAvailable')
      expectError(await get('/api/products/27'), 404, 'notFound')
    })

    it.each([
      ['a Paddock Pure product on the Equivera site', '/api/products/41'],
      ['a Paddock Pure variant on the Equivera site', '/api/productvariants/4101'],
      ['a product id no product has', '/api/products/61'],
      ['a variant id no variant has', '/api/productvariants/104'],
    ])('answers %s with 404', async (_, url) => {
      expectError(await get(url), 404, 'notFound')
    })

    it('answers a Paddock Pure product on the Paddock Pure site', async () => {
      const res = await get('/api/products/41', { host: 'paddockpure-nl.localhost' })
      expect(CatalogueProductSchema.parse(res.json()).brand).toBe('Paddock Pure')
    })

    it.each([
      ['/api/products/abc', 'invalidParameter'],
      ['/api/products/0', 'invalidParameter'],
      ['/api/products/-1', 'invalidParameter'],
      ['/api/products/1.5', 'invalidParameter'],
      ['/api/products/99999999999', 'invalidParameter'],
      ['/api/productvariants/x', 'invalidParameter'],
      ['/api/products?ids=a', 'invalidParameter'],
      ['/api/products?ids=1,,2', 'invalidParameter'],
      ['/api/products?ids=1,2,', 'invalidParameter'],
      ['/api/products?ids=-1', 'invalidParameter'],
      [`/api/products?ids=${Array.from({ length: 25 }, (_, i) => i + 1).join(',')}`, 'invalidParameter'],
      ['/api/products?ids=', 'parameterRequired'],
      ['/api/products', 'parameterRequired'],
    ])('refuses %s with 400 %s', async (url, code) => {
      expectError(await get(url), 400, code)
    })

    it('refuses an id of 0 in a list with 400', async () => {
      // (Its code says the parameter is missing rather than malformed: the error handler reads the raw value at the
      // issue's path, 'ids.0', inside the unsplit string.)
      const body = expectError(await get('/api/products?ids=1,0'), 400, 'parameterRequired')
      expect(body.message).toContain("'ids")
    })
  })

  describe('GET /api/catalogue/sync', () => {
    it('answers since=0 with the whole catalogue of the site and its labels, never to be cached', async () => {
      const res = await get('/api/catalogue/sync?since=0')
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const sync = CatalogueSyncSchema.parse(res.json())
      expect(sync).toMatchObject({ siteId: 1, languageId: LANG.nl, full: true, removed: [] })
      expect(sync.version).toBeGreaterThan(0)
      expect(sync.labels?.landingPages.map((p) => p.landingPageId)).toEqual([1, 2])
      // Each product group shows the pack of one of its products (the home page's tiles).
      for (const group of sync.labels!.productGroups) {
        const pictured = sync.products.find((p) => p.image.name === group.image)
        expect(pictured?.productGroup, group.key).toBe(group.key)
      }
      // The Dutch site sells the main brand: not Paddock Pure, not what only Mühldorfer sells.
      const productIds = sync.products.map((p) => p.productId)
      expect(productIds).toContain(40)
      expect(productIds).not.toContain(27)
      expect(productIds).not.toContain(41)
      expect(sync.products.every((p) => p.brand === 'Equivera')).toBe(true)
    })

    it('gives every product and variant a path that routing resolves to it', async () => {
      const { products } = await snapshot()
      const resolve = async (path: string) => {
        const res = await get(`/api/routing/getbyurl?url=${encodeURIComponent(path)}`)
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200)
        return RouteInfoSchema.parse(res.json())
      }
      for (const product of products) {
        const first = product.variants[0]!.productVariantId
        const isBundle = product.productType === 6
        expect(await resolve(product.path)).toMatchObject(
          isBundle
            ? { kind: 'productBundle', productVariantBundleId: first, path: product.path }
            : { kind: 'productVariant', productVariantId: first, path: product.path },
        )
        // A variant has a page of its own; a bundle's variant is on the bundle's page.
        for (const variant of product.variants) {
          expect(await resolve(variant.path)).toMatchObject(
            isBundle
              ? { kind: 'productBundle', productVariantBundleId: variant.productVariantId }
              : { kind: 'productVariant', productVariantId: variant.productVariantId },
          )
        }
      }
    })

    it('answers since=the current version with an empty delta', async () => {
      const { version } = await snapshot()
      const res = await get(`/api/catalogue/sync?since=${version}`)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(CatalogueSyncSchema.parse(res.json())).toMatchObject({
        version,
        full: false,
        products: [],
        removed: [],
        labels: null,
      })
    })

    it('answers since=an older version with exactly the product whose stock changed', async () => {
      const { version: before, products } = await snapshot()
      const stockBefore = products.find((p) => p.productId === 32)!.variants[1]!.stock
      const changed = await setStock(current().database.handle.db, 3202, stockBefore + 5, new Date(DATETIME))
      await current().app.context.catalogue.refresh()
      expect(changed).toBe(before + 1)

      const delta = CatalogueSyncSchema.parse((await get(`/api/catalogue/sync?since=${before}`)).json())
      expect(delta).toMatchObject({ version: before + 1, full: false, removed: [], labels: null })
      expect(delta.products.map((p) => p.productId)).toEqual([32])
      expect(delta.products[0]!.variants.map((v) => [v.productVariantId, v.stock])).toEqual([
        [3201, products.find((p) => p.productId === 32)!.variants[0]!.stock],
        [3202, stockBefore + 5],
      ])
      expect(delta.products[0]!.version).toBe(before + 1)
    })

    it('answers a version above the server’s with the whole catalogue', async () => {
      const { version, products } = await snapshot()
      const sync = CatalogueSyncSchema.parse((await get(`/api/catalogue/sync?since=${version + 1000}`)).json())
      expect(sync).toMatchObject({ version, full: true, removed: [] })
      expect(sync.products).toHaveLength(products.length)
      expect(sync.labels).not.toBeNull()
    })

    it.each(['-1', '1.5', 'abc', '1e400', String(2 ** 53)])('refuses since=%s with 400', async (since) => {
      expectError(await get(`/api/catalogue/sync?since=${since}`), 400, 'invalidParameter')
    })
  })

  describe('POST /api/stockreminders', () => {
    const remind = (productVariantId: unknown, emailAddress: unknown, site: Site = NL) =>
      post('/api/stockreminders', { productVariantId, emailAddress }, site)
    const remindersOf = (variantId: number) => findStockReminders(current().database.handle.db, 1, variantId)

    it('stores a request for a variant not yet available once, even when asked twice', async () => {
      const first = await remind(4001, 'Anna.de.Vries@Example.nl')
      expect(first.statusCode, first.body).toBe(204)
      expect(first.body).toBe('')
      expect((await remind(4001, 'anna.de.vries@example.nl')).statusCode).toBe(204)
      const stored = await remindersOf(4001)
      expect(stored).toHaveLength(1)
      expect(stored[0]).toMatchObject({
        emailAddress: 'anna.de.vries@example.nl',
        languageId: LANG.nl,
        notifiedAt: null,
      })
    })

    it.each([
      ['a variant out of stock of an available product', 3601],
      ['a variant of a product coming soon', 3701],
    ])('stores a request for %s', async (_, variantId) => {
      expect((await remind(variantId, 'piet@example.nl')).statusCode).toBe(204)
      expect(await remindersOf(variantId)).toHaveLength(1)
    })

    it('refuses a variant that can be ordered now with 409 and stores nothing', async () => {
      expectError(await remind(101, 'piet@example.nl'), 409, 'productOrderable')
      expect(await remindersOf(101)).toHaveLength(0)
    })

    it.each([
      ['no @', 'anna.example.nl'],
      ['no domain', 'anna@'],
      ['spaces', 'anna de vries@example.nl'],
      ['an empty address', ''],
      ['a number', 42],
      ['300 characters', `${'a'.repeat(288)}@example.nl`],
    ])('refuses an e-mail address with %s with 400', async (_, email) => {
      expectError(await remind(4003, email), 400, 'invalidBody')
      expect(await remindersOf(4003)).toHaveLength(0)
    })

    it.each([
      ['a variant id no variant has', 999_999],
      ['a variant of a product not sold on this site', 4101],
    ])('answers %s with 404', async (_, variantId) => {
      expectError(await remind(variantId, 'anna@example.nl'), 404, 'notFound')
    })

    it.each([
      ['a variant id that is no id', { productVariantId: 'x', emailAddress: 'anna@example.nl' }],
      ['no variant id', { emailAddress: 'anna@example.nl' }],
      ['no e-mail address', { productVariantId: 4001 }],
    ])('refuses %s with 400', async (_, body) => {
      expectError(await post('/api/stockreminders', body), 400, 'invalidBody')
    })
  })
})
