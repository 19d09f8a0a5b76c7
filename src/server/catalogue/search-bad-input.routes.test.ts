// Search with bad input: every malformed request is refused with its error, never a 500, and errors are translated.
import { describe, expect, it } from 'vitest'
import { SearchResponseSchema } from '../../domain/catalogue-api.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import {
  DATETIME,
  type Site,
  NL,
  IE,
  kilograms,
  multi,
  range,
  upTo,
  single,
  useCatalogueApi,
} from './catalogue-test-setup.ts'

describe.each(DIALECTS)('product search input on %s', (dialect) => {
  const { current, post, postRaw, searchAll, productsOf, expectError, ids, sorted } = useCatalogueApi(dialect)

  describe('POST /api/productsearch/search: bad input never gives a 500', () => {
    const searchUrl = '/api/productsearch/search'

    it.each([
      [
        'a facet key that does not exist',
        [{ discriminator: 'multiSelect', facetKey: 'colour', selectedKeys: ['red'] }],
      ],
      ['a multiSelect without selectedKeys', [{ discriminator: 'multiSelect', facetKey: 'horseType' }]],
      ['a rangeSlider with the bounds as strings', [{ ...range(1, 2), selectedMinValue: '1' }]],
      ['a filter that is no object', ['sale']],
    ])('refuses %s with 400 invalidBody', async (_, filters) => {
      expectError(await post(searchUrl, { filter: { filters } }), 400, 'invalidBody')
    })

    it.each([
      ['a name no kind has', 'checkbox'],
      ['another case', 'MultiSelect'],
      ['an empty string', ''],
      ['a number', 42],
      ['null', null],
      ['no discriminator at all', undefined],
    ])('refuses an unknown discriminator (%s) with 400 unknownFacetFilter and the API’s message', async (_, d) => {
      const filters = [single('sale', 'yes'), { discriminator: d, facetKey: 'horseType', selectedKeys: ['pony'] }]
      const body = expectError(await post(searchUrl, { filter: { filters } }), 400, 'unknownFacetFilter')
      expect(body.message).toMatch(/^Could not create an instance of the abstract type ProductSearchFacetFilter\b/)
      expect(body.message).toContain(`'${String(d)}' of filter 1`)
    })

    it.each([
      ['a negative page size', { pageSize: -1 }],
      ['a page size of 0', { pageSize: 0 }],
      ['a page size above 96', { pageSize: 97 }],
      ['a huge page size', { pageSize: 1e12 }],
      ['a fractional page size', { pageSize: 2.5 }],
      ['a page size as a string', { pageSize: '24' }],
      ['a negative page', { page: -1 }],
      ['page 0', { page: 0 }],
      ['a fractional page', { page: 1.5 }],
      ['a page past the last one there can be', { page: 10_001 }],
      ['a page beyond safe integers', { page: 2 ** 53 }],
      ['page 1e308', { page: 1e308 }],
      ['an unknown sort', { sort: 'popularity' }],
      ['descending as a string', { descending: 'yes' }],
    ])('refuses %s with 400', async (_, pageInfo) => {
      expectError(await post(searchUrl, { filter: {}, pageInfo }), 400, 'invalidBody')
    })

    it.each([
      ['a minimum above the maximum', range(30, 10)],
      ['a range above every weight', range(1e308, 1e308)],
      ['a range below every weight', range(-1e308, -1)],
      ['a slider below every weight', upTo(-1e308)],
    ])('answers %s with an empty result', async (_, filter) => {
      expect(await searchAll({ filters: [filter] })).toMatchObject({ results: [], totalCount: 0 })
    })

    it('answers the widest range (±1e308) with every product that has a weight', async () => {
      const products = await productsOf()
      const response = await searchAll({ filters: [range(-1e308, 1e308)] })
      expect(sorted(ids(response.results))).toEqual(
        sorted(products.filter((p) => kilograms(p).length > 0).map((p) => p.productId)),
      )
    })

    it.each([
      [
        'NaN as a string',
        '{"filter":{"filters":[{"discriminator":"slider","facetKey":"weightClass","selectedValue":"NaN"}]}}',
      ],
      [
        'a bare NaN',
        '{"filter":{"filters":[{"discriminator":"slider","facetKey":"weightClass","selectedValue":NaN}]}}',
      ],
      [
        'a number too large for a double (1e309)',
        '{"filter":{"filters":[{"discriminator":"rangeSlider","facetKey":"weightClass","selectedMinValue":0,"selectedMaxValue":1e309}]}}',
      ],
      [
        'a number too small for a double (-1e309)',
        '{"filter":{"filters":[{"discriminator":"rangeSlider","facetKey":"weightClass","selectedMinValue":-1e309,"selectedMaxValue":0}]}}',
      ],
      [
        'null bounds',
        '{"filter":{"filters":[{"discriminator":"slider","facetKey":"weightClass","selectedValue":null}]}}',
      ],
    ])('refuses %s with 400', async (_, payload) => {
      const res = await postRaw(searchUrl, payload, 'application/json')
      expect(['invalidBody', 'malformedJson']).toContain(expectError(res, 400, res.json().code).code)
    })

    it('accepts a search term of 200 characters and refuses one of 201 or of 10 KB', async () => {
      expect(await searchAll({ searchTerm: 'a'.repeat(200) })).toMatchObject({ totalCount: 0 })
      expectError(await post(searchUrl, { filter: { searchTerm: 'a'.repeat(201) } }), 400, 'invalidBody')
      expectError(await post(searchUrl, { filter: { searchTerm: 'muesli '.repeat(1463) } }), 400, 'invalidBody')
    })

    it('refuses more than 50 filters', async () => {
      const filters = Array.from({ length: 51 }, () => multi('horseType', 'pony'))
      expectError(await post(searchUrl, { filter: { filters } }), 400, 'invalidBody')
    })

    it.each([
      ['an emoji', '"🐴"'],
      ['an emoji sequence joined by zero-width joiners', '"👩‍👩‍👧‍👦"'],
      ['Arabic (right to left)', '"علف الخيل"'],
      ['Hebrew with a right-to-left mark', '"\\u200fמזון לסוסים"'],
      ['a zero-width joiner inside a word', '"pony\\u200dmuesli"'],
      ['a pile of combining marks', '"m\\u0301\\u0302\\u0303\\u0304\\u0305uesli"'],
      ['a NUL character', '"muesli\\u0000"'],
      ['only a NUL character', '"\\u0000"'],
      ['a lone high surrogate', '"\\ud800"'],
      ['a lone low surrogate inside a word', '"mue\\udc00sli"'],
      ['a byte order mark', '"\\ufeffmuesli"'],
      ['control characters', '"\\u0001\\u0007\\u001b[31m"'],
    ])('answers a term with %s with 200 and a valid body, or 400', async (_, term) => {
      for (const filters of [
        '[]',
        '[{"discriminator":"multiSelect","facetKey":"horseType","selectedKeys":[' + term + ']}]',
      ]) {
        const res = await postRaw(
          searchUrl,
          `{"filter":{"searchTerm":${term},"filters":${filters}}}`,
          'application/json',
        )
        expect([200, 400]).toContain(res.statusCode)
        if (res.statusCode === 200) SearchResponseSchema.parse(res.json())
        else expectError(res, 400, res.json().code)
      }
    })

    it.each([
      ['text that is not JSON', 'not json', 'application/json', 'malformedJson'],
      ['JSON cut off half-way', '{"filter":{"searchTerm":"mu', 'application/json', 'malformedJson'],
      ['an empty JSON body', '', 'application/json', 'malformedJson'],
      ['plain text', 'muesli', 'text/plain', 'invalidBody'],
      ['an array', '[]', 'application/json', 'invalidBody'],
      ['null', 'null', 'application/json', 'invalidBody'],
      ['an empty object', '{}', 'application/json', 'invalidBody'],
      ['a filter that is a string', '{"filter":"muesli"}', 'application/json', 'invalidBody'],
      ['filters that are an object', '{"filter":{"filters":{}}}', 'application/json', 'invalidBody'],
      ['a search term that is a number', '{"filter":{"searchTerm":7}}', 'application/json', 'invalidBody'],
      ['pageInfo that is an array', '{"filter":{},"pageInfo":[]}', 'application/json', 'invalidBody'],
      ['a landing page id that is no id', '{"filter":{},"landingpageId":-1}', 'application/json', 'invalidBody'],
    ])('refuses %s with 400', async (_, payload, contentType, code) => {
      expectError(await postRaw(searchUrl, payload, contentType), 400, code)
    })

    it('refuses a body above the size limit with 413', async () => {
      const payload = JSON.stringify({ filter: { searchTerm: 'x'.repeat(70_000) } })
      expectError(await postRaw(searchUrl, payload, 'application/json'), 413, 'bodyTooLarge')
    })

    it('refuses a request without a body with 400', async () => {
      const res = await current().app.inject({ method: 'POST', url: searchUrl, headers: { ...NL } })
      expectError(res, 400, 'invalidBody')
    })
  })

  describe('errors are translated', () => {
    it.each([
      [
        'an unknown discriminator',
        'POST',
        '/api/productsearch/search',
        '{"filter":{"filters":[{"discriminator":"x"}]}}',
      ],
      ['a bad page size', 'POST', '/api/productsearch/search', '{"filter":{},"pageInfo":{"pageSize":0}}'],
      ['a body that is not JSON', 'POST', '/api/productsearch/search', '{'],
      ['an over-long autocomplete term', 'GET', `/api/productsearch/autocomplete?term=${'a'.repeat(101)}`, undefined],
      ['a missing autocomplete term', 'GET', '/api/productsearch/autocomplete', undefined],
      ['a product this site does not sell', 'GET', '/api/products/41', undefined],
      ['a malformed product id', 'GET', '/api/products/abc', undefined],
      ['an orderable variant', 'POST', '/api/stockreminders', '{"productVariantId":101,"emailAddress":"a@b.nl"}'],
      ['a bad e-mail address', 'POST', '/api/stockreminders', '{"productVariantId":4001,"emailAddress":"nope"}'],
    ] as const)('answers %s in the request’s language', async (_, method, url, payload) => {
      const send = (site: Site) =>
        current().app.inject({
          method,
          url,
          ...(payload === undefined ? {} : { payload }),
          headers: { datetime: DATETIME, 'content-type': 'application/json', ...site },
        })
      const [nl, en] = await Promise.all([send(NL), send(IE)])
      const nlBody = expectError(nl, nl.statusCode, nl.json().code)
      const enBody = expectError(en, nl.statusCode, nlBody.code)
      expect(nl.statusCode).toBeGreaterThanOrEqual(400)
      expect(nl.statusCode).toBeLessThan(500)
      expect(enBody.message).toBe(nlBody.message)
      expect(enBody.localizedMessage).not.toBe(nlBody.localizedMessage)
    })
  })
})
