// The product search (issue #4): an in-memory index per site and language, built from search documents. The server
// keeps one per site and language; the app builds the same from the catalogue in IndexedDB, so search, facets,
// sorting and paging are the same online and offline.
import type { FacetFilter, ProductFilterKey, SearchRequest } from '../catalogue.ts'
import type { LanguageCode } from '../language-codes.ts'
import { allowedTypos, editDistance } from './distance.ts'
import { terms } from './text.ts'

export interface SearchDocument {
  id: number
  /** Weighted text: the name counts most, then the short text, then the rest. */
  name: string
  summary: string
  body: string
  /** Facet value keys per facet key (multi- and single-select facets). */
  facets: Partial<Record<ProductFilterKey, string[]>>
  /** Numbers per facet key (range and slider facets), e.g. a weight class in kilograms. */
  numbers: Partial<Record<ProductFilterKey, number>>
  /** Lowest variant price in cents, for the price sort. */
  priceCents: number
  /** ISO date the product came into the shop, for the newest sort. */
  createdAt: string
}

export interface FacetCount {
  facetKey: ProductFilterKey
  values: { key: string; count: number }[]
  /** For numeric facets: the range over the documents that match the other filters. */
  range: { min: number; max: number } | null
}

export interface SearchResult {
  ids: number[]
  total: number
  facets: FacetCount[]
}

const FIELD_WEIGHTS = { name: 3, summary: 1.5, body: 1 } as const
/** A prefix match (the word being typed) and a typo count less than an exact match. */
const PREFIX_FACTOR = 0.7
const TYPO_FACTOR = 0.5
/** The last part of a compound ('sportmüsli' for 'müsli'), common in Dutch, German and the Nordic languages. */
const COMPOUND_FACTOR = 0.6
const MIN_COMPOUND_PART = 4

interface Posting {
  doc: number // index into documents
  weight: number
}

export class SearchIndex {
  readonly language: LanguageCode
  readonly #documents: SearchDocument[]
  readonly #postings = new Map<string, Posting[]>()
  readonly #vocabulary: string[]
  readonly #collator: Intl.Collator

  constructor(documents: SearchDocument[], language: LanguageCode) {
    this.language = language
    this.#documents = documents
    this.#collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true })
    documents.forEach((document, doc) => {
      const weights = new Map<string, number>()
      for (const field of ['name', 'summary', 'body'] as const)
        for (const term of terms(document[field], language))
          weights.set(term, (weights.get(term) ?? 0) + FIELD_WEIGHTS[field])
      for (const [term, weight] of weights) {
        let list = this.#postings.get(term)
        if (!list) this.#postings.set(term, (list = []))
        list.push({ doc, weight: Math.log1p(weight) })
      }
    })
    this.#vocabulary = [...this.#postings.keys()].toSorted()
  }

  get size(): number {
    return this.#documents.length
  }

  /** Scores of the documents that match every word of the query (and all of them for an empty query). */
  #match(searchTerm: string): Map<number, number> | null {
    const queryTerms = terms(searchTerm, this.language)
    if (queryTerms.length === 0) return null
    let scores: Map<number, number> | null = null
    queryTerms.forEach((term, position) => {
      const found = new Map<number, number>()
      const idf = (list: Posting[]) => Math.log(1 + this.#documents.length / list.length)
      const exact = this.#postings.get(term)
      // A near match never counts for more than the word itself would: its rarity is capped by the word's.
      const cap = exact ? idf(exact) : Infinity
      const add = (list: Posting[], factor: number) => {
        for (const posting of list) {
          const score = posting.weight * Math.min(idf(list), cap) * factor
          if (score > (found.get(posting.doc) ?? 0)) found.set(posting.doc, score)
        }
      }
      if (exact) add(exact, 1)
      if (term.length >= MIN_COMPOUND_PART)
        for (const candidate of this.#vocabulary)
          if (candidate.length > term.length && candidate.endsWith(term))
            add(this.#postings.get(candidate)!, COMPOUND_FACTOR)
      const isLast = position === queryTerms.length - 1
      if (isLast || !exact) {
        const typos = allowedTypos(term.length)
        for (const candidate of this.#candidates(term)) {
          if (candidate === term) continue
          if (isLast && candidate.startsWith(term)) add(this.#postings.get(candidate)!, PREFIX_FACTOR)
          else if (typos > 0 && editDistance(term, candidate, typos) <= typos)
            add(this.#postings.get(candidate)!, TYPO_FACTOR)
        }
      }
      const previous: Map<number, number> | null = scores
      scores = new Map()
      for (const [doc, score] of found) {
        if (previous === null) scores.set(doc, score)
        else if (previous.has(doc)) scores.set(doc, previous.get(doc)! + score)
      }
    })
    return scores
  }

  /** Vocabulary words worth comparing with a query word: a shared first letter (typos rarely hit it) or a prefix. */
  #candidates(term: string): string[] {
    const first = term[0]!
    let low = 0
    let high = this.#vocabulary.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.#vocabulary[mid]! < first) low = mid + 1
      else high = mid
    }
    const result: string[] = []
    for (let i = low; i < this.#vocabulary.length && this.#vocabulary[i]!.startsWith(first); i++)
      result.push(this.#vocabulary[i]!)
    return result
  }

  search(request: SearchRequest): SearchResult {
    const scores = this.#match(request.filter.searchTerm)
    const candidates = scores === null ? this.#documents.map((_, doc) => doc) : [...scores.keys()]
    const filters = request.filter.filters
    const passes = (doc: number, except?: ProductFilterKey) =>
      filters.every((filter) => filter.facetKey === except || matchesFilter(this.#documents[doc]!, filter))

    const matching = candidates.filter((doc) => passes(doc))
    const sorted = this.#sort(matching, scores, request.pageInfo)
    const { page, pageSize } = request.pageInfo
    const start = (page - 1) * pageSize
    return {
      ids: sorted.slice(start, start + pageSize).map((doc) => this.#documents[doc]!.id),
      total: sorted.length,
      facets: this.#facets(candidates, passes),
    }
  }

  #sort(docs: number[], scores: Map<number, number> | null, pageInfo: SearchRequest['pageInfo']): number[] {
    const documents = this.#documents
    const byName = (a: number, b: number) => this.#collator.compare(documents[a]!.name, documents[b]!.name)
    const direction = pageInfo.descending ? -1 : 1
    const compare: Record<SearchRequest['pageInfo']['sort'], (a: number, b: number) => number> = {
      // Best first; ties by name. 'descending' turns it around like any other sort.
      relevance: (a, b) => ((scores?.get(b) ?? 0) - (scores?.get(a) ?? 0)) * direction || byName(a, b),
      price: (a, b) => (documents[a]!.priceCents - documents[b]!.priceCents) * direction || byName(a, b),
      name: (a, b) => byName(a, b) * direction || documents[a]!.id - documents[b]!.id,
      // Newest first unless descending is asked to turn it around.
      newest: (a, b) => documents[b]!.createdAt.localeCompare(documents[a]!.createdAt) * direction || byName(a, b),
    }
    return docs.toSorted((a, b) => compare[pageInfo.sort](a, b) || documents[a]!.id - documents[b]!.id)
  }

  /** Counts per facet value over the documents that pass every filter except the facet's own (multi-select UX). */
  #facets(candidates: number[], passes: (doc: number, except?: ProductFilterKey) => boolean): FacetCount[] {
    const keys = new Set<ProductFilterKey>()
    for (const document of this.#documents) {
      for (const key of Object.keys(document.facets) as ProductFilterKey[]) keys.add(key)
      for (const key of Object.keys(document.numbers) as ProductFilterKey[]) keys.add(key)
    }
    return [...keys].toSorted().map((facetKey) => {
      const counts = new Map<string, number>()
      let min = Infinity
      let max = -Infinity
      for (const doc of candidates) {
        if (!passes(doc, facetKey)) continue
        const document = this.#documents[doc]!
        for (const value of document.facets[facetKey] ?? []) counts.set(value, (counts.get(value) ?? 0) + 1)
        const number = document.numbers[facetKey]
        if (number !== undefined) {
          min = Math.min(min, number)
          max = Math.max(max, number)
        }
      }
      return {
        facetKey,
        values: [...counts].map(([key, count]) => ({ key, count })).toSorted((a, b) => a.key.localeCompare(b.key)),
        range: min <= max ? { min, max } : null,
      }
    })
  }
}

export function matchesFilter(document: SearchDocument, filter: FacetFilter): boolean {
  switch (filter.discriminator) {
    case 'multiSelect':
      return (
        filter.selectedKeys.length === 0 ||
        filter.selectedKeys.some((key) => document.facets[filter.facetKey]?.includes(key))
      )
    case 'singleSelect':
      return document.facets[filter.facetKey]?.includes(filter.selectedKey) ?? false
    case 'rangeSlider': {
      const value = document.numbers[filter.facetKey]
      return value !== undefined && value >= filter.selectedMinValue && value <= filter.selectedMaxValue
    }
    case 'slider': {
      const value = document.numbers[filter.facetKey]
      return value !== undefined && value <= filter.selectedValue
    }
  }
}
