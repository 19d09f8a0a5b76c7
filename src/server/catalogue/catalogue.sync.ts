// Answers from a site's catalogue in memory: products by id or variant, and the offline catalogue's snapshot or delta.
import type { CatalogueSync } from '../../domain/catalogue-api.ts'
import { NotFoundError } from '../../domain/errors.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { Db } from '../db/database.ts'
import type { CatalogueEntry } from './catalogue-cache.ts'
import { findProductVersionsSince } from './catalogue.repository.ts'

export function productById(entry: CatalogueEntry, productId: number): CatalogueProduct {
  const product = entry.byId.get(productId)
  if (!product) throw new NotFoundError(`Product ${productId}`)
  return product
}

export function productByVariant(entry: CatalogueEntry, productVariantId: number): CatalogueProduct {
  const product = entry.byVariant.get(productVariantId)
  if (!product) throw new NotFoundError(`Product variant ${productVariantId}`)
  return product
}

/** The products of a list that this site sells, in the list's order; others are left out. */
export function productsByIds(entry: CatalogueEntry, ids: number[]): CatalogueProduct[] {
  return ids.flatMap((id) => entry.byId.get(id) ?? [])
}

/**
 * What changed in a site's catalogue since a client's version. A client with nothing (since=0), or with a version
 * this server has not reached (a database restored from a backup), gets a full snapshot to replace what it has.
 */
export async function catalogueSync(
  db: Db,
  entry: CatalogueEntry,
  siteId: number,
  languageId: number,
  since: number,
  now: Date,
): Promise<CatalogueSync> {
  const base = { siteId, languageId, version: entry.version, asOf: now.toISOString() }
  if (since === 0 || since > entry.version) {
    return { ...base, full: true, products: entry.catalogue.products, removed: [], labels: entry.catalogue.labels }
  }
  const changed = since === entry.version ? [] : await findProductVersionsSince(db, since)
  const products: CatalogueProduct[] = []
  const removed: number[] = []
  for (const { id } of changed) {
    const product = entry.byId.get(id)
    if (product) products.push(product)
    else removed.push(id)
  }
  return {
    ...base,
    full: false,
    products,
    removed,
    labels: since < entry.labelsVersion ? entry.catalogue.labels : null,
  }
}
