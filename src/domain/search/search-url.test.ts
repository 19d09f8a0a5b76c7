import { describe, expect, it } from 'vitest'
import { listStateFromQuery, queryOfListState, searchRequestOf, withFilter, EMPTY_LIST_STATE } from './search-url.ts'

const read = (query: string) => listStateFromQuery(new URLSearchParams(query))

describe('the list state in the URL', () => {
  it('leaves p and ps out at their defaults (page 1, 24 per page), and everything else at its default', () => {
    expect(queryOfListState(EMPTY_LIST_STATE)).toBe('')
    expect(queryOfListState({ ...EMPTY_LIST_STATE, page: 1, pageSize: 24 })).toBe('')
    expect(queryOfListState({ ...EMPTY_LIST_STATE, page: 2, pageSize: 48 })).toBe('?p=2&ps=48')
  })

  it.each([
    '?q=muesli',
    '?horseType=pony,senior',
    '?weightClass=5-25',
    '?sale=yes',
    '?q=brok&horseType=pony&ingredient=oats&weightClass=0.5-20&new=yes&sort=price&desc=1&p=3&ps=96',
  ])('reads and writes %s back unchanged', (query) => {
    expect(queryOfListState(read(query))).toBe(query)
  })

  it('writes facets in one fixed order, whatever order they were chosen in', () => {
    let state = withFilter(EMPTY_LIST_STATE, 'sale', {
      discriminator: 'singleSelect',
      facetKey: 'sale',
      selectedKey: 'yes',
    })
    state = withFilter(state, 'horseType', {
      discriminator: 'multiSelect',
      facetKey: 'horseType',
      selectedKeys: ['pony'],
    })
    expect(queryOfListState(state)).toBe('?horseType=pony&sale=yes')
  })

  it('reads what a form without script sends: repeated values and a range as two fields', () => {
    const state = read('horseType=pony&horseType=senior&weightClassMin=5&weightClassMax=25')
    expect(state.filters).toEqual([
      { discriminator: 'multiSelect', facetKey: 'horseType', selectedKeys: ['pony', 'senior'] },
      { discriminator: 'rangeSlider', facetKey: 'weightClass', selectedMinValue: 5, selectedMaxValue: 25 },
    ])
    expect(read('weightClassMax=3').filters).toEqual([
      { discriminator: 'rangeSlider', facetKey: 'weightClass', selectedMinValue: 0, selectedMaxValue: 3 },
    ])
  })

  it.each([
    ['p=0', { page: 1 }],
    ['p=-2', { page: 1 }],
    ['p=abc', { page: 1 }],
    ['p=99999999', { page: 1 }],
    ['ps=1000', { pageSize: 24 }],
    ['ps=7', { pageSize: 24 }],
    ['sort=evil', { sort: 'relevance' }],
    ['weightClass=25-5', { filters: [] }],
    ['weightClass=abc', { filters: [] }],
    ['horseType=%3Cscript%3E', { filters: [] }],
    ['unknown=1', { filters: [] }],
  ])('ignores a value the shop does not know: %s', (query, expected) => {
    expect(read(query)).toMatchObject(expected)
  })

  it('keeps a search term to 200 characters, trimmed', () => {
    expect(read(`q=${'a'.repeat(300)}`).searchTerm).toHaveLength(200)
    expect(read('q=%20muesli%20').searchTerm).toBe('muesli')
  })

  it('goes back to page 1 when a filter changes', () => {
    const state = withFilter({ ...EMPTY_LIST_STATE, page: 4 }, 'new', null)
    expect(state.page).toBe(1)
  })

  it('puts a category’s own filter first and lets no URL filter replace it', () => {
    const fixed = [
      { discriminator: 'multiSelect' as const, facetKey: 'productGroup' as const, selectedKeys: ['muesli'] },
    ]
    const request = searchRequestOf(read('productGroup=care&horseType=pony&p=2'), { filters: fixed, landingpageId: 3 })
    expect(request.filter.filters).toEqual([
      fixed[0],
      { discriminator: 'multiSelect', facetKey: 'horseType', selectedKeys: ['pony'] },
    ])
    expect(request.pageInfo).toEqual({ page: 2, pageSize: 24, descending: false, sort: 'relevance' })
    expect(request.landingpageId).toBe(3)
  })
})
