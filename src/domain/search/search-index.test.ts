import { describe, expect, it } from 'vitest'
import { SearchRequestSchema, type FacetFilter } from '../catalogue.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchDocument } from './search-document.ts'

const doc = (id: number, name: string, rest: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  name,
  summary: '',
  body: '',
  facets: {},
  numbers: {},
  priceCents: 1000,
  createdAt: '2025-01-01',
  ...rest,
})

const DOCS: SearchDocument[] = [
  doc(1, 'Sportmüsli', {
    summary: 'Müsli voor sportpaarden',
    facets: { horseType: ['sport'], ingredient: ['oats'] },
    numbers: { weightClass: [20] },
    priceCents: 2995,
    createdAt: '2026-10-01',
  }),
  doc(2, 'Ponybrok', {
    summary: 'Brokken voor pony’s',
    facets: { horseType: ['pony'], ingredient: ['grain-free'] },
    numbers: { weightClass: [15] },
    priceCents: 1895,
    createdAt: '2024-03-01',
  }),
  doc(3, 'Seniormüsli', {
    summary: 'Zachte müsli voor oudere paarden',
    body: 'Met lijnzaad en haver',
    facets: { horseType: ['senior', 'pony'], ingredient: ['oats', 'linseed'] },
    numbers: { weightClass: [15] },
    priceCents: 3195,
    createdAt: '2025-06-01',
  }),
  doc(4, 'Lijnzaadolie', {
    summary: 'Olie voor een glanzende vacht',
    facets: { ingredient: ['linseed'] },
    numbers: { weightClass: [1] },
    priceCents: 1495,
    createdAt: '2026-11-01',
  }),
]

const index = new SearchIndex(DOCS, 'nl')
const search = (term = '', filters: FacetFilter[] = [], pageInfo: object = {}) =>
  index.search(SearchRequestSchema.parse({ filter: { searchTerm: term, filters }, pageInfo }))

describe('SearchIndex', () => {
  const sorted = (ids: number[]) => ids.toSorted((a, b) => a - b)

  it('finds by name and text, with word stems and the last part of compounds', () => {
    expect(sorted(search('müsli').ids)).toEqual([1, 3])
    expect(sorted(search('paard').ids)).toEqual([1, 3]) // 'sportpaarden', 'paarden'
    expect(search('brokken').ids).toEqual([2])
    expect(search('olie').ids).toEqual([4]) // 'Lijnzaadolie'
  })

  it('splits a compound query word the texts write apart', () => {
    const hay = new SearchIndex([doc(1, 'Analyse van je hooi'), doc(2, 'Hooinet')], 'nl')
    expect(hay.search(SearchRequestSchema.parse({ filter: { searchTerm: 'hooianalyse' } })).ids).toEqual([1])
  })

  it('ranks a match in the name above one in the text', () => {
    const hay = new SearchIndex([doc(1, 'Hooinet', { body: 'Voor hooi' }), doc(2, 'Hooi')], 'nl')
    expect(hay.search(SearchRequestSchema.parse({ filter: { searchTerm: 'hooi' } })).ids).toEqual([2, 1])
  })

  it('tolerates a typo and matches the word being typed as a prefix', () => {
    expect(sorted(search('musly').ids)).toEqual([1, 3])
    expect(search('lijnz').ids).toEqual([4, 3])
  })

  it('needs every word of the query', () => {
    expect(search('müsli haver').ids).toEqual([3])
    expect(search('müsli olie').ids).toEqual([])
  })

  it('returns everything for an empty query, and nothing odd for odd input', () => {
    expect(search('').total).toBe(4)
    expect(search('🐴 <script>').total).toBe(0)
  })

  it('filters by every discriminator', () => {
    const multi: FacetFilter = { discriminator: 'multiSelect', facetKey: 'horseType', selectedKeys: ['pony', 'sport'] }
    expect(search('', [multi]).total).toBe(3)
    expect(search('', [{ discriminator: 'singleSelect', facetKey: 'ingredient', selectedKey: 'linseed' }]).total).toBe(
      2,
    )
    expect(
      search('', [
        { discriminator: 'rangeSlider', facetKey: 'weightClass', selectedMinValue: 10, selectedMaxValue: 16 },
      ]).ids,
    ).toEqual([2, 3])
    expect(search('', [{ discriminator: 'slider', facetKey: 'weightClass', selectedValue: 1 }]).ids).toEqual([4])
  })

  it('counts each facet over the documents that match the other filters', () => {
    const result = search('', [{ discriminator: 'multiSelect', facetKey: 'horseType', selectedKeys: ['pony'] }])
    expect(result.ids).toEqual([2, 3])
    const horseType = result.facets.find((f) => f.facetKey === 'horseType')!
    // Its own filter does not narrow it: every horse type stays choosable.
    expect(horseType.values).toEqual([
      { key: 'pony', count: 2 },
      { key: 'senior', count: 1 },
      { key: 'sport', count: 1 },
    ])
    const ingredient = result.facets.find((f) => f.facetKey === 'ingredient')!
    expect(ingredient.values).toEqual([
      { key: 'grain-free', count: 1 },
      { key: 'linseed', count: 1 },
      { key: 'oats', count: 1 },
    ])
    expect(result.facets.find((f) => f.facetKey === 'weightClass')!.range).toEqual({ min: 15, max: 15 })
  })

  it.each([
    ['price', false, [4, 2, 1, 3]],
    ['price', true, [3, 1, 2, 4]],
    ['name', false, [4, 2, 3, 1]],
    ['newest', false, [4, 1, 3, 2]],
    ['newest', true, [2, 3, 1, 4]],
  ] as const)('sorts by %s (descending %s)', (sort, descending, ids) => {
    expect(search('', [], { sort, descending }).ids).toEqual(ids)
  })

  it('pages: page 2 of size 3 holds the fourth', () => {
    const result = search('', [], { sort: 'price', page: 2, pageSize: 3 })
    expect(result).toMatchObject({ ids: [3], total: 4 })
    expect(search('', [], { page: 9 }).ids).toEqual([])
  })
})
