// The back-office stock API on real databases: the token before anything else, the body's rules, an unknown variant
// refusing the whole update, and a good update reaching search, product pages and the offline sync at once, audited.
import { describe, expect, it } from 'vitest'
import { StockUpdateResultSchema } from '../../domain/backoffice-api.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { CatalogueSyncSchema, SearchResponseSchema } from '../../domain/catalogue-api.ts'
import { CatalogueProductSchema } from '../../domain/product.ts'
import { catalogueVersion } from '../catalogue/catalogue.repository.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { findAudit } from './backoffice.repository.ts'

const TOKEN = 'back-office-test-token-0123456789abcdefghij'
const bearer = { authorization: `Bearer ${TOKEN}` }

describe.each(DIALECTS)('the back-office stock API on %s', (dialect) => {
  const { current } = useTestApp(dialect, { env: { BACKOFFICE_TOKEN: TOKEN } })
  const db = () => current().database.handle.db

  const put = (payload: unknown, headers: Record<string, string> = bearer) =>
    current().app.inject({ method: 'PUT', url: '/api/backoffice/stock', payload: payload as object, headers })

  async function stockOf(...ids: number[]) {
    const rows = await db()
      .selectFrom('variantStock')
      .select(['variantId', 'amount'])
      .where('variantId', 'in', ids)
      .orderBy('variantId')
      .execute()
    return rows.map((r) => [r.variantId, r.amount])
  }

  async function cardOf(productId: number) {
    const res = await current().app.inject({
      method: 'POST',
      url: '/api/productsearch/search',
      payload: { filter: {}, pageInfo: { pageSize: 96 } },
      headers: { host: HOSTS.nl },
    })
    return SearchResponseSchema.parse(res.json()).results.find((r) => r.productId === productId)
  }

  async function sync(since: number) {
    const res = await current().app.inject({
      method: 'GET',
      url: `/api/catalogue/sync?since=${since}`,
      headers: { host: HOSTS.nl },
    })
    return CatalogueSyncSchema.parse(res.json())
  }

  describe('the token', () => {
    it.each([
      ['no Authorization header', {}],
      ['a wrong token', { authorization: `Bearer ${TOKEN.replace('0', '1')}` }],
      ['the token without its scheme', { authorization: TOKEN }],
      ['the token as Basic credentials', { authorization: `Basic ${TOKEN}` }],
      ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 32)}` }],
    ])('refuses %s with 401, the same answer each time, before reading the body', async (_, headers) => {
      const res = await put([{ productVariantId: -1 }], headers)
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer')
      expect(ApiErrorSchema.parse(res.json())).toEqual({
        status: 401,
        code: 'unauthorized',
        message: 'A valid back-office token is required.',
        localizedMessage: 'Access denied.',
      })
      expect(await findAudit(db())).toEqual([])
    })

    it('takes the scheme in any case and needs no site in the host', async () => {
      const res = await put([{ productVariantId: 2901, stock: 124 }], {
        authorization: `bearer ${TOKEN}`,
        host: 'warehouse.internal',
      })
      expect(res.statusCode, res.body).toBe(200)
    })
  })

  describe('the body', () => {
    const row = (productVariantId: number, stock = 1) => ({ productVariantId, stock })
    it.each([
      ['an empty list', [], /At least one row/],
      ['1,001 rows', Array.from({ length: 1001 }, (_, i) => row(i + 1)), /At most 1000 rows/],
      ['a negative stock', [row(2901, -1)], /./],
      ['a stock that is not a whole number', [row(2901, 1.5)], /./],
      ['an id that is not positive', [row(0)], /./],
      ['a row without its stock', [{ productVariantId: 2901 }], /./],
      ['a row with another field', [{ ...row(2901), price: 100 }], /./],
      ['an object instead of a list', row(2901), /./],
      ['a variant twice', [row(2901, 1), row(2902, 2), row(2901, 3)], /Variant 2901 appears more than once/],
    ])('refuses %s with 400 and says what is wrong', async (_, body, message) => {
      const res = await put(body)
      expect(res.statusCode).toBe(400)
      const error = ApiErrorSchema.parse(res.json())
      expect(error.code).toBe('invalidBody')
      expect(error.issues!.map((i) => i.message).join('\n')).toMatch(message)
    })

    it('refuses a request without a body', async () => {
      const res = await current().app.inject({ method: 'PUT', url: '/api/backoffice/stock', headers: bearer })
      expect(res.statusCode).toBe(400)
    })
  })

  it('refuses the whole update when a variant is unknown, naming the unknown ones, and changes nothing', async () => {
    const before = {
      stock: await stockOf(2901, 2902),
      version: await catalogueVersion(db()),
      audit: await findAudit(db()),
    }
    const res = await put([
      { productVariantId: 2901, stock: 3 },
      { productVariantId: 999_901, stock: 1 },
      { productVariantId: 2902, stock: 4 },
      { productVariantId: 999_902, stock: 1 },
    ])
    expect(res.statusCode).toBe(422)
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'unknownVariants',
      params: { ids: '999901, 999902' },
    })
    expect(await stockOf(2901, 2902)).toEqual(before.stock)
    expect(await catalogueVersion(db())).toEqual(before.version)
    expect(await findAudit(db())).toEqual(before.audit)
  })

  it('sets the stock in one go, audits it, and search, product and offline sync show it at once', async () => {
    const { version: versionBefore } = await catalogueVersion(db())
    const auditBefore = (await findAudit(db())).length
    expect(await cardOf(29)).toMatchObject({ inStock: true })

    const res = await put(
      [
        { productVariantId: 2901, stock: 0 },
        { productVariantId: 2902, stock: 0 },
      ],
      { ...bearer, 'x-request-id': 'erp-feed-42' },
    )
    expect(res.statusCode, res.body).toBe(200)
    const result = StockUpdateResultSchema.parse(res.json())
    expect(result).toEqual({
      updated: 2,
      rows: [
        { productVariantId: 2901, oldStock: 124, newStock: 0 },
        { productVariantId: 2902, oldStock: 81, newStock: 0 },
      ],
      catalogueVersion: versionBefore + 1,
    })
    expect(await stockOf(2901, 2902)).toEqual([
      [2901, 0],
      [2902, 0],
    ])
    // No wait and no refresh by the test: the route brings this server's catalogue up to date itself.
    expect(await cardOf(29)).toMatchObject({ inStock: false })

    const audit = await findAudit(db())
    expect(audit).toHaveLength(auditBefore + 1)
    const entry = audit.at(-1)!
    expect(entry).toMatchObject({ action: 'stock', requestId: 'erp-feed-42', summary: result })
    expect(entry.tokenFingerprint).toMatch(/^[0-9a-f]{12}$/)
    expect(TOKEN).not.toContain(entry.tokenFingerprint)

    // Back in stock: orderable again in search and on the product page; the offline catalogue's next delta has it.
    const again = StockUpdateResultSchema.parse((await put([{ productVariantId: 2901, stock: 7 }])).json())
    expect(again.catalogueVersion).toBe(versionBefore + 2)
    expect(await cardOf(29)).toMatchObject({ inStock: true })
    const product = await current().app.inject({
      method: 'GET',
      url: '/api/productvariants/2901',
      headers: { host: HOSTS.nl },
    })
    const variants = CatalogueProductSchema.parse(product.json()).variants
    expect(variants.find((v) => v.productVariantId === 2901)).toMatchObject({ stock: 7 })
    const delta = await sync(versionBefore)
    expect(delta).toMatchObject({ full: false, version: versionBefore + 2 })
    expect(delta.products.map((p) => p.productId)).toEqual([29])
    expect(await sync(versionBefore + 2)).toMatchObject({ products: [] })
  })

  it('leaves the catalogue version alone when no stock moves, and still audits the update', async () => {
    const stock = (await stockOf(2901))[0]![1]!
    const { version } = await catalogueVersion(db())
    const audit = (await findAudit(db())).length
    const res = await put([{ productVariantId: 2901, stock }])
    expect(StockUpdateResultSchema.parse(res.json())).toEqual({
      updated: 0,
      rows: [{ productVariantId: 2901, oldStock: stock, newStock: stock }],
      catalogueVersion: version,
    })
    expect((await catalogueVersion(db())).version).toBe(version)
    expect(await findAudit(db())).toHaveLength(audit + 1)
  })

  it('gives a variant without a stock row its first one', async () => {
    await db().deleteFrom('variantStock').where('variantId', '=', 3601).execute()
    const res = await put([{ productVariantId: 3601, stock: 12 }])
    expect(StockUpdateResultSchema.parse(res.json()).rows).toEqual([
      { productVariantId: 3601, oldStock: 0, newStock: 12 },
    ])
    expect(await stockOf(3601)).toEqual([[3601, 12]])
  })
})

describe('the back-office API without a token configured', () => {
  const { current } = useTestApp('sqlite')

  it('answers 503 to everyone, with or without a token', async () => {
    for (const headers of [{}, bearer]) {
      const res = await current().app.inject({ method: 'PUT', url: '/api/backoffice/stock', payload: [], headers })
      expect(res.statusCode).toBe(503)
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'serviceUnavailable' })
    }
  })
})
