// The product search (issue #4): an in-memory index per site and language, built from search documents. The server
// keeps one per site and language; the app builds the same from the catalogue in IndexedDB, so search, facets,
// sorting and paging are the same online and offline.
import type { FacetFilter, ProductFilterKey, SearchRequest } from '../catalogue.ts'
import type { LanguageCode } from '../language-codes.ts'
import { allowedTypos, editDistance } from './distance.ts'
import { stem, terms } from './text.ts'

export interface SearchDocument {
  id: number
  /** Weighted text: the name counts most, then the short text, then the rest. */
  name: string
  summary: string
  body: string
  /** Facet value keys per facet key (multi- and single-select facets). */
  facets: Partial<Record<ProductFilterKey, string[]>>
  /** Numbers per facet key (range and slider facets), e.g. the weights of a product's variants in kilograms. */
  numbers: Partial<Record<ProductFilterKey, number[]>>
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
/** The shortest part a compound query word is split into. */
const MIN_SPLIT_PART = 3

interface Match {
  /** Score per document index; 0 where it does not match. */
  scores: Float64Array
  /** The matching document indexes. */
  docs: number[]
}

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
  readonly #orders: Record<'name' | 'price' | 'newest', Int32Array>
  readonly #ranks: { name: Int32Array }
  readonly #facetKeys: ProductFilterKey[]
  /** Each document's facets and numbers as entry lists, made once (queries walk them for every candidate). */
  readonly #facetEntries: [ProductFilterKey, string[]][][]
  readonly #numberEntries: [ProductFilterKey, number[]][][]

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

    // Sorted orders, made once: a query walks them instead of sorting its matches.
    const all = documents.map((_, doc) => doc)
    const byName = all.toSorted(
      (a, b) => this.#collator.compare(documents[a]!.name, documents[b]!.name) || documents[a]!.id - documents[b]!.id,
    )
    const nameRank = new Int32Array(documents.length)
    byName.forEach((doc, rank) => (nameRank[doc] = rank))
    this.#ranks = { name: nameRank }
    this.#orders = {
      name: Int32Array.from(byName),
      price: Int32Array.from(
        all.toSorted((a, b) => documents[a]!.priceCents - documents[b]!.priceCents || nameRank[a]! - nameRank[b]!),
      ),
      // Newest first; 'descending' turns it around like any other sort.
      newest: Int32Array.from(
        all.toSorted(
          (a, b) => documents[b]!.createdAt.localeCompare(documents[a]!.createdAt) || nameRank[a]! - nameRank[b]!,
        ),
      ),
    }
    const keys = new Set<ProductFilterKey>()
    for (const document of documents) {
      for (const key of Object.keys(document.facets) as ProductFilterKey[]) keys.add(key)
      for (const key of Object.keys(document.numbers) as ProductFilterKey[]) keys.add(key)
    }
    this.#facetKeys = [...keys].toSorted()
    this.#facetEntries = documents.map((d) => Object.entries(d.facets) as [ProductFilterKey, string[]][])
    this.#numberEntries = documents.map((d) => Object.entries(d.numbers) as [ProductFilterKey, number[]][])
  }

  get size(): number {
    return this.#documents.length
  }

  /** Scores of the documents that match every word of the query; null (all of them) for an empty query. */
  #match(searchTerm: string): Match | null {
    const queryTerms = terms(searchTerm, this.language).flatMap((term) => this.#split(term))
    const n = this.#documents.length
    // A query of nothing but what is not searched ('🐴', '?!', a 50-letter word) finds nothing, not everything.
    if (queryTerms.length === 0) return searchTerm.trim() === '' ? null : { scores: new Float64Array(n), docs: [] }
    // Scores per document in typed arrays (0 = no match): a query over 100k documents allocates no per-hit objects.
    let scores: Float64Array | null = null
    queryTerms.forEach((term, position) => {
      const found = new Float64Array(n)
      const idf = (list: Posting[]) => Math.log(1 + n / list.length)
      const exact = this.#postings.get(term)
      // A near match never counts for more than the word itself would: its rarity is capped by the word's.
      const cap = exact ? idf(exact) : Infinity
      const add = (list: Posting[], factor: number, rarity = idf(list)) => {
        const weight = Math.min(rarity, cap) * factor
        for (const posting of list) {
          const score = posting.weight * weight
          if (score > found[posting.doc]!) found[posting.doc] = score
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
        const prefixed: Posting[][] = []
        for (const candidate of this.#candidates(term)) {
          if (candidate === term) continue
          if (isLast && candidate.startsWith(term)) prefixed.push(this.#postings.get(candidate)!)
          else if (typos > 0 && editDistance(term, candidate, typos) <= typos)
            add(this.#postings.get(candidate)!, TYPO_FACTOR)
        }
        // The word being typed counts as one word: as rare as all its completions together, so 'pon' ranks the many
        // 'pony' products above one with a rare 'ponyeigenaar' in its text.
        if (prefixed.length > 0) {
          const seen = new Uint8Array(n)
          let union = 0
          for (const list of prefixed) for (const posting of list) if (!seen[posting.doc]++) union++
          const rarity = Math.log(1 + n / union)
          for (const list of prefixed) add(list, PREFIX_FACTOR, rarity)
        }
      }
      if (scores === null) scores = found
      else
        for (let doc = 0; doc < n; doc++)
          scores[doc] = found[doc]! > 0 && scores[doc]! > 0 ? scores[doc]! + found[doc]! : 0
    })
    const final = scores as unknown as Float64Array
    const docs: number[] = []
    for (let doc = 0; doc < n; doc++) if (final[doc]! > 0) docs.push(doc)
    return { scores: final, docs }
  }

  /**
   * A compound query word the catalogue does not have ('hooianalyse') as its two parts when both are words of the
   * catalogue ('hooi' + 'analyse'), so it finds what the texts write apart.
   */
  #split(term: string): string[] {
    if (term.length < 2 * MIN_SPLIT_PART || this.#postings.has(term)) return [term]
    const splits = Array.from({ length: term.length - 2 * MIN_SPLIT_PART + 1 }, (_, k) => {
      const i = term.length - MIN_SPLIT_PART - k
      return [stem(term.slice(0, i), this.language), stem(term.slice(i), this.language)] as const
    })
    // Two words of the catalogue first ('kuil' + 'scan'); else a word and the part of one ('hooi' + 'analys…').
    const whole = splits.find(([left, right]) => this.#postings.has(left) && this.#postings.has(right))
    const part = whole ?? splits.find(([left, right]) => this.#postings.has(left) && this.#isPartOfAWord(right))
    return part ? [...part] : [term]
  }

  /** Whether a catalogue word is, starts with or ends with this part ('analys' in 'analyseren', 'ruwvoeranalys'). */
  #isPartOfAWord(part: string): boolean {
    if (this.#postings.has(part)) return true
    return this.#vocabulary.some((word) => word.startsWith(part) || word.endsWith(part))
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

  /**
   * One page of the documents that match the query and the filters, with facet counts. `required` filters (a landing
   * page's selection) narrow the whole search, facets included; the request's own filters count as shoppers expect
   * from multi-select facets: each facet's counts ignore that facet's own filter.
   */
  search(request: SearchRequest, required: readonly FacetFilter[] = []): SearchResult {
    const match = this.#match(request.filter.searchTerm)
    const candidates = match === null ? null : match.docs
    const filters = request.filter.filters
    const count = candidates?.length ?? this.#documents.length
    const docAt = (i: number) => (candidates === null ? i : candidates[i]!)

    // One pass over the candidates: which facet keys' filters each one fails. A document that fails none matches;
    // one that fails the filters of exactly one key still counts in that key's facet (its own filter is ignored).
    const MATCHES = -1
    const SEVERAL = -2
    const failed = new Int32Array(count).fill(MATCHES)
    const keys = [...new Set(filters.map((f) => f.facetKey))]
    for (let i = 0; i < count; i++) {
      const document = this.#documents[docAt(i)]!
      if (!required.every((filter) => matchesFilter(document, filter))) {
        failed[i] = SEVERAL
        continue
      }
      for (const filter of filters) {
        if (matchesFilter(document, filter)) continue
        const key = keys.indexOf(filter.facetKey)
        failed[i] = failed[i] === MATCHES || failed[i] === key ? key : SEVERAL
        if (failed[i] === SEVERAL) break
      }
    }

    const isMatch = new Uint8Array(this.#documents.length)
    let total = 0
    for (let i = 0; i < count; i++)
      if (failed[i] === MATCHES) {
        isMatch[docAt(i)] = 1
        total++
      }

    const { page, pageSize } = request.pageInfo
    const start = (page - 1) * pageSize
    return {
      ids: this.#page(isMatch, total, match, request.pageInfo, start, pageSize),
      total,
      facets: this.#facets(count, docAt, failed, keys),
    }
  }

  /** The documents of one page in the asked order: pre-sorted orders are walked, so no sort runs per query. */
  #page(
    isMatch: Uint8Array,
    total: number,
    match: Match | null,
    pageInfo: SearchRequest['pageInfo'],
    start: number,
    pageSize: number,
  ): number[] {
    if (start >= total) return []
    const documents = this.#documents
    if (pageInfo.sort === 'relevance' && match !== null) {
      const direction = pageInfo.descending ? -1 : 1
      const rank = this.#ranks.name
      const { scores } = match
      const before = (a: number, b: number) => (scores[b]! - scores[a]!) * direction || rank[a]! - rank[b]!
      const wanted = start + pageSize
      // The best `wanted` matches, kept sorted; a match only goes in when it beats the last one kept.
      const top: number[] = []
      for (const doc of match.docs) {
        if (isMatch[doc] !== 1) continue
        if (top.length === wanted && before(top[wanted - 1]!, doc) <= 0) continue
        let low = 0
        let high = top.length
        while (low < high) {
          const mid = (low + high) >> 1
          if (before(top[mid]!, doc) <= 0) low = mid + 1
          else high = mid
        }
        top.splice(low, 0, doc)
        if (top.length > wanted) top.pop()
      }
      return top.slice(start).map((doc) => documents[doc]!.id)
    }
    // Relevance without a query is the name order.
    const order = this.#orders[pageInfo.sort === 'relevance' ? 'name' : pageInfo.sort]
    const ids: number[] = []
    let seen = 0
    for (let k = 0; k < order.length && ids.length < pageSize; k++) {
      const doc = order[pageInfo.descending ? order.length - 1 - k : k]!
      if (isMatch[doc] !== 1) continue
      if (seen++ >= start) ids.push(documents[doc]!.id)
    }
    return ids
  }

  /** Counts per facet value over the documents that pass every filter except the facet's own (multi-select UX). */
  #facets(
    count: number,
    docAt: (i: number) => number,
    failed: Int32Array,
    filterKeys: ProductFilterKey[],
  ): FacetCount[] {
    const counts = new Map<ProductFilterKey, Map<string, number>>()
    const ranges = new Map<ProductFilterKey, { min: number; max: number }>()
    for (const key of this.#facetKeys) counts.set(key, new Map())
    for (let i = 0; i < count; i++) {
      const state = failed[i]!
      if (state === -2) continue
      const only = state >= 0 ? filterKeys[state] : undefined
      const doc = docAt(i)
      for (const [key, values] of this.#facetEntries[doc]!) {
        if (only !== undefined && key !== only) continue
        const perValue = counts.get(key)!
        for (const value of values) perValue.set(value, (perValue.get(value) ?? 0) + 1)
      }
      for (const [key, numbers] of this.#numberEntries[doc]!) {
        if (only !== undefined && key !== only) continue
        for (const number of numbers) {
          const range = ranges.get(key)
          if (!range) ranges.set(key, { min: number, max: number })
          else {
            range.min = Math.min(range.min, number)
            range.max = Math.max(range.max, number)
          }
        }
      }
    }
    return this.#facetKeys.map((facetKey) => ({
      facetKey,
      values: [...counts.get(facetKey)!]
        .map(([key, n]) => ({ key, count: n }))
        .toSorted((a, b) => a.key.localeCompare(b.key)),
      range: ranges.get(facetKey) ?? null,
    }))
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
    // A product matches a number filter when one of its values does (one of its variants is in the weight range).
    case 'rangeSlider':
      return (
        document.numbers[filter.facetKey]?.some(
          (value) => value >= filter.selectedMinValue && value <= filter.selectedMaxValue,
        ) ?? false
      )
    case 'slider':
      return document.numbers[filter.facetKey]?.some((value) => value <= filter.selectedValue) ?? false
  }
}
