// Search and autocomplete answers kept written out (and compressed once per encoding) for each catalogue in memory.
// A shop's searches repeat: every visitor of a category page sends the same request, and suggestions are asked for
// the same first letters. The key is the request as validated (so equal requests written differently share it) on one
// catalogue search: a new catalogue version or day makes a new search object, and the old one's answers are never
// asked for again and age out of the cache.
// An answer is kept from the second time its request comes within a while, not the first: most searches a shopper
// types are asked once, and keeping each of them (a new search every request at a few thousand a second) made every
// answer live just long enough to be copied out of the young generation and promoted, then die there, which cost a
// full mark-compact every half second and a third of the server's time per request. It also keeps one-off searches
// from pushing the answers of category pages, which every visitor asks for, out of the cache.
import type { ProductSummary, SearchResponse } from '../../domain/catalogue-api.ts'
import type { SearchRequest } from '../../domain/catalogue.ts'
import type { CatalogueSearch } from '../../domain/search/catalogue-search.ts'
import { TtlCache } from '../../domain/ttl-cache.ts'
import { EncodedBody } from '../http/encoded-body.ts'

/** Answers kept per server, over all sites and languages: about 10 KB each, a few MB in all. */
export const SEARCH_ANSWERS_KEPT = 500
/** No answer outlives its catalogue version anyway; the time only bounds memory held for a catalogue left unused. */
const KEPT_FOR_MS = 10 * 60_000
/** Requests remembered as asked once (their keys only), so that the second asking keeps the answer. */
export const SEARCH_REQUESTS_SEEN = 500

export class SearchAnswers {
  readonly #answers = new TtlCache<string, EncodedBody>(SEARCH_ANSWERS_KEPT, KEPT_FOR_MS)
  readonly #seen = new TtlCache<string, true>(SEARCH_REQUESTS_SEEN, KEPT_FOR_MS)
  readonly #serials = new WeakMap<CatalogueSearch, number>()
  #nextSerial = 1
  /** Each product summary written out once (CatalogueSearch hands out the same summary object for a product). */
  readonly #summaries = new WeakMap<ProductSummary, string>()

  #key(search: CatalogueSearch, kind: string, request: unknown): string {
    let serial = this.#serials.get(search)
    if (serial === undefined) this.#serials.set(search, (serial = this.#nextSerial++))
    return `${serial}\n${kind}\n${JSON.stringify(request)}`
  }

  #summary(summary: ProductSummary): string {
    let json = this.#summaries.get(summary)
    if (json === undefined) this.#summaries.set(summary, (json = JSON.stringify(summary)))
    return json
  }

  search(search: CatalogueSearch, request: SearchRequest): EncodedBody {
    return this.#answer(this.#key(search, 'search', request), () => this.#write(search.search(request)))
  }

  autocomplete(search: CatalogueSearch, term: string): EncodedBody {
    return this.#answer(this.#key(search, 'autocomplete', term), () => {
      const { products, ...rest } = search.autocomplete(term)
      const list = products.map((p) => this.#summary(p)).join(',')
      return `${JSON.stringify(rest).slice(0, -1)},"products":[${list}]}`
    })
  }

  /** The kept answer to a request, else a new one, kept if the request was asked once before. */
  #answer(key: string, write: () => string): EncodedBody {
    const kept = this.#answers.get(key)
    if (kept) return kept
    const answer = new EncodedBody(write())
    if (this.#seen.get(key)) {
      this.#seen.delete(key)
      this.#answers.set(key, answer)
    } else {
      this.#seen.set(key, true)
    }
    return answer
  }

  /** The answer as JSON, with the product summaries already written out spliced in. */
  #write({ results, ...rest }: SearchResponse): string {
    const list = results.map((s) => this.#summary(s)).join(',')
    return `${JSON.stringify(rest).slice(0, -1)},"results":[${list}]}`
  }
}
