// Which search answers are kept: from the second asking of a request, not the first, so that one-off searches are
// neither kept nor push out the answers every visitor asks for.
import { describe, expect, it } from 'vitest'
import type { SearchResponse } from '../../domain/catalogue-api.ts'
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

describe('SearchAnswers', () => {
  it('keeps an answer from the second asking on, and answers the third from it', () => {
    const answers = new SearchAnswers()
    const { search, searched } = countingSearch()
    const first = answers.search(search, request('muesli'))
    const second = answers.search(search, request('muesli'))
    const third = answers.search(search, request('muesli'))
    expect(searched).toEqual(['muesli', 'muesli'])
    expect(first).toBeInstanceOf(OnceBody)
    expect(second).toBeInstanceOf(EncodedBody)
    expect(third).toBe(second)
    expect(JSON.parse((third as EncodedBody).bytes.toString('utf8'))).toMatchObject({ totalCount: 2, results: [] })
  })

  it('keeps the answers asked for again while one-off searches pass through', () => {
    const answers = new SearchAnswers()
    const { search, searched } = countingSearch()
    answers.search(search, request('muesli'))
    const kept = answers.search(search, request('muesli'))
    // More one-off searches than the cache holds answers: none of them is kept, so none pushes 'muesli' out.
    for (let i = 0; i < SEARCH_ANSWERS_KEPT + 10; i++) answers.search(search, request(`once ${i}`))
    expect(answers.search(search, request('muesli'))).toBe(kept)
    expect(searched.filter((term) => term === 'muesli')).toHaveLength(2)
  })

  it('forgets a request asked once when many other requests came since', () => {
    const answers = new SearchAnswers()
    const { search, searched } = countingSearch()
    answers.search(search, request('muesli'))
    for (let i = 0; i < SEARCH_REQUESTS_SEEN; i++) answers.search(search, request(`once ${i}`))
    answers.search(search, request('muesli'))
    answers.search(search, request('muesli'))
    // Asked again after it was forgotten: counted as a first asking, so only the one after that is kept.
    expect(searched.filter((term) => term === 'muesli')).toHaveLength(3)
    answers.search(search, request('muesli'))
    expect(searched.filter((term) => term === 'muesli')).toHaveLength(3)
  })

  it('keeps the answers of two catalogue searches apart', () => {
    const answers = new SearchAnswers()
    const one = countingSearch()
    const other = countingSearch()
    for (let i = 0; i < 3; i++) answers.search(one.search, request('muesli'))
    answers.search(other.search, request('muesli'))
    expect(one.searched).toHaveLength(2)
    expect(other.searched).toHaveLength(1)
  })
})
