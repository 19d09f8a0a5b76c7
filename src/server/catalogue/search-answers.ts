// Search and autocomplete answers kept written out (and compressed once per encoding) for each catalogue in memory.
// A shop's searches repeat: every visitor of a category page sends the same request, and suggestions are asked for
// the same first letters. The key is the request as validated (so equal requests written differently share it) on one
// catalogue search: a new catalogue version or day makes a new search object, and the old one's answers are never
// asked for again and age out of the cache.
// An answer is kept from the second time its request comes (among the last SEARCH_REQUESTS_SEEN asked once), not the
// first: most searches a shopper types are asked once, and keeping each of them (a new search every request at a few
// thousand a second) made every answer live just long enough to be copied out of the young generation and promoted,
// then die there, which cost a full mark-compact every half second and a quarter of the server's time per request.
// It also keeps one-off searches from pushing the answers of category pages, which every visitor asks for, out of the
// cache. The requests asked once are remembered as small-integer hashes, for the same reason: a kept key string and
// its cache entry per request still cost a mark-compact a second.
import type { FacetResult, ProductSummary, SearchResponse } from '../../domain/catalogue-api.ts'
import type { SearchRequest } from '../../domain/catalogue.ts'
import type { CatalogueSearch } from '../../domain/search/catalogue-search.ts'
import { TtlCache } from '../../domain/ttl-cache.ts'
import { EncodedBody, OnceBody } from '../http/encoded-body.ts'
import { COMMA, JsonBytes, jsonWithList, listOf } from '../http/json-bytes.ts'

const CLOSE_BRACE = 0x7d

/** Answers kept per server, over all sites and languages: about 10 KB each, a few MB in all. */
export const SEARCH_ANSWERS_KEPT = 500
/** No answer outlives its catalogue version anyway; the time only bounds memory held for a catalogue left unused. */
const KEPT_FOR_MS = 10 * 60_000
/** Requests remembered as asked once, so that the second asking keeps the answer. */
export const SEARCH_REQUESTS_SEEN = 500

/**
 * The last `size` requests asked once, as 30-bit hashes of their keys (small integers, which V8 keeps in the set
 * itself: nothing per request to collect). Two requests with the same hash count as one: at worst an answer is kept
 * at its first asking.
 */
class AskedOnce {
  readonly #hashes = new Set<number>()
  /** The hashes in the order they came, the oldest overwritten first. */
  readonly #order: Int32Array
  #next = 0

  constructor(size: number) {
    this.#order = new Int32Array(size).fill(-1)
  }

  /** Whether the key was asked once before (then forgotten, as it is answered from the cache now); else remembered. */
  askedBefore(key: string): boolean {
    const hash = hashOf(key)
    if (this.#hashes.delete(hash)) return true
    const oldest = this.#order[this.#next]!
    if (oldest >= 0) this.#hashes.delete(oldest)
    this.#order[this.#next] = hash
    this.#next = (this.#next + 1) % this.#order.length
    this.#hashes.add(hash)
    return false
  }
}

/** FNV-1a over the UTF-16 code units, cut to 30 bits. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash & 0x3fffffff
}

export class SearchAnswers {
  readonly #answers = new TtlCache<string, EncodedBody>(SEARCH_ANSWERS_KEPT, KEPT_FOR_MS)
  readonly #askedOnce = new AskedOnce(SEARCH_REQUESTS_SEEN)
  readonly #serials = new WeakMap<CatalogueSearch, number>()
  #nextSerial = 1
  /**
   * Each product summary written out once, as UTF-8 (CatalogueSearch hands out the same summary object for a
   * product): an answer copies these bytes in.
   */
  readonly #summaries = new WeakMap<ProductSummary, Buffer>()
  /** What starts a facet in an answer, up to its values' list, by facet key and discriminator. */
  readonly #facetHeads = new Map<string, Buffer>()
  /**
   * What starts a facet value in an answer, up to its count, by facet key, value key and label: a catalogue's labels
   * in its languages, so a few hundred at most.
   */
  readonly #valueHeads = new Map<string, Map<string, Map<string, Buffer>>>()

  #key(search: CatalogueSearch, kind: string, request: unknown): string {
    let serial = this.#serials.get(search)
    if (serial === undefined) this.#serials.set(search, (serial = this.#nextSerial++))
    return `${serial}\n${kind}\n${JSON.stringify(request)}`
  }

  #summary(summary: ProductSummary): Buffer {
    let bytes = this.#summaries.get(summary)
    if (bytes === undefined) this.#summaries.set(summary, (bytes = Buffer.from(JSON.stringify(summary))))
    return bytes
  }

  search(search: CatalogueSearch, request: SearchRequest): EncodedBody | OnceBody {
    return this.#answer(this.#key(search, 'search', request), () => this.#searchBytes(search.search(request)))
  }

  autocomplete(search: CatalogueSearch, term: string): EncodedBody | OnceBody {
    return this.#answer(this.#key(search, 'autocomplete', term), () => {
      const { products, ...rest } = search.autocomplete(term)
      return jsonWithList(
        JSON.stringify(rest),
        'products',
        products.map((summary) => this.#summary(summary)),
      )
    })
  }

  /**
   * A search answer's bytes, the JSON that JSON.stringify writes of it (the same keys in the same order): the
   * summaries and each facet's and facet value's keys and labels are written out once and copied in, the numbers and
   * the page written per answer. Writing the facets out per answer took a tenth of a new search's time under load.
   */
  #searchBytes(response: SearchResponse): Buffer {
    const { totalCount, pageInfo, facets, results, ...others } = response
    // A field added to the answer must be written here too.
    others satisfies Record<string, never>
    const json = new JsonBytes().text('{"totalCount":').number(totalCount)
    json.text(',"pageInfo":').text(JSON.stringify(pageInfo)).text(',"facets":[')
    facets.forEach((facet, i) => {
      if (i > 0) json.char(COMMA)
      json.bytes(this.#facetHead(facet))
      facet.values.forEach((value, j) => {
        if (j > 0) json.char(COMMA)
        json.bytes(this.#valueHead(facet.facetKey, value)).number(value.count).char(CLOSE_BRACE)
      })
      json.text('],"range":').text(JSON.stringify(facet.range)).char(CLOSE_BRACE)
    })
    json.text('],"results":')
    return listOf(
      json,
      results.map((summary) => this.#summary(summary)),
    )
      .char(CLOSE_BRACE)
      .done()
  }

  #facetHead({ facetKey, discriminator }: FacetResult): Buffer {
    const key = `${facetKey} ${discriminator}`
    let head = this.#facetHeads.get(key)
    if (head === undefined) {
      const written = JSON.stringify({ facetKey, discriminator, values: [] })
      this.#facetHeads.set(key, (head = Buffer.from(written.slice(0, -2))))
    }
    return head
  }

  #valueHead(facetKey: string, { key, label }: FacetResult['values'][number]): Buffer {
    let byKey = this.#valueHeads.get(facetKey)
    if (byKey === undefined) this.#valueHeads.set(facetKey, (byKey = new Map()))
    let byLabel = byKey.get(key)
    if (byLabel === undefined) byKey.set(key, (byLabel = new Map()))
    let head = byLabel.get(label)
    if (head === undefined) {
      const written = JSON.stringify({ key, label, count: 0 })
      byLabel.set(label, (head = Buffer.from(written.slice(0, -2))))
    }
    return head
  }

  /**
   * The kept answer to a request, else a new one, kept if the request was asked once before. `write` gives the
   * answer's bytes, valid until the next answer is written (json-bytes.ts): a new answer is written when it is sent, a
   * kept one copies them.
   */
  #answer(key: string, write: () => Buffer): EncodedBody | OnceBody {
    const kept = this.#answers.get(key)
    if (kept) return kept
    if (!this.#askedOnce.askedBefore(key)) return new OnceBody(write)
    const answer = new EncodedBody(write())
    this.#answers.set(key, answer)
    return answer
  }
}
