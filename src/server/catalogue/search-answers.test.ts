// Which search answers are kept: from the second asking of a request, not the first, so that one-off searches are
// neither kept nor push out the answers every visitor asks for.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { ProductSummary, SearchResponse } from '../../domain/catalogue-api.ts'
import { SearchRequestSchema, type SearchRequest } from '../../domain/catalogue.ts'
import type { CatalogueSearch } from '../../domain/search/catalogue-search.ts'
import { EncodedBody, OnceBody } from '../http/encoded-body.ts'
import { SEARCH_ANSWERS_KEPT, SEARCH_REQUESTS_SEEN, SearchAnswers } from './search-answers.ts'

/** A catalogue search that counts how often it searched and answers each request with its own term. */
function countingSearch() {
  const searched: string[] = []
  const search = {
    search(request: SearchRequest): SearchResponse {
      searched.push(request.filter.searchTerm)
      return { results: [], totalCount: searched.length, pageInfo: request.pageInfo, facets: [] }
    },
  } as unknown as CatalogueSearch
  return { search, searched }
}
const request = (searchTerm: string) => SearchRequestSchema.parse({ filter: { searchTerm } })

/** What the route does with an answer: send it (a new answer is searched and written only then). */
function sent<T extends EncodedBody | OnceBody>(answer: T, payloads: unknown[] = []): T {
  const reply = {
    type: () => reply,
    header: () => reply,
    hasHeader: () => false,
    send: (payload: unknown) => (payloads.push(payload), reply),
  }
  answer.send(
    { method: 'POST', headers: { 'accept-encoding': 'identity' } } as unknown as FastifyRequest,
    reply as unknown as FastifyReply,
  )
  return answer
}
/** A search asked for and sent. */
const ask = (answers: SearchAnswers, search: CatalogueSearch, searchTerm: string) =>
  sent(answers.search(search, request(searchTerm)))

describe('SearchAnswers', () => {
  it('keeps an answer from the second asking on, and answers the third from it', () => {
    const answers = new SearchAnswers()
    const { search, searched } = countingSearch()
    const first = ask(answers, search, 'muesli')
    const second = ask(answers, search, 'muesli')
    const third = ask(answers, search, 'muesli')
    expect(searched).toEqual(['muesli', 'muesli'])
    expect(first).toBeInstanceOf(OnceBody)
    expect(second).toBeInstanceOf(EncodedBody)
    expect(third).toBe(second)
    expect(JSON.parse((third as EncodedBody).bytes.toString('utf8'))).toMatchObject({ totalCount: 2, results: [] })
  })

  it('writes an answer as JSON.stringify does, new and kept', () => {
    const response: SearchResponse = {
      results: [
        { productId: 7, name: 'Sport "Müsli" \\ 20 kg' },
        { productId: 8, name: 'Veulen (0–1 jaar) 🐴' },
      ] as unknown as ProductSummary[],
      totalCount: 1_234_567,
      pageInfo: { page: 2, pageSize: 2, sort: 'price', descending: true },
      facets: [
        {
          facetKey: 'horseType',
          discriminator: 'multiSelect',
          values: [
            { key: 'foal', label: 'Veulen (0–1 jaar)', count: 0 },
            { key: 'sport', label: 'Sport "paard"', count: 10 },
          ],
          range: null,
        },
        { facetKey: 'weightClass', discriminator: 'rangeSlider', values: [], range: { min: 0.5, max: 25 } },
        {
          facetKey: 'sale',
          discriminator: 'singleSelect',
          values: [{ key: 'yes', label: 'Aanbieding', count: 3 }],
          range: null,
        },
      ],
    }
    const search = { search: () => response } as unknown as CatalogueSearch
    const answers = new SearchAnswers()
    const expected = JSON.stringify({
      totalCount: response.totalCount,
      pageInfo: response.pageInfo,
      facets: response.facets,
      results: response.results,
    })
    const payloads: unknown[] = []
    sent(answers.search(search, request('muesli')), payloads)
    const kept = sent(answers.search(search, request('muesli')), payloads)
    expect(String(payloads[0])).toBe(expected)
    expect(String(payloads[1])).toBe(expected)
    expect((kept as EncodedBody).bytes.toString('utf8')).toBe(expected)
    // Written again from the parts written out before.
    sent(answers.search(search, request('haver')), payloads)
    expect(String(payloads[2])).toBe(expected)
  })

  it('searches a new answer when it is sent, not before', () => {
    const answers = new SearchAnswers()
    const { search, searched } = countingSearch()
    const answer = answers.search(search, request('muesli'))
    expect(searched).toEqual([])
    sent(answer)
    expect(searched).toEqual(['muesli'])
  })

  it('keeps the answers asked for again while one-off searches pass through', () => {
    const answers = new SearchAnswers()
    const { search, searched } = countingSearch()
    ask(answers, search, 'muesli')
    const kept = ask(answers, search, 'muesli')
    // More one-off searches than the cache holds answers: none of them is kept, so none pushes 'muesli' out.
    for (let i = 0; i < SEARCH_ANSWERS_KEPT + 10; i++) ask(answers, search, `once ${i}`)
    expect(ask(answers, search, 'muesli')).toBe(kept)
    expect(searched.filter((term) => term === 'muesli')).toHaveLength(2)
  })

  it('forgets a request asked once when many other requests came since', () => {
    const answers = new SearchAnswers()
    const { search, searched } = countingSearch()
    ask(answers, search, 'muesli')
    for (let i = 0; i < SEARCH_REQUESTS_SEEN; i++) ask(answers, search, `once ${i}`)
    ask(answers, search, 'muesli')
    ask(answers, search, 'muesli')
    // Asked again after it was forgotten: counted as a first asking, so only the one after that is kept.
    expect(searched.filter((term) => term === 'muesli')).toHaveLength(3)
    ask(answers, search, 'muesli')
    expect(searched.filter((term) => term === 'muesli')).toHaveLength(3)
  })

  it('keeps the answers of two catalogue searches apart', () => {
    const answers = new SearchAnswers()
    const one = countingSearch()
    const other = countingSearch()
    for (let i = 0; i < 3; i++) ask(answers, one.search, 'muesli')
    ask(answers, other.search, 'muesli')
    expect(one.searched).toHaveLength(2)
    expect(other.searched).toHaveLength(1)
  })
})
