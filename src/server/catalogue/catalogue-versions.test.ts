// The catalogue version at work: what the search answers follows the catalogue when it changes (stock, price), across
// several server processes on one database without telling them, and through seeding (only changed products get a new
// version; products left out become tombstones; stock counted at runtime stays).
import { describe, expect, it } from 'vitest'
import { CatalogueSyncSchema, SearchResponseSchema, type SearchResponse } from '../../domain/catalogue-api.ts'
import { buildApp, type App } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { buildSeed } from '../db/seed/build.ts'
import type { SeedRows } from '../db/seed/seed-tables.ts'
import { hashOf, type PRODUCT_CHILD_TABLES } from '../db/seed/catalogue-build.ts'
import { stampCatalogue } from '../db/seed/catalogue-seed.repository.ts'
import { seed } from '../db/seed/seed.ts'
import { writeSeedRows } from '../db/seed/seed.repository.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { catalogueVersion, setPrice, setStock } from './catalogue.repository.ts'

const DATETIME = '2026-11-24T12:00:00Z'
type Site = Record<string, string>
const NL: Site = { host: HOSTS.nl }
const BE: Site = { host: HOSTS.be, languageid: String(LANG['nl-BE']) }

/** A product's content hash worked out the way the seed does: over its row and the rows it owns. */
function contentHashOf(rows: SeedRows, productId: number): string {
  const product = rows.products.find((p) => p.id === productId)!
  const productRow = Object.fromEntries(
    Object.entries(product).filter(([key]) => key !== 'contentHash' && key !== 'version'),
  )
  const variants = new Set(rows.productVariants.filter((v) => v.productId === productId).map((v) => v.id))
  const own: Record<(typeof PRODUCT_CHILD_TABLES)[number], unknown[]> = {
    productTexts: rows.productTexts.filter((r) => r.productId === productId),
    productVariants: rows.productVariants.filter((r) => r.productId === productId),
    variantPrices: rows.variantPrices.filter((r) => variants.has(r.variantId)),
    variantStock: rows.variantStock.filter((r) => variants.has(r.variantId)),
    relatedProducts: rows.relatedProducts.filter((r) => r.productId === productId),
    bundleItems: rows.bundleItems.filter((r) => r.bundleProductId === productId),
    reviews: rows.reviews.filter((r) => r.productId === productId),
  }
  return hashOf([productRow, own])
}

/** The seed's rows with one product's rows changed, as if its entry in products.json or a texts file had changed. */
function seedWith(productId: number, change: (rows: SeedRows) => void): SeedRows {
  const rows = buildSeed()
  change(rows)
  rows.products.find((p) => p.id === productId)!.contentHash = contentHashOf(rows, productId)
  return rows
}

/** The seed's rows without one product, as if it had left products.json. */
function seedWithout(productId: number): SeedRows {
  const rows = buildSeed()
  const variants = new Set(rows.productVariants.filter((v) => v.productId === productId).map((v) => v.id))
  rows.products = rows.products.filter((p) => p.id !== productId)
  rows.productTexts = rows.productTexts.filter((r) => r.productId !== productId)
  rows.productVariants = rows.productVariants.filter((r) => r.productId !== productId)
  rows.variantPrices = rows.variantPrices.filter((r) => !variants.has(r.variantId))
  rows.variantStock = rows.variantStock.filter((r) => !variants.has(r.variantId))
  rows.relatedProducts = rows.relatedProducts.filter((r) => r.productId !== productId)
  rows.reviews = rows.reviews.filter((r) => r.productId !== productId)
  return rows
}

async function pollUntil<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const started = performance.now()
  for (;;) {
    const value = await probe()
    const elapsed = performance.now() - started
    if (done(value) || elapsed > timeoutMs) return { value, elapsed }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe.each(DIALECTS)('catalogue versions on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const db = () => current().database.handle.db
  const refresh = () => current().app.context.catalogue.refresh()

  async function search(body: object, site: Site = NL, app: App = current().app): Promise<SearchResponse> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/productsearch/search',
      payload: body,
      headers: { datetime: DATETIME, ...site },
    })
    expect(res.statusCode, res.body).toBe(200)
    return SearchResponseSchema.parse(res.json())
  }
  const everything = (site: Site = NL, app?: App) => search({ filter: {}, pageInfo: { pageSize: 96 } }, site, app)
  const cardOf = async (productId: number, site: Site = NL, app?: App) =>
    (await everything(site, app)).results.find((r) => r.productId === productId)
  const idsFor = async (body: object, site: Site = NL) => (await search(body, site)).results.map((r) => r.productId)
  const onSale = { discriminator: 'singleSelect', facetKey: 'sale', selectedKey: 'yes' }

  async function sync(since: number) {
    const res = await current().app.inject({
      method: 'GET',
      url: `/api/catalogue/sync?since=${since}`,
      headers: { datetime: DATETIME, ...NL },
    })
    expect(res.statusCode).toBe(200)
    return CatalogueSyncSchema.parse(res.json())
  }

  /** Every product's version and whether it is a tombstone. */
  async function productVersions(): Promise<Map<number, [number, boolean]>> {
    const rows = await db().selectFrom('products').select(['id', 'version', 'isDeleted']).orderBy('id').execute()
    return new Map(rows.map((r) => [r.id, [Number(r.version), Boolean(r.isDeleted)]]))
  }

  /** Seeds rows the way `seed` does: stamp the catalogue, then write, in one transaction. */
  const seedRows = (rows: SeedRows) =>
    db()
      .transaction()
      .execute(async (trx) => {
        const stamp = await stampCatalogue(trx, rows)
        await writeSeedRows(trx, rows)
        return stamp
      })

  describe('the search follows the catalogue', () => {
    it('shows a product as out of stock once the stock of every variant is set to 0', async () => {
      expect(await cardOf(29)).toMatchObject({ name: 'Kruidensiroop Luchtwegen', inStock: true })
      await setStock(db(), 2901, 0, new Date(DATETIME))
      await refresh()
      // One variant left in stock: still in stock.
      expect((await cardOf(29))!.inStock).toBe(true)
      await setStock(db(), 2902, 0, new Date(DATETIME))
      await refresh()
      expect((await cardOf(29))!.inStock).toBe(false)
    })

    it('puts a product under the sale facet once it has a price with an original price, on that site only', async () => {
      const before = await search({ filter: { filters: [onSale] }, pageInfo: { pageSize: 96 } })
      expect(before.results.map((r) => r.productId)).not.toContain(31)

      const version = await setPrice(db(), 3101, 1, 495, 595)
      expect(version).toBe((await catalogueVersion(db())).version)
      await refresh()

      const after = await search({ filter: { filters: [onSale] }, pageInfo: { pageSize: 96 } })
      expect(after.totalCount).toBe(before.totalCount + 1)
      expect(after.results.find((r) => r.productId === 31)).toMatchObject({
        price: 495,
        originalPrice: 595,
        onSale: true,
      })
      const saleFacet = (await everything()).facets.find((f) => f.facetKey === 'sale')!
      expect(saleFacet.values).toEqual([expect.objectContaining({ key: 'yes', count: before.totalCount + 1 })])
      expect(await idsFor({ filter: {}, pageInfo: { pageSize: 96 }, landingpageId: 1 })).toContain(31)
      // The Belgian site has its own prices.
      expect(await idsFor({ filter: { filters: [onSale] }, pageInfo: { pageSize: 96 } }, BE)).not.toContain(31)
    })

    it('refuses to set the price of a variant on a site that does not sell it, and changes no version', async () => {
      const before = await catalogueVersion(db())
      expect(await setPrice(db(), 4101, 1, 100, null)).toBeNull()
      expect(await setPrice(db(), 999_999, 1, 100, null)).toBeNull()
      expect(await setStock(db(), 999_999, 1, new Date(DATETIME))).toBeNull()
      expect(await catalogueVersion(db())).toEqual(before)
    })
  })

  describe('several server processes on one database', () => {
    it('a second server sees a stock change written by the first within about a second, without being told', async () => {
      const { url } = current().database
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', PORT: '8080' })
      const second = await buildApp({ config, database: openDatabase(url, { poolMax: 5 }), logger: false })
      await second.ready()
      try {
        // Both servers have the catalogue in memory, with the product in stock.
        expect((await cardOf(24, NL, second))!.inStock).toBe(true)
        expect((await cardOf(24))!.inStock).toBe(true)

        for (const variantId of [2401, 2402, 2403]) await setStock(db(), variantId, 0, new Date(DATETIME))
        const seen = await pollUntil(
          () => cardOf(24, NL, second),
          (card) => card?.inStock === false,
          2_000,
        )
        expect(seen.value!.inStock).toBe(false)
        expect(seen.elapsed).toBeLessThan(1_500)

        // And back: a change the other way reaches it the same way.
        await setStock(db(), 2402, 12, new Date(DATETIME))
        const back = await pollUntil(
          () => cardOf(24, NL, second),
          (card) => card?.inStock === true,
          2_000,
        )
        expect(back.value!.inStock).toBe(true)
        expect(back.elapsed).toBeLessThan(1_500)

        // The second server's offline catalogue is at the database's version too.
        const res = await second.inject({ method: 'GET', url: '/api/catalogue/sync?since=0', headers: NL })
        expect(CatalogueSyncSchema.parse(res.json()).version).toBe((await catalogueVersion(db())).version)
      } finally {
        await second.close()
      }
    })
  })

  describe('seeding is versioned', () => {
    it('works out a product’s content hash the way the seed does (the tests below rely on it)', () => {
      const rows = buildSeed()
      expect(rows.products).toHaveLength(60)
      for (const product of rows.products) expect(contentHashOf(rows, product.id!)).toBe(product.contentHash)
    })

    it('changes no product version and not the catalogue version when the same seed runs again', async () => {
      await seed(db())
      const versions = await productVersions()
      const state = await catalogueVersion(db())
      const { catalogue } = await seed(db())
      expect(catalogue).toEqual({
        version: state.version,
        changedProducts: 0,
        removedProducts: 0,
        labelsChanged: false,
      })
      expect(await productVersions()).toEqual(versions)
      expect(await catalogueVersion(db())).toEqual(state)
    })

    it.each([
      [
        'text',
        33,
        (rows: SeedRows) => {
          rows.productTexts.find((t) => t.productId === 33 && t.languageId === LANG.nl)!.name =
            'Vliegenspray Extra Sterk'
        },
        { name: 'Vliegenspray Extra Sterk' },
      ],
      [
        'price',
        35,
        (rows: SeedRows) => {
          rows.variantPrices.find((p) => p.variantId === 3501 && p.siteId === 1)!.priceCents = 545
        },
        { price: 545 },
      ],
    ])(
      'gives a product whose seed %s changed a new version, alone, and the next delta holds exactly it',
      async (_, productId, change, card) => {
        await seed(db())
        await refresh()
        const before = await productVersions()
        const { version } = await catalogueVersion(db())

        const stamp = await seedRows(seedWith(productId, change))
        expect(stamp).toEqual({ version: version + 1, changedProducts: 1, removedProducts: 0, labelsChanged: false })
        const expected = new Map(before)
        expected.set(productId, [version + 1, false])
        expect(await productVersions()).toEqual(expected)

        await refresh()
        const delta = await sync(version)
        expect(delta).toMatchObject({ version: version + 1, full: false, removed: [], labels: null })
        expect(delta.products.map((p) => p.productId)).toEqual([productId])
        expect(delta.products[0]!.version).toBe(version + 1)
        expect(await cardOf(productId)).toMatchObject(card)
      },
    )

    it('makes a product left out of the seed a tombstone: gone from the search, listed as removed in the delta', async () => {
      await seed(db())
      await refresh()
      expect(await idsFor({ filter: { searchTerm: 'voeremmer' } })).toContain(39)
      const before = await productVersions()
      const { version } = await catalogueVersion(db())

      const stamp = await seedRows(seedWithout(39))
      expect(stamp).toEqual({ version: version + 1, changedProducts: 0, removedProducts: 1, labelsChanged: false })
      const expected = new Map(before)
      expected.set(39, [version + 1, true])
      expect(await productVersions()).toEqual(expected)

      await refresh()
      expect(await idsFor({ filter: { searchTerm: 'voeremmer' } })).not.toContain(39)
      expect((await everything()).results.map((r) => r.productId)).not.toContain(39)
      const product = await current().app.inject({ method: 'GET', url: '/api/products/39', headers: NL })
      expect(product.statusCode).toBe(404)
      const delta = await sync(version)
      expect(delta).toMatchObject({ version: version + 1, full: false, products: [], removed: [39] })

      // Back in the seed, it is back in the shop, with a newer version still.
      const { catalogue } = await seed(db())
      expect(catalogue).toMatchObject({ version: version + 2, changedProducts: 1, removedProducts: 0 })
      await refresh()
      expect(await idsFor({ filter: { searchTerm: 'voeremmer' } })).toContain(39)
      const back = await sync(version + 1)
      expect(back.products.map((p) => p.productId)).toEqual([39])
      expect(back.removed).toEqual([])
    })

    it('keeps a stock change made at runtime when the seed runs again', async () => {
      await seed(db())
      await setStock(db(), 2001, 7, new Date(DATETIME))
      const { catalogue } = await seed(db())
      expect(catalogue.changedProducts).toBe(0)
      // Also when another product changed in the seed.
      const stamp = await seedRows(
        seedWith(33, (rows) => {
          rows.productTexts.find((t) => t.productId === 33 && t.languageId === LANG.nl)!.name = 'Vliegenspray Sterk'
        }),
      )
      expect(stamp.changedProducts).toBe(1)

      await refresh()
      const { products } = await sync(0)
      const variant = products.find((p) => p.productId === 20)!.variants.find((v) => v.productVariantId === 2001)!
      expect(variant.stock).toBe(7)
      const row = await db().selectFrom('variantStock').selectAll().where('variantId', '=', 2001).executeTakeFirst()
      expect(row).toMatchObject({ amount: 7, updatedAt: new Date(DATETIME).toISOString() })
      await seed(db())
    })
  })
})
