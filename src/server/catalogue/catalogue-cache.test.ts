// The catalogue in memory after a change: brought up to date by reading only the changed products, and then exactly
// what a whole load gives; loaded whole again where a partial update cannot be right.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { nextCatalogueVersion } from '../db/seed/catalogue-seed.repository.ts'
import { CatalogueCache, type CatalogueEntry, type LoadKind } from './catalogue-cache.ts'
import { setPrice, setStock } from './catalogue.repository.ts'
import { loadSiteCatalogue } from './catalogue.service.ts'

const NOW = new Date('2026-11-24T12:00:00Z')
const SEARCH = {
  filter: { searchTerm: '', filters: [] },
  pageInfo: { page: 1, pageSize: 96, descending: false, sort: 'name' as const },
  landingpageId: null,
  adviceCategoryId: null,
}

describe.each(DIALECTS)('the catalogue cache on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const db = () => current().database.handle.db
  const site = () => current().app.context.sites.byId(1)!

  /** A cache of its own (checking the version on every call), with the kind of each load it made. */
  function cache() {
    const loads: LoadKind[] = []
    const catalogue = new CatalogueCache(db(), { checkIntervalMs: 0, onLoad: (kind) => loads.push(kind) })
    return { loads, entry: () => catalogue.entry(site(), LANG.nl) }
  }

  /** The entry equals what a whole load of the database gives now. */
  async function expectWhole(entry: CatalogueEntry) {
    const whole = await loadSiteCatalogue(db(), site(), LANG.nl)
    expect(entry.catalogue).toEqual(whole)
    expect([...entry.byId.keys()]).toEqual(whole.products.map((p) => p.productId))
  }

  /** Changes a product's rows the way a change to the catalogue does: in a transaction that stamps a new version. */
  const stamped = (productId: number, change: (trx: Parameters<typeof nextCatalogueVersion>[0]) => Promise<unknown>) =>
    db()
      .transaction()
      .execute(async (trx) => {
        await change(trx)
        const version = await nextCatalogueVersion(trx)
        await trx.updateTable('products').set({ version }).where('id', '=', productId).execute()
      })

  it('answers from the same copy while the version stays', async () => {
    const { loads, entry } = cache()
    const first = await entry()
    expect(await entry()).toBe(first)
    expect(loads).toEqual(['whole'])
  })

  it('brings a stock change in by reading that product again, keeping the search index', async () => {
    const { loads, entry } = cache()
    const before = await entry()
    const searchBefore = before.search(NOW)
    const inStock = searchBefore.search(SEARCH).results.find((r) => r.productId === 29)!
    expect(inStock.inStock).toBe(true)

    await setStock(db(), 2901, 0, NOW)
    await setStock(db(), 2902, 0, NOW)
    const after = await entry()
    expect(loads).toEqual(['whole', 'update'])
    expect(after.version).toBeGreaterThan(before.version)
    await expectWhole(after)
    expect(after.byVariant.get(2901)!.variants.map((v) => v.stock)).toEqual([0, 0])
    // The other products are the very same objects; the search answers with the new stock.
    expect(after.byId.get(1)).toBe(before.byId.get(1))
    const searchAfter = after.search(NOW)
    expect(searchAfter).not.toBe(searchBefore)
    expect(searchAfter.search(SEARCH).results.find((r) => r.productId === 29)!.inStock).toBe(false)
    // The copy before is untouched: requests still holding it answer as they did.
    expect(searchBefore.search(SEARCH).results.find((r) => r.productId === 29)!.inStock).toBe(true)
  })

  it('brings a price change in, searching it anew (price sort and sale facet)', async () => {
    const { loads, entry } = cache()
    await entry()
    await setPrice(db(), 3101, 1, 1, 595)
    const after = await entry()
    expect(loads).toEqual(['whole', 'update'])
    await expectWhole(after)
    const cheapest = after.search(NOW).search({ ...SEARCH, pageInfo: { ...SEARCH.pageInfo, sort: 'price' } })
    expect(cheapest.results[0]).toMatchObject({ productId: 31, price: 1, onSale: true })
  })

  it('brings in a changed name, a new review and changes of products other sites sell', async () => {
    const { loads, entry } = cache()
    await entry()
    await stamped(2, (trx) =>
      trx
        .updateTable('productTexts')
        .set({ name: 'Recreatie Muesli Quokka' })
        .where('productId', '=', 2)
        .where('languageId', '=', LANG.nl)
        .execute(),
    )
    await stamped(3, (trx) =>
      trx
        .insertInto('reviews')
        .values({
          id: 99_001,
          productId: 3,
          languageId: LANG.nl,
          rating: 1,
          author: 'Test',
          title: 'Niet goed',
          text: 'Mijn paard lustte het niet.',
          createdAt: '2026-11-20',
        })
        .execute(),
    )
    // A product not sold on this site (Mühldorfer only) changes too.
    const notHere = await db()
      .selectFrom('products')
      .select('id')
      .where('id', 'not in', [...(await entry()).byId.keys()])
      .executeTakeFirstOrThrow()
    await stamped(notHere.id, async () => {})
    const after = await entry()
    expect(loads.filter((k) => k === 'whole')).toHaveLength(1)
    await expectWhole(after)
    expect(after.byId.get(2)!.name).toBe('Recreatie Muesli Quokka')
    expect(after.search(NOW).search({ ...SEARCH, filter: { searchTerm: 'quokka', filters: [] } }).totalCount).toBe(1)
    expect(after.byId.get(3)!.reviews.some((r) => r.title === 'Niet goed')).toBe(true)
  })

  it('loads whole when a product leaves the site, so no other product links to it', async () => {
    const { loads, entry } = cache()
    const before = await entry()
    const linked = before.catalogue.products.find((p) => p.related.length > 0)!
    const withdrawn = linked.related[0]!
    await stamped(withdrawn, (trx) =>
      trx.updateTable('products').set({ isDeleted: true }).where('id', '=', withdrawn).execute(),
    )
    const after = await entry()
    expect(loads).toEqual(['whole', 'whole'])
    await expectWhole(after)
    expect(after.byId.has(withdrawn)).toBe(false)
    expect(after.byId.get(linked.productId)!.related).not.toContain(withdrawn)
  })

  it('loads whole when the names of groups or facet values change', async () => {
    const { loads, entry } = cache()
    await entry()
    await db()
      .updateTable('catalogueState')
      .set({ labelsVersion: sql`labels_version + 1` })
      .where('id', '=', 1)
      .execute()
    await entry()
    expect(loads).toEqual(['whole', 'whole'])
  })

  it('loads whole when more products changed than an update is worth', async () => {
    const { loads, entry } = cache()
    await entry()
    await db()
      .transaction()
      .execute(async (trx) => {
        const version = await nextCatalogueVersion(trx)
        await trx.updateTable('products').set({ version }).execute()
      })
    await expectWhole(await entry())
    expect(loads).toEqual(['whole', 'whole'])
  })
})
