// The catalogue's constants as plain values (no zod), so the pages' first script can use them.
import type { FacetDiscriminator } from './catalogue-api.ts'

/** The comparison list holds at most 4 products. */
export const COMPARE_MAX = 4
/** Default page size 24, first page 1. */
export const DEFAULT_PAGE_SIZE = 24
export const FIRST_PAGE = 1
/** Star rating scale 5; a review needs at least 5 words and goes online within 24 hours. */
export const STAR_RATING_SCALE = 5
export const REVIEW_MIN_WORDS = 5

/** The keys a product search filters on, in the order the facets are shown. */
export const PRODUCT_FILTER_KEYS = [
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
] as const

type FilterKey = (typeof PRODUCT_FILTER_KEYS)[number]

/** How each filter key is offered: several values, one value, or a range. */
export const FACET_DISCRIMINATORS: Record<FilterKey, FacetDiscriminator> = {
  productGroup: 'multiSelect',
  horseType: 'multiSelect',
  ageGroup: 'multiSelect',
  application: 'multiSelect',
  ingredient: 'multiSelect',
  labour: 'multiSelect',
  package: 'multiSelect',
  weightClass: 'rangeSlider',
  sale: 'singleSelect',
  new: 'singleSelect',
}

/** Display order of the facets: the order the filter keys are declared in. */
export const FACET_ORDER: readonly FilterKey[] = PRODUCT_FILTER_KEYS

/** Suggestions under the search box at most. */
export const AUTOCOMPLETE_LIMIT = 6
