// The product search of one site in one language, over catalogue products: the server answers
// POST /api/productsearch/search with it, and the app runs the very same code over the products it keeps in
// IndexedDB, so offline results, facets, sorting and paging are the server's.
import type { FacetFilter, ProductFilterKey, SearchRequest } from '../catalogue.ts'
import type { AutocompleteResponse, FacetResult, ProductSummary, SearchResponse } from '../catalogue-api.ts'
import { AUTOCOMPLETE_LIMIT, FACET_DISCRIMINATORS, FACET_ORDER } from '../catalogue-constants.ts'
import type { LanguageCode } from '../language-codes.ts'
import type { CatalogueLabels, CatalogueProduct } from '../product.ts'
import { cheapestVariant, isNew, isOnSale, summaryOf } from '../product-rules.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchDocument } from './search-document.ts'
import { fold } from './text.ts'

/** The value of the yes/no facets (sale, new). */
export const YES = 'yes'

/** Weight classes in kilograms, [from, to): the weight facet's values; the range slider filters on the kilograms. */
export const WEIGHT_CLASSES = [
  { key: 'up-to-5', from: 0, to: 5 },
  { key: '5-15', from: 5, to: 15 },
  { key: '15-25', from: 15, to: 25 },
  { key: 'over-25', from: 25, to: Infinity },
] as const

/** The weights of a product's variants in kilograms (litres count as kilograms); none for things sold by the piece. */
export function weightsInKilograms(product: CatalogueProduct): number[] {
  const weights = product.variants.flatMap((v) => {
    const grams = v.weightGrams ?? v.contentMillilitres
    return grams === null || v.package === 'piece' ? [] : [grams / 1000]
  })
  return [...new Set(weights)].toSorted((a, b) => a - b)
}

export function searchDocumentOf(product: CatalogueProduct, labels: CatalogueLabels, today: string): SearchDocument {
  const weights = weightsInKilograms(product)
  const label = (key: ProductFilterKey, value: string) => labels.facetValues[key]?.[value] ?? ''
  const facetWords = Object.entries(product.facets).flatMap(([key, values]) =>
    (values ?? []).map((value) => label(key as ProductFilterKey, value)),
  )
  const group = labels.productGroups.find((g) => g.key === product.productGroup)
  return {
    id: product.productId,
    name: product.name,
    summary: [product.shortDescription, group?.name ?? '', product.brand].join(' '),
    body: [
      ...product.variants.map((v) => v.articleNumber),
      ...facetWords,
      ...product.description,
      ...product.usage,
    ].join(' '),
    facets: {
      ...product.facets,
      productGroup: [product.productGroup],
      package: [...new Set(product.variants.map((v) => v.package))],
      ...(weights.length > 0 && {
        weightClass: [...new Set(weights.map((kg) => WEIGHT_CLASSES.find((c) => kg >= c.from && kg < c.to)!.key))],
      }),
      ...(isOnSale(product) && { sale: [YES] }),
      ...(isNew(product, today) && { new: [YES] }),
    },
    numbers: weights.length > 0 ? { weightClass: weights } : {},
    priceCents: cheapestVariant(product).price,
    createdAt: product.createdAt,
  }
}

const NOTHING: FacetFilter = { discriminator: 'singleSelect', facetKey: 'productGroup', selectedKey: '' }

export class CatalogueSearch {
  readonly #products: Map<number, CatalogueProduct>
  readonly #labels: CatalogueLabels
  readonly #index: SearchIndex
  readonly #language: LanguageCode
  readonly #today: string
  /** What a card shows of each product, made once per product and day (a result page reuses them). */
  readonly #summaries: Map<number, ProductSummary> = new Map()
  /** Each facet's values with their names in the shop's display order, read once rather than per request. */
  readonly #facetLabels: Map<ProductFilterKey, [key: string, label: string][]>

  /**
   * `today` ('YYYY-MM-DD') decides which products count as new. `shared` is withChanges' own: an index (and the
   * summaries still valid) of the same documents.
   */
  constructor(
    products: readonly CatalogueProduct[],
    labels: CatalogueLabels,
    language: LanguageCode,
    today: string,
    shared?: { index: SearchIndex; summaries: Map<number, ProductSummary> },
  ) {
    this.#products = new Map(products.map((p) => [p.productId, p]))
    this.#labels = labels
    this.#language = language
    this.#today = today
    this.#facetLabels = new Map(FACET_ORDER.map((key) => [key, Object.entries(labels.facetValues[key] ?? {})]))
    if (shared) this.#summaries = shared.summaries
    this.#index =
      shared?.index ??
      // The documents grouped by product group: a query's matches often lie in one group, so its facets are counted
      // over a few words of the sets rather than all of them (facet-index.ts), a sixth of a search at 100 000 variants.
      new SearchIndex(
        products
          .toSorted((a, b) => (a.productGroup < b.productGroup ? -1 : a.productGroup > b.productGroup ? 1 : 0))
          .map((p) => searchDocumentOf(p, labels, today)),
        language,
      )
  }

  /**
   * The search over `products`, this catalogue with `changed` changed, sharing this search's index where no changed
   * product is searched differently: a stock change (every order) leaves what the index holds of a product as it was,
   * and building the index again costs 1.5 s at 100 000 variants. Null where the index must be built anew.
   */
  withChanges(products: readonly CatalogueProduct[], changed: readonly CatalogueProduct[]): CatalogueSearch | null {
    if (products.length !== this.#products.size) return null
    const documentOf = (product: CatalogueProduct) =>
      JSON.stringify(searchDocumentOf(product, this.#labels, this.#today))
    for (const product of changed) {
      const before = this.#products.get(product.productId)
      if (!before || documentOf(before) !== documentOf(product)) return null
    }
    const summaries = new Map(this.#summaries)
    for (const product of changed) summaries.delete(product.productId)
    return new CatalogueSearch(products, this.#labels, this.#language, this.#today, { index: this.#index, summaries })
  }

  get size(): number {
    return this.#index.size
  }

  product(productId: number): CatalogueProduct | undefined {
    return this.#products.get(productId)
  }

  /** A product as a list shows it; the same object every time for the same product. */
  summary(productId: number): ProductSummary {
    let summary = this.#summaries.get(productId)
    if (!summary) {
      summary = summaryOf(this.#products.get(productId)!, this.#today)
      this.#summaries.set(productId, summary)
    }
    return summary
  }

  /** The filters a request cannot remove: its landing page's selection; an unknown landing page or advice category
   * (none exist yet) selects nothing. */
  #required(request: SearchRequest): FacetFilter[] {
    const required: FacetFilter[] = []
    if (request.landingpageId !== null) {
      const page = this.#labels.landingPages.find((p) => p.landingPageId === request.landingpageId)
      required.push(...(page?.filters ?? [NOTHING]))
    }
    if (request.adviceCategoryId !== null) required.push(NOTHING)
    return required
  }

  search(request: SearchRequest): SearchResponse {
    const result = this.#index.search(request, this.#required(request))
    const selected = new Map<ProductFilterKey, Set<string>>()
    for (const filter of request.filter.filters) {
      const keys = selected.get(filter.facetKey) ?? new Set()
      if (filter.discriminator === 'multiSelect') for (const key of filter.selectedKeys) keys.add(key)
      if (filter.discriminator === 'singleSelect') keys.add(filter.selectedKey)
      selected.set(filter.facetKey, keys)
    }
    const counted = new Map(result.facets.map((f) => [f.facetKey, f]))
    const facets: FacetResult[] = FACET_ORDER.flatMap((facetKey) => {
      const found = counted.get(facetKey)
      if (!found) return []
      const counts = new Map(found.values.map((v) => [v.key, v.count]))
      const chosen = selected.get(facetKey)
      // Values in the shop's display order; a value no product has any more stays while it is selected, so it can be
      // unticked.
      const values: FacetResult['values'] = []
      for (const [key, label] of this.#facetLabels.get(facetKey)!) {
        const count = counts.get(key) ?? 0
        if (count > 0 || chosen?.has(key)) values.push({ key, label, count })
      }
      if (values.length === 0 && found.range === null) return []
      return [{ facetKey, discriminator: FACET_DISCRIMINATORS[facetKey], values, range: found.range }]
    })
    return {
      results: result.ids.map((id) => this.summary(id)),
      totalCount: result.total,
      pageInfo: request.pageInfo,
      facets,
    }
  }

  /** Suggestions while typing: the best products for the words so far, and the product groups whose name fits. */
  autocomplete(term: string): AutocompleteResponse {
    const trimmed = term.trim()
    if (trimmed === '') return { term, products: [], groups: [], totalCount: 0 }
    const found = this.search({
      filter: { searchTerm: trimmed, filters: [] },
      pageInfo: { page: 1, pageSize: AUTOCOMPLETE_LIMIT, descending: false, sort: 'relevance' },
      landingpageId: null,
      adviceCategoryId: null,
    })
    const folded = fold(trimmed)
    const groups = this.#labels.productGroups
      .filter(
        (g) =>
          fold(g.name)
            .split(/\s+/)
            .some((word) => word.startsWith(folded)) || fold(g.name).startsWith(folded),
      )
      .slice(0, 3)
      .map(({ key, name, path }) => ({ key, name, path }))
    return { term, products: found.results, groups, totalCount: found.totalCount }
  }
}
