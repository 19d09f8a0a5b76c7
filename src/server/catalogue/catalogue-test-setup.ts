// What the catalogue API's route tests share: the sites they ask, the moment they ask at, filters built the way the
// app builds them, and a test app with requests to it (search, the sync snapshot, an error with its code).
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import {
  CatalogueSyncSchema,
  SearchResponseSchema,
  type ProductSummary,
  type SearchResponse,
} from '../../domain/catalogue-api.ts'
import type { FacetFilter, ProductFilterKey } from '../../domain/catalogue.ts'
import { ApiErrorSchema, type ApiError } from '../../domain/errors.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import type { Dialect } from '../db/database.ts'

/** The moment of every request: pinned, so which products count as new (created in the 60 days before) is fixed. */
export const DATETIME = '2026-11-24T12:00:00Z'
export const TODAY = Date.UTC(2026, 10, 24)

export type Site = Record<string, string>
export const NL: Site = { host: HOSTS.nl }
export const DE: Site = { host: HOSTS.de }
export const BE_NL: Site = { host: HOSTS.be, languageid: String(LANG['nl-BE']) }
export const BE_FR: Site = { host: HOSTS.be, languageid: String(LANG['fr-BE']) }
/** The Irish site, in English: the same catalogue as the Dutch one, other texts. */
export const IE: Site = { host: 'equivera-ie.localhost' }

/** The weights (or contents) of a product's packed variants, in kilograms: what the weight filters look at. */
export function kilograms(product: CatalogueProduct): number[] {
  return product.variants.flatMap((v) => {
    const amount = v.weightGrams ?? v.contentMillilitres
    return v.package === 'piece' || amount === null ? [] : [amount / 1000]
  })
}
export const cheapest = (product: CatalogueProduct) => Math.min(...product.variants.map((v) => v.price))

export const multi = (facetKey: ProductFilterKey, ...selectedKeys: string[]): FacetFilter => ({
  discriminator: 'multiSelect',
  facetKey,
  selectedKeys,
})
export const range = (selectedMinValue: number, selectedMaxValue: number): FacetFilter => ({
  discriminator: 'rangeSlider',
  facetKey: 'weightClass',
  selectedMinValue,
  selectedMaxValue,
})
export const upTo = (selectedValue: number): FacetFilter => ({
  discriminator: 'slider',
  facetKey: 'weightClass',
  selectedValue,
})
export const single = (facetKey: ProductFilterKey, selectedKey: string): FacetFilter => ({
  discriminator: 'singleSelect',
  facetKey,
  selectedKey,
})

/** For a describe block: the test app on a dialect, and requests to its catalogue API (the Dutch site by default). */
export function useCatalogueApi(dialect: Dialect) {
  const { current } = useTestApp(dialect)

  const post = (url: string, body: unknown, site: Site = NL) =>
    current().app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { datetime: DATETIME, ...site },
    })
  const postRaw = (url: string, payload: string, contentType: string, site: Site = NL) =>
    current().app.inject({
      method: 'POST',
      url,
      payload,
      headers: { datetime: DATETIME, 'content-type': contentType, ...site },
    })
  const get = (url: string, site: Site = NL) =>
    current().app.inject({ method: 'GET', url, headers: { datetime: DATETIME, ...site } })

  async function search(body: unknown, site: Site = NL): Promise<SearchResponse> {
    const res = await post('/api/productsearch/search', body, site)
    expect(res.statusCode, res.body).toBe(200)
    return SearchResponseSchema.parse(res.json())
  }
  /** Every match in one page (the largest catalogue has 45 products, a page may hold 96). */
  const searchAll = (filter: object, site: Site = NL, pageInfo: object = {}, extra: object = {}) =>
    search({ filter, pageInfo: { pageSize: 96, ...pageInfo }, ...extra }, site)

  async function snapshot(site: Site = NL) {
    const res = await get('/api/catalogue/sync?since=0', site)
    expect(res.statusCode).toBe(200)
    return CatalogueSyncSchema.parse(res.json())
  }
  const productsOf = async (site: Site = NL) => (await snapshot(site)).products

  function expectError(res: LightMyRequestResponse, status: number, code: string): ApiError {
    expect(res.statusCode, res.body).toBe(status)
    const body = ApiErrorSchema.parse(res.json())
    expect(body).toMatchObject({ status, code })
    expect(body.message).not.toBe('')
    expect(body.localizedMessage.trim()).not.toBe('')
    return body
  }

  const ids = (results: ProductSummary[]) => results.map((r) => r.productId)
  const sorted = (numbers: Iterable<number>) => [...numbers].toSorted((a, b) => a - b)

  return { current, post, postRaw, get, search, searchAll, snapshot, productsOf, expectError, ids, sorted }
}
