import { describe, expect, it } from 'vitest'
import { SearchRequestSchema } from '../catalogue.ts'
import type { CatalogueProduct } from '../product.ts'
import { LABELS, product, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import { CatalogueSearch } from './catalogue-search.ts'

const TODAY = '2026-11-24'
const everything = SearchRequestSchema.parse({ filter: { searchTerm: '' }, pageInfo: { pageSize: 96 } })
const byPrice = SearchRequestSchema.parse({ filter: { searchTerm: '' }, pageInfo: { pageSize: 96, sort: 'price' } })
const catalogue = [1, 2, 3].map((id) => product(id, { variants: [variant(id * 100 + 1, { price: 1000 * id })] }))
const build = (products: CatalogueProduct[]) => new CatalogueSearch(products, LABELS, 'nl', TODAY)
/** The catalogue with product 2 changed. */
const changing = (change: Partial<CatalogueProduct>) => {
  const changed = { ...catalogue[1]!, ...change }
  return { products: [catalogue[0]!, changed, catalogue[2]!], changed }
}

describe('CatalogueSearch.withChanges', () => {
  it('keeps its index for a stock change and answers as a search built anew would', () => {
    const search = build(catalogue)
    search.search(everything) // summaries made
    const { products, changed } = changing({ variants: [variant(201, { price: 2000, stock: 0 })] })
    const updated = search.withChanges(products, [changed])
    expect(updated).not.toBeNull()
    expect(updated!.search(everything)).toEqual(build(products).search(everything))
    expect(updated!.search(everything).results.find((r) => r.productId === 2)!.inStock).toBe(false)
    expect(search.search(everything).results.find((r) => r.productId === 2)!.inStock).toBe(true)
  })

  it.each<[string, Partial<CatalogueProduct>]>([
    ['a price change (price sort, sale facet)', { variants: [variant(201, { price: 1 })] }],
    ['a new name', { name: 'Andere naam' }],
    ['other facets', { facets: { horseType: ['pony'] } }],
    ['another description', { description: ['Heel anders.'] }],
  ])('gives null for %s: the index must be built anew', (_, change) => {
    const { products, changed } = changing(change)
    expect(build(catalogue).withChanges(products, [changed])).toBeNull()
  })

  it('gives null when products come or go', () => {
    expect(build(catalogue).withChanges(catalogue.slice(0, 2), [])).toBeNull()
    const added = product(4)
    expect(build(catalogue).withChanges([...catalogue, added], [added])).toBeNull()
  })

  it('answers the price sort of a search built anew after a price change', () => {
    const { products } = changing({ variants: [variant(201, { price: 1 })] })
    expect(
      build(products)
        .search(byPrice)
        .results.map((r) => r.productId),
    ).toEqual([2, 1, 3])
  })
})
