// The state of a product list page in its URL (`p` and `ps` are left out at their defaults), so a filtered,
// sorted page can be shared, bookmarked, reloaded and opened offline:
//   ?q=muesli&horseType=pony,senior&weightClass=5-25&sale=yes&sort=price&desc=1&p=2&ps=48
// Reading is lenient: a value the shop does not know is ignored, never an error.
import type { FacetFilter, ProductFilterKey, SearchRequest } from '../catalogue.ts'
import {
  DEFAULT_PAGE_SIZE,
  FACET_DISCRIMINATORS,
  FACET_ORDER,
  FIRST_PAGE,
  PRODUCT_FILTER_KEYS,
} from '../catalogue-constants.ts'

export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 48, 96] as const
export const SORTS = ['relevance', 'price', 'name', 'newest'] as const
export type Sort = (typeof SORTS)[number]
const MAX_TERM = 200
const MAX_PAGE = 10_000

export interface ListState {
  searchTerm: string
  filters: FacetFilter[]
  sort: Sort
  descending: boolean
  page: number
  pageSize: number
}

export const EMPTY_LIST_STATE: ListState = {
  searchTerm: '',
  filters: [],
  sort: 'relevance',
  descending: false,
  page: FIRST_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
}

const VALUE = /^[a-z0-9-]{1,60}$/
const RANGE = /^(\d{1,7}(?:\.\d{1,3})?)-(\d{1,7}(?:\.\d{1,3})?)$/

function filterOf(key: ProductFilterKey, raw: string): FacetFilter | null {
  switch (FACET_DISCRIMINATORS[key]) {
    case 'multiSelect': {
      const selectedKeys = [...new Set(raw.split(',').filter((v) => VALUE.test(v)))].slice(0, 50)
      return selectedKeys.length > 0 ? { discriminator: 'multiSelect', facetKey: key, selectedKeys } : null
    }
    case 'rangeSlider': {
      const match = RANGE.exec(raw)
      if (!match) return null
      const [min, max] = [Number(match[1]), Number(match[2])]
      return min <= max
        ? { discriminator: 'rangeSlider', facetKey: key, selectedMinValue: min, selectedMaxValue: max }
        : null
    }
    case 'singleSelect':
      return VALUE.test(raw) ? { discriminator: 'singleSelect', facetKey: key, selectedKey: raw } : null
    case 'slider': {
      const value = Number(raw)
      return raw !== '' && Number.isFinite(value)
        ? { discriminator: 'slider', facetKey: key, selectedValue: value }
        : null
    }
  }
}

function positiveInteger(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return fallback
  const value = Number(raw)
  return value >= 1 && value <= max ? value : fallback
}

export function listStateFromQuery(query: URLSearchParams): ListState {
  const filters = FACET_ORDER.flatMap((key) => {
    // A form without script sends each ticked value on its own (`horseType=pony&horseType=senior`) and a range as
    // two fields (`weightClassMin=5&weightClassMax=25`); links write `horseType=pony,senior` and `weightClass=5-25`.
    const values = query.getAll(key).filter(Boolean)
    const [min, max] = [query.get(`${key}Min`), query.get(`${key}Max`)]
    const raw = values.length > 0 ? values.join(',') : min || max ? `${min || '0'}-${max || '9999999'}` : null
    const filter = raw === null ? null : filterOf(key, raw)
    return filter ? [filter] : []
  })
  const sort = query.get('sort')
  const pageSize = positiveInteger(query.get('ps'), DEFAULT_PAGE_SIZE, 96)
  return {
    searchTerm: (query.get('q') ?? '').trim().slice(0, MAX_TERM),
    filters,
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : 'relevance',
    descending: query.get('desc') === '1',
    page: positiveInteger(query.get('p'), FIRST_PAGE, MAX_PAGE),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  }
}

function valueOf(filter: FacetFilter): string {
  switch (filter.discriminator) {
    case 'multiSelect':
      return filter.selectedKeys.join(',')
    case 'rangeSlider':
      return `${filter.selectedMinValue}-${filter.selectedMaxValue}`
    case 'singleSelect':
      return filter.selectedKey
    case 'slider':
      return String(filter.selectedValue)
  }
}

/** The query string of a state ('' or '?…'), parameters in a fixed order, defaults left out. */
export function queryOfListState(state: ListState): string {
  const query = new URLSearchParams()
  if (state.searchTerm) query.set('q', state.searchTerm)
  for (const key of FACET_ORDER) {
    const filter = state.filters.find((f) => f.facetKey === key)
    if (filter && valueOf(filter) !== '') query.set(key, valueOf(filter))
  }
  if (state.sort !== 'relevance') query.set('sort', state.sort)
  if (state.descending) query.set('desc', '1')
  if (state.page !== FIRST_PAGE) query.set('p', String(state.page))
  if (state.pageSize !== DEFAULT_PAGE_SIZE) query.set('ps', String(state.pageSize))
  const text = query.toString().replaceAll('%2C', ',')
  return text ? `?${text}` : ''
}

/** A state with one facet's filter replaced (or removed with null); any change of filters goes back to page 1. */
export function withFilter(state: ListState, key: ProductFilterKey, filter: FacetFilter | null): ListState {
  const filters = state.filters.filter((f) => f.facetKey !== key)
  return { ...state, filters: filter ? [...filters, filter] : filters, page: FIRST_PAGE }
}

/** The API request of a list page; `fixed` filters (a category's group) come first and cannot be removed. */
export function searchRequestOf(
  state: ListState,
  fixed: { filters?: FacetFilter[]; landingpageId?: number | null } = {},
): SearchRequest {
  const fixedKeys = new Set((fixed.filters ?? []).map((f) => f.facetKey))
  return {
    filter: {
      searchTerm: state.searchTerm,
      filters: [...(fixed.filters ?? []), ...state.filters.filter((f) => !fixedKeys.has(f.facetKey))],
    },
    pageInfo: { page: state.page, pageSize: state.pageSize, descending: state.descending, sort: state.sort },
    landingpageId: fixed.landingpageId ?? null,
    adviceCategoryId: null,
  }
}

export const isFilterKey = (key: string): key is ProductFilterKey =>
  (PRODUCT_FILTER_KEYS as readonly string[]).includes(key)
