// Search quality on the real seed catalogue: the words shoppers type find what they mean.
import { describe, expect, it } from 'vitest'
import { SearchRequestSchema } from '../../domain/catalogue.ts'
import { SearchIndex } from '../../domain/search/search-index.ts'
import type { SearchDocument } from '../../domain/search/search-document.ts'
import { loadCatalogueSeed, loadCatalogueTexts } from '../db/seed/catalogue-data.ts'

const seed = loadCatalogueSeed()
const allTexts = loadCatalogueTexts()

function indexFor(language: 'nl' | 'en') {
  const texts = allTexts.find((t) => t.language === language)!
  const documents: SearchDocument[] = seed.products.map((product, id) => ({
    id,
    name: texts.products[product.key]!.name,
    summary: texts.products[product.key]!.shortDescription,
    body: texts.products[product.key]!.description.join(' '),
    facets: { ...product.facets, productGroup: [product.productGroup] },
    numbers: {},
    priceCents: Math.min(...product.variants.map((v) => v.priceCents)),
    createdAt: product.createdAt,
  }))
  const index = new SearchIndex(documents, language)
  return (searchTerm: string) =>
    index
      .search(SearchRequestSchema.parse({ filter: { searchTerm }, pageInfo: { pageSize: 60 } }))
      .ids.map((id) => documents[id]!.name)
}

describe('search over the seed catalogue', () => {
  const nl = indexFor('nl')
  const en = indexFor('en')

  it.each([
    ['muesli', /Muesli/],
    ['musli', /Muesli/], // a typo
    ['brokken', /brok$/i], // plural and compound: 'Basisbrok'
    ['vliegen', /Vliegenspray/],
    ['borstels', /Borstel/],
  ])('nl: %s finds %s first', (query, first) => {
    expect(nl(query)[0]).toMatch(first)
  })

  it('nl: a compound query finds what the texts write apart', () => {
    expect(nl('kuilscan')[0]).toBe('Kuil Hygiëne Scan')
  })

  it.each([
    ['pellets', /Pellets|Cubes/],
    ['linseed', /Linseed/],
    ['brushes', /Brush/],
  ])('en: %s finds %s first', (query, first) => {
    expect(en(query)[0]).toMatch(first)
  })

  it('finds nothing for words the catalogue does not have', () => {
    expect(nl('zwembroek')).toEqual([])
  })
})
