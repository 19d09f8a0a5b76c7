// Search's facet filters and counts. What a search should answer is worked out here from the products of the sync
// snapshot with the test's own reading of the facets, not through the search code.
import { describe, expect, it } from 'vitest'
import type { SearchResponse } from '../../domain/catalogue-api.ts'
import { ProductFilterKeySchema, type FacetFilter, type ProductFilterKey } from '../../domain/catalogue.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { TODAY, NL, kilograms, cheapest, multi, range, upTo, single, useCatalogueApi } from './catalogue-test-setup.ts'

// --- The test's own reading of the facets, over catalogue products ---

const onSale = (product: CatalogueProduct) => product.variants.some((v) => v.originalPrice !== null)
const isNewToday = (product: CatalogueProduct) => {
  const days = (TODAY - Date.parse(product.createdAt)) / 86_400_000
  return days >= 0 && days < 60
}
const weightClassOf = (kg: number) => (kg < 5 ? 'up-to-5' : kg < 15 ? '5-15' : kg < 25 ? '15-25' : 'over-25')
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

const FACET_KEYS: readonly ProductFilterKey[] = ProductFilterKeySchema.options

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

describe.each(DIALECTS)('product search filters on %s', (dialect) => {
  const { searchAll, snapshot, productsOf, ids, sorted } = useCatalogueApi(dialect)

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
})
