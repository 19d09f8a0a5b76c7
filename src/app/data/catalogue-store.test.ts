import { beforeEach, describe, expect, it, vi } from 'vitest'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { LABELS, product, syncOf, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import type { ShopDatabase } from '../../browser/db.ts'
import {
  applySync,
  CATALOGUE_SCHEMA_VERSION,
  localProductByPath,
  localProductByVariant,
  onCatalogueDropped,
  readCatalogue,
  syncCatalogue,
  type CatalogueScope,
} from './catalogue-store.ts'
import { onStorageProblem } from '../../browser/storage-status.ts'

const scope: CatalogueScope = { siteId: 1, languageId: 12, language: 'nl' }
const request = (searchTerm = '') => ({
  filter: { searchTerm, filters: [] },
  pageInfo: { page: 1, pageSize: 24, descending: false, sort: 'relevance' as const },
  landingpageId: null,
  adviceCategoryId: null,
})

describe('the offline catalogue', () => {
  let db: ShopDatabase
  beforeEach(() => {
    db = freshDatabase()
  })

  it('stores a snapshot and reads it back, checked, with its labels and freshness', async () => {
    const fetch = vi.fn(async () => syncOf({ products: [product(1), product(2)] }))
    expect(await syncCatalogue(scope, fetch)).toEqual({
      version: 1,
      full: true,
      changed: 2,
      images: ['product-1-00000000', 'product-2-00000000'],
    })
    expect(fetch).toHaveBeenCalledWith(0)
    const catalogue = await readCatalogue(scope)
    expect(catalogue?.products.map((p) => p.productId)).toEqual([1, 2])
    expect(catalogue?.labels).toEqual(LABELS)
    expect(catalogue?.asOf).toBe('2026-11-24T10:00:00.000Z')
    expect(catalogue?.search('2026-11-24').search(request('product')).totalCount).toBe(2)
  })

  it('asks for what changed since the version it holds, and applies puts and removals', async () => {
    await syncCatalogue(scope, async () => syncOf({ products: [product(1), product(2), product(3)] }))
    const changed = product(2, { name: 'Renamed', version: 5 })
    const fetch = vi.fn(async () => syncOf({ version: 5, full: false, products: [changed], removed: [3], labels: null }))
    await syncCatalogue(scope, fetch)
    expect(fetch).toHaveBeenCalledWith(1)
    const catalogue = await readCatalogue(scope)
    expect(catalogue?.version).toBe(5)
    expect(catalogue?.products.map((p) => [p.productId, p.name])).toEqual([
      [1, 'Product 1'],
      [2, 'Renamed'],
    ])
    expect(catalogue?.labels).toEqual(LABELS) // a delta without labels keeps the stored ones
  })

  it('replaces everything on a full answer', async () => {
    await syncCatalogue(scope, async () => syncOf({ products: [product(1), product(2)] }))
    await syncCatalogue(scope, async () => syncOf({ version: 9, products: [product(7)] }))
    expect((await readCatalogue(scope))?.products.map((p) => p.productId)).toEqual([7])
  })

  it('keeps the catalogues of sites and languages apart', async () => {
    await syncCatalogue(scope, async () => syncOf({ products: [product(1)] }))
    const french = { siteId: 2, languageId: 8, language: 'fr-BE' } as const
    await syncCatalogue(french, async () => syncOf({ siteId: 2, languageId: 8, products: [product(5)] }))
    expect((await readCatalogue(scope))?.products.map((p) => p.productId)).toEqual([1])
    expect((await readCatalogue(french))?.products.map((p) => p.productId)).toEqual([5])
  })

  it('refuses a sync answer for another site', async () => {
    await expect(syncCatalogue(scope, async () => syncOf({ siteId: 3 }))).rejects.toThrow()
    expect(await readCatalogue(scope)).toBeNull()
  })

  it('detects a corrupt product on read, drops the stored catalogue and syncs it whole again', async () => {
    await syncCatalogue(scope, async () => syncOf({ version: 4, products: [product(1), product(2)] }))
    await db.products.update('1:12:2', { data: { productId: 2, name: 42 } })
    const dropped: unknown[] = []
    const stop = onCatalogueDropped((which) => dropped.push(which))
    expect(await readCatalogue(scope)).toBeNull()
    stop()
    expect(dropped).toEqual([scope])
    expect(await db.products.count()).toBe(0)
    const fetch = vi.fn(async () => syncOf({ version: 4, products: [product(1), product(2)] }))
    await syncCatalogue(scope, fetch)
    expect(fetch).toHaveBeenCalledWith(0)
    expect((await readCatalogue(scope))?.products).toHaveLength(2)
  })

  it('does not read a catalogue stored by an app with another shape, and fetches it whole', async () => {
    await syncCatalogue(scope, async () => syncOf({ version: 4, products: [product(1)] }))
    await db.catalogueMeta.update('1:12', { schemaVersion: CATALOGUE_SCHEMA_VERSION + 1 })
    expect(await readCatalogue(scope)).toBeNull()
    const fetch = vi.fn(async () => syncOf({ version: 4, products: [product(1)] }))
    await syncCatalogue(scope, fetch)
    expect(fetch).toHaveBeenCalledWith(0)
  })

  it('detects corrupt labels the same way', async () => {
    await syncCatalogue(scope, async () => syncOf({ products: [product(1)] }))
    await db.catalogueMeta.update('1:12', { labels: { productGroups: 'broken' } })
    expect(await readCatalogue(scope)).toBeNull()
  })

  it('finds a product by variant and by any of its paths, case-insensitively', async () => {
    const two = product(2, {
      variants: [variant(201, { path: '/muesli/product-2/' }), variant(202, { path: '/muesli/product-2/eq-202/' })],
    })
    await syncCatalogue(scope, async () => syncOf({ products: [product(1), two] }))
    expect((await localProductByVariant(scope, 202))?.product.productId).toBe(2)
    expect((await localProductByPath(scope, '/Muesli/Product-2/EQ-202/'))?.product.productId).toBe(2)
    expect((await localProductByPath(scope, '/muesli/product-1/'))?.asOf).toBe('2026-11-24T10:00:00.000Z')
    expect(await localProductByPath(scope, '/nope/')).toBeNull()
  })

  it('tells about a full disk and leaves what was stored as it was', async () => {
    await syncCatalogue(scope, async () => syncOf({ products: [product(1)] }))
    const problems: string[] = []
    const stop = onStorageProblem((problem) => problems.push(problem))
    vi.spyOn(db.products, 'bulkPut').mockRejectedValueOnce(new DOMException('full', 'QuotaExceededError'))
    await expect(applySync(scope, syncOf({ version: 2, products: [product(1), product(2)] }))).rejects.toThrow()
    stop()
    expect(problems).toEqual(['quota'])
    const catalogue = await readCatalogue(scope)
    expect(catalogue?.version).toBe(1)
    expect(catalogue?.products.map((p) => p.productId)).toEqual([1])
  })
})
