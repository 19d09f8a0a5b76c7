// The product search (issue #4): an in-memory index per site and language, built from search documents. The server
// keeps one per site and language; the app builds the same from the catalogue in IndexedDB, so search, facets,
// sorting and paging are the same online and offline.
//
// Made for catalogues of 100k variants answering in well under a millisecond (npm run bench): the postings live in
// flat typed arrays, and every facet value has a bitset of its documents, so filters and facet counts are word-wise
// ANDs and bit counts rather than a walk over every document's facets.
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
/** What `words` reads of a text, and how many of its words. */
const MAX_TEXT = 2000
const MAX_WORDS = 64
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
  docs: Int32Array
}

/** A query word's terms in the vocabulary and the weight each one's postings score with. */
interface Expansion {
  ids: number[]
  weights: number[]
}

/** Query words whose expansion is kept; past that many the memo starts over. */
const MAX_EXPANSIONS = 5000

/** A set of document indexes, one bit each. */
type Bits = Int32Array

const hasBit = (bits: Bits, doc: number) => ((bits[doc >>> 5]! >>> (doc & 31)) & 1) === 1
const setBit = (bits: Bits, doc: number) => {
  bits[doc >>> 5] = bits[doc >>> 5]! | (1 << (doc & 31))
}
function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i] = target[i]! & other[i]!
}
/**
 * How many documents are in both sets: a bit count two words at a time (the nibble sums of two words still fit in a
 * nibble), which measured faster in V8 than a table lookup per half word.
 */
function countBoth(a: Bits, b: Bits): number {
  let count = 0
  const pairs = a.length & ~1
  let i = 0
  for (; i < pairs; i += 2) {
    let x = a[i]! & b[i]!
    let y = a[i + 1]! & b[i + 1]!
    x = x - ((x >>> 1) & 0x55555555)
    y = y - ((y >>> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333) + (y & 0x33333333) + ((y >>> 2) & 0x33333333)
    count += Math.imul((x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24
  }
  if (i < a.length) {
    let x = a[i]! & b[i]!
    x = x - ((x >>> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
    count += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
  }
  return count
}

/** A copy with room for `size` entries. */
function grown<T extends Int32Array | Float64Array>(values: T, size: number): T {
  const copy = new (values.constructor as new (size: number) => T)(size)
  copy.set(values)
  return copy
}

const reversed = (word: string) => word.split('').toReversed().join('')

// The loops a query runs over every posting or document are small functions of their own: V8 optimises each whole,
// where a loop inside a long method got compiled on the spot and thrown away again after it (a deoptimisation loop).

/**
 * Raises each document's score to what these postings give it, where that is more. A document scored for the first
 * time is added to `touched`; returns the new count of `touched`.
 */
function scorePostings(
  found: Float64Array,
  docs: Int32Array,
  weights: Float64Array,
  from: number,
  to: number,
  factor: number,
  touched: Int32Array,
  count: number,
): number {
  for (let p = from; p < to; p++) {
    const doc = docs[p]!
    const score = weights[p]! * factor
    const before = found[doc]!
    if (before === 0) touched[count++] = doc
    if (score > before) found[doc] = score
  }
  return count
}

/** Keeps the hits that `found` scores too, with both scores added; the others drop to 0. Returns how many stay. */
function keepBoth(scores: Float64Array, hits: Int32Array, count: number, found: Float64Array): number {
  let kept = 0
  for (let i = 0; i < count; i++) {
    const doc = hits[i]!
    const more = found[doc]!
    if (more > 0) {
      scores[doc] = scores[doc]! + more
      hits[kept++] = doc
    } else scores[doc] = 0
  }
  return kept
}

function clear(values: Float64Array, docs: Int32Array, count: number): void {
  for (let i = 0; i < count; i++) values[docs[i]!] = 0
}

/** The best `wanted` matching documents by score (then name), sorted; a match only goes in when it beats the last. */
function best(
  docs: Int32Array,
  matched: Bits,
  scores: Float64Array,
  nameRank: Int32Array,
  direction: number,
  wanted: number,
): number[] {
  const before = (a: number, b: number) => (scores[b]! - scores[a]!) * direction || nameRank[a]! - nameRank[b]!
  const top: number[] = []
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!
    if (!hasBit(matched, doc)) continue
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
  return top
}

function bitsOf(docs: Int32Array, words: number): Bits {
  const bits = new Int32Array(words)
  for (const doc of docs) setBit(bits, doc)
  return bits
}

/** The first index of a sorted list whose entry is not below `value`. */
function lowerBound<T>(sorted: ArrayLike<T>, value: T): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (sorted[mid]! < value) low = mid + 1
    else high = mid
  }
  return low
}

export class SearchIndex {
  readonly language: LanguageCode
  readonly #documents: SearchDocument[]
  readonly #words: number
  /** Every document, and none. */
  readonly #all: Bits
  readonly #none: Bits
  /** Term → term id; a term's postings are `#postingDocs`/`#postingWeights` from `#starts[id]` to `#starts[id + 1]`. */
  readonly #termIds = new Map<string, number>()
  readonly #starts: Int32Array
  readonly #postingDocs: Int32Array
  readonly #postingWeights: Float64Array
  readonly #vocabulary: string[]
  /** The vocabulary's words reversed and sorted, with their ids: the words ending in a suffix are one range. */
  readonly #reversed: string[]
  readonly #reversedIds: Int32Array
  readonly #orders: Record<'name' | 'price' | 'newest', Int32Array>
  readonly #ranks: { name: Int32Array }
  readonly #facetKeys: ProductFilterKey[]
  /** The documents of each facet value, per facet key in the order the counts are given. */
  readonly #facetValues = new Map<ProductFilterKey, Map<string, Bits>>()
  /** Each numeric facet's (value, document) pairs in ascending value order. */
  readonly #numbers = new Map<ProductFilterKey, { values: Float64Array; docs: Int32Array }>()
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
  /** Query words already expanded (`#expand`). */
  readonly #expansions = new Map<string, Expansion>()

  constructor(documents: SearchDocument[], language: LanguageCode) {
    this.language = language
    this.#documents = documents
    const n = documents.length
    this.#words = (n + 31) >>> 5
    this.#none = new Int32Array(this.#words)
    this.#all = new Int32Array(this.#words)
    for (let doc = 0; doc < n; doc++) setBit(this.#all, doc)
    this.#scores = new Float64Array(n)
    this.#found = new Float64Array(n)
    this.#hits = new Int32Array(n)
    this.#touched = new Int32Array(n)

    const postings = this.#buildPostings(documents)
    this.#starts = postings.starts
    this.#postingDocs = postings.docs
    this.#postingWeights = postings.weights
    this.#vocabulary = [...this.#termIds.keys()].toSorted()
    const byReversed = this.#vocabulary
      .map((word) => [reversed(word), this.#termIds.get(word)!] as const)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    this.#reversed = byReversed.map(([word]) => word)
    this.#reversedIds = Int32Array.from(byReversed, ([, id]) => id)

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

    const keys = new Set<ProductFilterKey>()
    const pairs = new Map<ProductFilterKey, [value: number, doc: number][]>()
    documents.forEach((document, doc) => {
      for (const [key, values] of Object.entries(document.facets) as [ProductFilterKey, string[]][]) {
        keys.add(key)
        let perValue = this.#facetValues.get(key)
        if (!perValue) this.#facetValues.set(key, (perValue = new Map()))
        for (const value of values) {
          let bits = perValue.get(value)
          if (!bits) perValue.set(value, (bits = new Int32Array(this.#words)))
          setBit(bits, doc)
        }
      }
      for (const [key, values] of Object.entries(document.numbers) as [ProductFilterKey, number[]][]) {
        keys.add(key)
        let list = pairs.get(key)
        if (!list) pairs.set(key, (list = []))
        for (const value of values) list.push([value, doc])
      }
    })
    this.#facetKeys = [...keys].toSorted()
    for (const [key, perValue] of this.#facetValues)
      this.#facetValues.set(key, new Map([...perValue].toSorted(([a], [b]) => a.localeCompare(b))))
    for (const [key, list] of pairs) {
      list.sort((a, b) => a[0] - b[0])
      this.#numbers.set(key, {
        values: Float64Array.from(list, ([value]) => value),
        docs: Int32Array.from(list, ([, doc]) => doc),
      })
    }
  }

  /**
   * The postings of every term: which documents have it and how strongly (the field weights it has there). Text is
   * cut into runs between spaces and each distinct run is folded and stemmed once, which gives the same terms as
   * `terms()` of the whole text (folding never joins or splits across a space).
   */
  #buildPostings(documents: SearchDocument[]) {
    const termsOfRun = new Map<string, number[]>()
    let nextId = 0
    const idsOf = (run: string) => {
      let ids = termsOfRun.get(run)
      if (!ids) {
        ids = terms(run, this.language).map((term) => {
          let id = this.#termIds.get(term)
          if (id === undefined) this.#termIds.set(term, (id = nextId++))
          return id
        })
        termsOfRun.set(run, ids)
      }
      return ids
    }
    let weightOf = new Float64Array(1024)
    const touched: number[] = []
    // (term, document, weight) of every posting, in document order; typed arrays that double when full (growing
    // plain arrays to millions of entries was most of the build).
    let pairs = 0
    let pairTerms = new Int32Array(Math.max(1024, documents.length * 64))
    let pairDocs = new Int32Array(pairTerms.length)
    let pairWeights = new Float64Array(pairTerms.length)
    // Runs are read one at a time, up to a field's 64th word: a long text is never split whole.
    const runs = /\S+/g
    documents.forEach((document, doc) => {
      for (const field of ['name', 'summary', 'body'] as const) {
        const text = document[field].slice(0, MAX_TEXT)
        let count = 0
        runs.lastIndex = 0
        for (let run = runs.exec(text); run !== null && count < MAX_WORDS; run = runs.exec(text)) {
          for (const id of idsOf(run[0])) {
            if (count++ === MAX_WORDS) break
            if (id >= weightOf.length) weightOf = grown(weightOf, Math.max(2 * weightOf.length, id + 1))
            if (weightOf[id] === 0) touched.push(id)
            weightOf[id] = weightOf[id]! + FIELD_WEIGHTS[field]
          }
        }
      }
      if (pairs + touched.length > pairTerms.length) {
        const size = Math.max(2 * pairTerms.length, pairs + touched.length)
        ;[pairTerms, pairDocs, pairWeights] = [grown(pairTerms, size), grown(pairDocs, size), grown(pairWeights, size)]
      }
      for (const id of touched) {
        pairTerms[pairs] = id
        pairDocs[pairs] = doc
        pairWeights[pairs++] = Math.log1p(weightOf[id]!)
        weightOf[id] = 0
      }
      touched.length = 0
    })
    // Terms that only came after a text's first words have no postings and are no words of the catalogue.
    const counts = new Int32Array(nextId)
    for (let i = 0; i < pairs; i++) counts[pairTerms[i]!] = counts[pairTerms[i]!]! + 1
    for (const [term, id] of this.#termIds) if (counts[id] === 0) this.#termIds.delete(term)
    const starts = new Int32Array(nextId + 1)
    for (let id = 0; id < nextId; id++) starts[id + 1] = starts[id]! + counts[id]!
    const next = starts.slice(0, nextId)
    const docs = new Int32Array(pairs)
    const weights = new Float64Array(pairs)
    for (let i = 0; i < pairs; i++) {
      const at = next[pairTerms[i]!]!
      next[pairTerms[i]!] = at + 1
      docs[at] = pairDocs[i]!
      weights[at] = pairWeights[i]!
    }
    return { starts, docs, weights }
  }

  get size(): number {
    return this.#documents.length
  }

  #postingCount(id: number): number {
    return this.#starts[id + 1]! - this.#starts[id]!
  }

  /** Scores of the documents that match every word of the query; null (all of them) for an empty query. */
  #match(searchTerm: string): Match | null {
    const queryTerms = terms(searchTerm, this.language).flatMap((term) => this.#split(term))
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
      const { ids, weights } = this.#expand(term, position === queryTerms.length - 1)
      for (const [i, id] of ids.entries())
        touchedCount = scorePostings(
          found,
          this.#postingDocs,
          this.#postingWeights,
          this.#starts[id]!,
          this.#starts[id + 1]!,
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
   * What a query word matches in the vocabulary, each term with the weight its postings score: the word itself, the
   * compounds ending in it, its completions when it is the word being typed, and near spellings. It depends on the
   * vocabulary only, so each word's is worked out once (shoppers ask the same words again and again).
   */
  #expand(term: string, isLast: boolean): Expansion {
    const key = `${isLast ? '…' : ''}${term}`
    const known = this.#expansions.get(key)
    if (known) return known
    const n = this.#documents.length
    const idf = (id: number) => Math.log(1 + n / this.#postingCount(id))
    const exact = this.#termIds.get(term)
    // A near match never counts for more than the word itself would: its rarity is capped by the word's.
    const cap = exact === undefined ? Infinity : idf(exact)
    const expansion: Expansion = { ids: [], weights: [] }
    const add = (id: number, factor: number, rarity = idf(id)) => {
      expansion.ids.push(id)
      expansion.weights.push(Math.min(rarity, cap) * factor)
    }
    if (exact !== undefined) add(exact, 1)
    if (term.length >= MIN_COMPOUND_PART) {
      const suffix = reversed(term)
      for (let i = lowerBound(this.#reversed, suffix); i < this.#reversed.length; i++) {
        if (!this.#reversed[i]!.startsWith(suffix)) break
        if (this.#reversed[i]!.length > term.length) add(this.#reversedIds[i]!, COMPOUND_FACTOR)
      }
    }
    if (isLast || exact === undefined) {
      const typos = allowedTypos(term.length)
      const prefixed: number[] = []
      for (const candidate of this.#candidates(term)) {
        if (candidate === term) continue
        if (isLast && candidate.startsWith(term)) prefixed.push(this.#termIds.get(candidate)!)
        else if (typos > 0 && editDistance(term, candidate, typos) <= typos)
          add(this.#termIds.get(candidate)!, TYPO_FACTOR)
      }
      // The word being typed counts as one word: as rare as all its completions together, so 'pon' ranks the many
      // 'pony' products above one with a rare 'ponyeigenaar' in its text.
      if (prefixed.length > 0) {
        const seen = new Int32Array(this.#words)
        for (const id of prefixed)
          for (let p = this.#starts[id]!; p < this.#starts[id + 1]!; p++) setBit(seen, this.#postingDocs[p]!)
        const rarity = Math.log(1 + n / countBoth(seen, seen))
        for (const id of prefixed) add(id, PREFIX_FACTOR, rarity)
      }
    }
    if (this.#expansions.size >= MAX_EXPANSIONS) this.#expansions.clear()
    this.#expansions.set(key, expansion)
    return expansion
  }

  /**
   * A compound query word the catalogue does not have ('hooianalyse') as its two parts when both are words of the
   * catalogue ('hooi' + 'analyse'), so it finds what the texts write apart.
   */
  #split(term: string): string[] {
    if (term.length < 2 * MIN_SPLIT_PART || this.#termIds.has(term)) return [term]
    const splits = Array.from({ length: term.length - 2 * MIN_SPLIT_PART + 1 }, (_, k) => {
      const i = term.length - MIN_SPLIT_PART - k
      return [stem(term.slice(0, i), this.language), stem(term.slice(i), this.language)] as const
    })
    // Two words of the catalogue first ('kuil' + 'scan'); else a word and the part of one ('hooi' + 'analys…').
    const whole = splits.find(([left, right]) => this.#termIds.has(left) && this.#termIds.has(right))
    const part = whole ?? splits.find(([left, right]) => this.#termIds.has(left) && this.#isPartOfAWord(right))
    return part ? [...part] : [term]
  }

  /** Whether a catalogue word is, starts with or ends with this part ('analys' in 'analyseren', 'ruwvoeranalys'). */
  #isPartOfAWord(part: string): boolean {
    if (this.#termIds.has(part)) return true
    const suffix = reversed(part)
    return (
      (this.#vocabulary[lowerBound(this.#vocabulary, part)]?.startsWith(part) ?? false) ||
      (this.#reversed[lowerBound(this.#reversed, suffix)]?.startsWith(suffix) ?? false)
    )
  }

  /** Vocabulary words worth comparing with a query word: a shared first letter (typos rarely hit it) or a prefix. */
  #candidates(term: string): string[] {
    const first = term[0]!
    const result: string[] = []
    for (let i = lowerBound(this.#vocabulary, first); i < this.#vocabulary.length; i++) {
      if (!this.#vocabulary[i]!.startsWith(first)) break
      result.push(this.#vocabulary[i]!)
    }
    return result
  }

  /** The documents that pass one filter (a set of the index's own: never changed). */
  #passing(filter: FacetFilter): Bits {
    switch (filter.discriminator) {
      case 'multiSelect': {
        if (filter.selectedKeys.length === 0) return this.#all
        const perValue = this.#facetValues.get(filter.facetKey)
        const sets = filter.selectedKeys.flatMap((key) => perValue?.get(key) ?? [])
        if (sets.length <= 1) return sets[0] ?? this.#none
        const union = new Int32Array(this.#words)
        for (const bits of sets) for (let i = 0; i < union.length; i++) union[i] = union[i]! | bits[i]!
        return union
      }
      case 'singleSelect':
        return this.#facetValues.get(filter.facetKey)?.get(filter.selectedKey) ?? this.#none
      // A document passes a number filter when one of its values does (one of its variants is in the weight range).
      case 'rangeSlider':
        return this.#numbersIn(filter.facetKey, filter.selectedMinValue, filter.selectedMaxValue)
      case 'slider':
        return this.#numbersIn(filter.facetKey, -Infinity, filter.selectedValue)
    }
  }

  #numbersIn(facetKey: ProductFilterKey, min: number, max: number): Bits {
    const numbers = this.#numbers.get(facetKey)
    if (!numbers) return this.#none
    const bits = new Int32Array(this.#words)
    for (let i = lowerBound(numbers.values, min); i < numbers.values.length && numbers.values[i]! <= max; i++)
      setBit(bits, numbers.docs[i]!)
    return bits
  }

  /**
   * One page of the documents that match the query and the filters, with facet counts. `required` filters (a landing
   * page's selection) narrow the whole search, facets included; the request's own filters count as shoppers expect
   * from multi-select facets: each facet's counts ignore that facet's own filter.
   */
  search(request: SearchRequest, required: readonly FacetFilter[] = []): SearchResult {
    const match = this.#match(request.filter.searchTerm)
    // What the query and the required filters leave; then, per filtered facet key, what passes its filters.
    const base = match === null ? this.#all.slice() : bitsOf(match.docs, this.#words)
    for (const filter of required) andInto(base, this.#passing(filter))
    const filters = request.filter.filters
    const keys = [...new Set(filters.map((f) => f.facetKey))]
    const passing = keys.map((key) => {
      const bits = this.#all.slice()
      for (const filter of filters) if (filter.facetKey === key) andInto(bits, this.#passing(filter))
      return bits
    })
    const matched = base.slice()
    for (const bits of passing) andInto(matched, bits)
    const total = countBoth(matched, matched)

    const { page, pageSize } = request.pageInfo
    const start = (page - 1) * pageSize
    return {
      ids: this.#page(matched, total, match, request.pageInfo, start, pageSize),
      total,
      facets: this.#facets(base, matched, total, keys, passing),
    }
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

  /** Counts per facet value over the documents that pass every filter except the facet's own (multi-select UX). */
  #facets(base: Bits, matched: Bits, total: number, filterKeys: ProductFilterKey[], passing: Bits[]): FacetCount[] {
    return this.#facetKeys.map((facetKey) => {
      const own = filterKeys.indexOf(facetKey)
      let over = matched
      if (own >= 0) {
        over = base.slice()
        for (const [k, bits] of passing.entries()) if (k !== own) andInto(over, bits)
      }
      if ((own >= 0 ? countBoth(over, over) : total) === 0) return { facetKey, values: [], range: null }
      const values: { key: string; count: number }[] = []
      for (const [key, bits] of this.#facetValues.get(facetKey) ?? []) {
        const count = countBoth(over, bits)
        if (count > 0) values.push({ key, count })
      }
      return { facetKey, values, range: this.#range(facetKey, over) }
    })
  }

  /** The smallest and largest number of a numeric facet among a set of documents. */
  #range(facetKey: ProductFilterKey, over: Bits): { min: number; max: number } | null {
    const numbers = this.#numbers.get(facetKey)
    if (!numbers) return null
    let low = 0
    while (low < numbers.docs.length && !hasBit(over, numbers.docs[low]!)) low++
    if (low === numbers.docs.length) return null
    let high = numbers.docs.length - 1
    while (!hasBit(over, numbers.docs[high]!)) high--
    return { min: numbers.values[low]!, max: numbers.values[high]! }
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
