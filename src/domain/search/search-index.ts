// The product search: an in-memory index per site and language, built from search documents. The server keeps one per
// site and language; the app builds the same from the catalogue in IndexedDB, so search, facets, sorting and paging are
// the same online and offline.
//
// Made for catalogues of 100k variants answering in well under a millisecond (npm run bench): the postings live in
// flat typed arrays (postings.ts), what a query word matches is worked out once per word (vocabulary.ts), and every
// facet value has a bitset of its documents (facet-index.ts), so filters and facet counts are word-wise ANDs and bit
// counts rather than a walk over every document's facets.
import type { FacetFilter, SearchRequest } from '../catalogue.ts'
import type { LanguageCode } from '../language-codes.ts'
import { andInto, countBoth, hasBit, setBit, type Bits } from './bits.ts'
import { FacetIndex, type FacetCount } from './facet-index.ts'
import { buildPostings, type Postings } from './postings.ts'
import { best, clear, keepBoth, scorePostings } from './scoring.ts'
import type { SearchDocument } from './search-document.ts'
import { terms } from './text.ts'
import { Vocabulary } from './vocabulary.ts'

export interface SearchResult {
  ids: number[]
  total: number
  facets: FacetCount[]
}

interface Match {
  /** Score per document index; 0 where it does not match. */
  scores: Float64Array
  /** The matching document indexes. */
  docs: Int32Array
}

export class SearchIndex {
  readonly language: LanguageCode
  readonly #documents: readonly SearchDocument[]
  readonly #words: number
  /** Every document. */
  readonly #all: Bits
  readonly #postings: Postings
  readonly #vocabulary: Vocabulary
  readonly #facets: FacetIndex
  readonly #orders: Record<'name' | 'price' | 'newest', Int32Array>
  readonly #ranks: { name: Int32Array }
  /**
   * Room for one query's scores and matches, made once: allocating arrays of a whole catalogue's size on every query
   * cost more than the query. Only the documents a query touches are written and cleared again, so a query costs what
   * its words' postings cost, not the size of the catalogue. (Search is synchronous: one query never sees another's.)
   */
  readonly #scores: Float64Array
  readonly #found: Float64Array
  readonly #hits: Int32Array
  readonly #touched: Int32Array
  /** How many of `#hits` the last query left with a score in `#scores`. */
  #dirty = 0
  /**
   * Room for one query's sets of documents, made once for the same reason: what the query leaves, what it matches, and
   * what passes the filters of each filtered facet key. A set of a whole catalogue (4.8 KB at 100 000 variants) made
   * per query is an ArrayBuffer outside the JS heap, and making and collecting them took a tenth of a search.
   */
  readonly #sets: Bits[] = []

  constructor(documents: readonly SearchDocument[], language: LanguageCode) {
    this.language = language
    this.#documents = documents
    const n = documents.length
    this.#words = (n + 31) >>> 5
    this.#all = new Int32Array(this.#words)
    for (let doc = 0; doc < n; doc++) setBit(this.#all, doc)
    this.#scores = new Float64Array(n)
    this.#found = new Float64Array(n)
    this.#hits = new Int32Array(n)
    this.#touched = new Int32Array(n)
    this.#postings = buildPostings(documents, language)
    this.#vocabulary = new Vocabulary(this.#postings, n, language)
    this.#facets = new FacetIndex(documents, this.#all)

    // Sorted orders, made once: a query walks them instead of sorting its matches. Names are compared once per
    // distinct name (the collator is the slow part); names it holds equal share a rank.
    const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true })
    const names = [...new Set(documents.map((d) => d.name))].toSorted(collator.compare)
    const nameClass = new Map<string, number>()
    names.forEach((name, i) =>
      nameClass.set(name, i > 0 && collator.compare(names[i - 1]!, name) === 0 ? nameClass.get(names[i - 1]!)! : i),
    )
    const classOf = Int32Array.from(documents, (d) => nameClass.get(d.name)!)
    const byName = documents
      .map((_, doc) => doc)
      .toSorted((a, b) => classOf[a]! - classOf[b]! || documents[a]!.id - documents[b]!.id)
    const nameRank = new Int32Array(n)
    byName.forEach((doc, rank) => (nameRank[doc] = rank))
    this.#ranks = { name: nameRank }
    this.#orders = {
      name: Int32Array.from(byName),
      price: Int32Array.from(byName.toSorted((a, b) => documents[a]!.priceCents - documents[b]!.priceCents)),
      // Newest first; 'descending' turns it around like any other sort. ISO dates sort as text.
      newest: Int32Array.from(
        byName.toSorted((a, b) => {
          const x = documents[a]!.createdAt
          const y = documents[b]!.createdAt
          return x < y ? 1 : x > y ? -1 : 0
        }),
      ),
    }
  }

  get size(): number {
    return this.#documents.length
  }

  /** Scores of the documents that match every word of the query; null (all of them) for an empty query. */
  #match(searchTerm: string): Match | null {
    const queryTerms = terms(searchTerm, this.language).flatMap((term) => this.#vocabulary.split(term))
    const scores = this.#scores
    const hits = this.#hits
    clear(scores, hits, this.#dirty)
    this.#dirty = 0
    // A query of nothing but what is not searched ('🐴', '?!', a 50-letter word) finds nothing, not everything.
    if (queryTerms.length === 0) return searchTerm.trim() === '' ? null : { scores, docs: hits.subarray(0, 0) }
    let count = 0
    queryTerms.forEach((term, position) => {
      // The first word scores into `scores`, each further one into `#found`, and then only the documents that both
      // score stay.
      const found = position === 0 ? scores : this.#found
      const touched = position === 0 ? hits : this.#touched
      let touchedCount = 0
      const { ids, weights } = this.#vocabulary.expand(term, position === queryTerms.length - 1)
      for (const [i, id] of ids.entries())
        touchedCount = scorePostings(
          found,
          this.#postings.docs,
          this.#postings.weights,
          this.#postings.starts[id]!,
          this.#postings.starts[id + 1]!,
          weights[i]!,
          touched,
          touchedCount,
        )
      if (position === 0) count = touchedCount
      else {
        count = keepBoth(scores, hits, count, found)
        clear(found, touched, touchedCount)
      }
    })
    this.#dirty = count
    return { scores, docs: hits.subarray(0, count) }
  }

  /**
   * One page of the documents that match the query and the filters, with facet counts. `required` filters (a landing
   * page's selection) narrow the whole search, facets included; the request's own filters count as shoppers expect
   * from multi-select facets: each facet's counts ignore that facet's own filter.
   */
  search(request: SearchRequest, required: readonly FacetFilter[] = []): SearchResult {
    const match = this.#match(request.filter.searchTerm)
    // What the query and the required filters leave; then, per filtered facet key, what passes its filters.
    const base = this.#set(0)
    if (match === null) base.set(this.#all)
    else {
      base.fill(0)
      for (const doc of match.docs) setBit(base, doc)
    }
    for (const filter of required) andInto(base, this.#facets.passing(filter))
    const filters = request.filter.filters
    const keys = [...new Set(filters.map((f) => f.facetKey))]
    const passing = keys.map((key, k) => {
      const bits = this.#set(2 + k)
      bits.set(this.#all)
      for (const filter of filters) if (filter.facetKey === key) andInto(bits, this.#facets.passing(filter))
      return bits
    })
    const matched = this.#set(1)
    matched.set(base)
    for (const bits of passing) andInto(matched, bits)
    const total = countBoth(matched, matched)

    const { page, pageSize } = request.pageInfo
    const start = (page - 1) * pageSize
    return {
      ids: this.#page(matched, total, match, request.pageInfo, start, pageSize),
      total,
      facets: this.#facets.count(base, matched, total, keys, passing),
    }
  }

  /** The `i`th of the query's sets of documents (its contents are the last query's). */
  #set(i: number): Bits {
    return (this.#sets[i] ??= new Int32Array(this.#words))
  }

  /** The documents of one page in the asked order: pre-sorted orders are walked, so no sort runs per query. */
  #page(
    matched: Bits,
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
      const top = best(match.docs, matched, match.scores, this.#ranks.name, direction, start + pageSize)
      return top.slice(start).map((doc) => documents[doc]!.id)
    }
    // Relevance without a query is the name order.
    const order = this.#orders[pageInfo.sort === 'relevance' ? 'name' : pageInfo.sort]
    const ids: number[] = []
    let seen = 0
    for (let k = 0; k < order.length && ids.length < pageSize; k++) {
      const doc = order[pageInfo.descending ? order.length - 1 - k : k]!
      if (!hasBit(matched, doc)) continue
      if (seen++ >= start) ids.push(documents[doc]!.id)
    }
    return ids
  }
}
