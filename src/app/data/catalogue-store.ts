// The offline catalogue: a site's products in one language, kept in IndexedDB after the first visit and kept
// current by delta sync (only what changed since the version held). Everything read back is checked with the
// domain schemas; a stored catalogue that fails the check, or was written by an app with another shape, is dropped
// and synced again, never shown.
import { liveQuery } from 'dexie'
import { z } from 'zod'
import type { CatalogueSync } from '../../domain/catalogue-api.ts'
import { CatalogueLabelsSchema, CatalogueProductSchema, type CatalogueLabels, type CatalogueProduct } from '../../domain/product.ts'
import { utcDay } from '../../domain/product-rules.ts'
import { CatalogueSearch } from '../../domain/search/catalogue-search.ts'
import { scopeKey, type ShopScope } from '../../domain/scope.ts'
import { shopDatabase, type ProductRecord } from '../../browser/db.ts'
import { reportStorageError } from '../../browser/storage-status.ts'
import { mapInSlices } from '../when-idle.ts'

/** Bumped when CatalogueProduct or the stored records change shape. */
export const CATALOGUE_SCHEMA_VERSION = 2

/** The catalogue on the device is kept per site and language. */
export type CatalogueScope = ShopScope
/** What is read is kept in memory per database and scope, until the next write. */
const memoKey = (scope: CatalogueScope) => `${shopDatabase().name}|${scopeKey(scope)}`

export interface LocalCatalogue {
  version: number
  asOf: string
  products: CatalogueProduct[]
  labels: CatalogueLabels
  /** The same search the server runs, over these products. */
  search(today?: string): CatalogueSearch
}

const recordOf = (scope: string, product: CatalogueProduct): ProductRecord => ({
  key: `${scope}:${product.productId}`,
  scope,
  productId: product.productId,
  paths: [product.path, ...product.variants.map((v) => v.path)].map((p) => p.toLowerCase()),
  variantIds: product.variants.map((v) => v.productVariantId),
  data: product,
})

type DropListener = (scope: CatalogueScope) => void
const dropListeners = new Set<DropListener>()
/** Told when a stored catalogue failed its check and was dropped, so it can be synced again at once. */
export function onCatalogueDropped(listener: DropListener): () => void {
  dropListeners.add(listener)
  return () => dropListeners.delete(listener)
}

/** Forgets a site's stored catalogue (corrupt or outdated); the next sync fetches it whole. */
export async function dropCatalogue(scope: CatalogueScope): Promise<void> {
  const db = shopDatabase()
  const key = scopeKey(scope)
  memo.delete(memoKey(scope))
  await db
    .transaction('rw', db.products, db.catalogueMeta, async () => {
      await db.products.where('scope').equals(key).delete()
      await db.catalogueMeta.delete(key)
    })
    .catch(reportStorageError)
}

/** The version held, or 0 when nothing usable is stored. */
async function heldVersion(key: string): Promise<{ version: number; labels: boolean }> {
  const meta = await shopDatabase().catalogueMeta.get(key)
  if (!meta || meta.schemaVersion !== CATALOGUE_SCHEMA_VERSION) return { version: 0, labels: false }
  return { version: meta.version, labels: meta.labels !== null && meta.labels !== undefined }
}

/** Applies a sync answer in one transaction: a snapshot replaces what is stored, a delta puts and removes. */
export async function applySync(scope: CatalogueScope, sync: CatalogueSync): Promise<void> {
  const db = shopDatabase()
  const key = scopeKey(scope)
  memo.delete(memoKey(scope))
  await db
    .transaction('rw', db.products, db.catalogueMeta, async () => {
      const meta = await db.catalogueMeta.get(key)
      if (sync.full) await db.products.where('scope').equals(key).delete()
      else await db.products.bulkDelete(sync.removed.map((id) => `${key}:${id}`))
      await db.products.bulkPut(sync.products.map((p) => recordOf(key, p)))
      await db.catalogueMeta.put({
        scope: key,
        schemaVersion: CATALOGUE_SCHEMA_VERSION,
        version: sync.version,
        asOf: sync.asOf,
        labels: sync.labels ?? meta?.labels ?? null,
      })
    })
    .catch(reportStorageError)
}

/** Brings the stored catalogue up to date: a delta when a usable one is stored, else a snapshot. */
export async function syncCatalogue(
  scope: CatalogueScope,
  fetchSync: (since: number) => Promise<CatalogueSync>,
): Promise<{ version: number; full: boolean; changed: number; images: string[] }> {
  const held = await heldVersion(scopeKey(scope)).catch(() => ({ version: 0, labels: false }))
  const since = held.labels ? held.version : 0
  const sync = await fetchSync(since)
  if (sync.siteId !== scope.siteId || sync.languageId !== scope.languageId) throw new Error('Sync answer for another site')
  await applySync(scope, sync)
  return {
    version: sync.version,
    full: sync.full,
    changed: sync.products.length + sync.removed.length,
    // The pictures of what came in, for the service worker to keep (reading the whole copy back would cost a long task).
    images: sync.products.map((product) => product.image.name),
  }
}

const memo = new Map<string, Promise<LocalCatalogue | null>>()

/**
 * The stored catalogue, checked: null when there is none, or when what is stored fails the schema (then it is
 * dropped, so the next sync replaces it). Kept in memory until the next sync.
 */
export function readCatalogue(scope: CatalogueScope): Promise<LocalCatalogue | null> {
  const key = memoKey(scope)
  let read = memo.get(key)
  if (!read) {
    read = load(scope).catch(() => null)
    memo.set(key, read)
  }
  return read
}

async function load(scope: CatalogueScope): Promise<LocalCatalogue | null> {
  const db = shopDatabase()
  const key = scopeKey(scope)
  const [meta, records] = await Promise.all([
    db.catalogueMeta.get(key),
    db.products.where('scope').equals(key).toArray(),
  ])
  if (!meta) return null
  const labels = CatalogueLabelsSchema.safeParse(meta.labels)
  const metaOk = meta.schemaVersion === CATALOGUE_SCHEMA_VERSION && z.iso.datetime().safeParse(meta.asOf).success
  // Checked product by product, a few milliseconds at a time: the whole copy in one check was one task of 30–85 ms
  // on a slow phone, on every page that reads it (the comparison, the cart, a catalogue page offline).
  const checked = metaOk && labels.success ? await mapInSlices(records, (r) => CatalogueProductSchema.safeParse(r.data)) : []
  const products = checked.flatMap((product) => (product.success ? [product.data] : []))
  if (!metaOk || !labels.success || products.length < checked.length) {
    await dropCatalogue(scope).catch(() => undefined)
    for (const listener of dropListeners) listener(scope)
    return null
  }
  const ordered = products.toSorted((a, b) => a.productId - b.productId)
  const searches = new Map<string, CatalogueSearch>()
  return {
    version: meta.version,
    asOf: meta.asOf,
    products: ordered,
    labels: labels.data,
    search(today = utcDay(new Date())) {
      let search = searches.get(today)
      if (!search) {
        search = new CatalogueSearch(ordered, labels.data, scope.language, today)
        searches.set(today, search)
      }
      return search
    },
  }
}

/** One stored product found by an index (a variant id or a path), checked; a bad row drops the catalogue. */
async function findOne(scope: CatalogueScope, index: 'variantIds' | 'paths', value: number | string) {
  const key = scopeKey(scope)
  const [meta, record] = await Promise.all([
    shopDatabase().catalogueMeta.get(key),
    shopDatabase()
      .products.where(index)
      .equals(value)
      .filter((r) => r.scope === key)
      .first(),
  ])
  if (!meta || meta.schemaVersion !== CATALOGUE_SCHEMA_VERSION || !record) return null
  const product = CatalogueProductSchema.safeParse(record.data)
  if (!product.success) {
    await dropCatalogue(scope).catch(() => undefined)
    for (const listener of dropListeners) listener(scope)
    return null
  }
  return { product: product.data, asOf: meta.asOf }
}

export const localProductByVariant = (scope: CatalogueScope, productVariantId: number) =>
  findOne(scope, 'variantIds', productVariantId)

/**
 * Calls back with the stored products of these variants (by variant id) now and whenever their records change, in
 * this tab or another (the cart names and prices its lines from them); the returned function stops.
 */
export function watchLocalProducts(
  scope: CatalogueScope,
  variantIds: readonly number[],
  onChange: (products: Map<number, CatalogueProduct>) => void,
): () => void {
  const subscription = liveQuery(async () => {
    const found = await Promise.all(variantIds.map((id) => localProductByVariant(scope, id)))
    return new Map(found.flatMap((hit, i) => (hit ? [[variantIds[i]!, hit.product] as const] : [])))
  }).subscribe({ next: onChange, error: () => undefined })
  return () => subscription.unsubscribe()
}

export const localProductByPath = (scope: CatalogueScope, path: string) =>
  findOne(scope, 'paths', path.toLowerCase())
