// Seeding the catalogue without disturbing what runs on it: only products whose seed content changed are written
// (with a new catalogue version, so the app's delta sync picks them up); products that left the seed become
// tombstones; unchanged products are not touched at all, so a second seed changes nothing and stock counted since
// the seed stays as it is.
import { sql, type Transaction } from 'kysely'
import type { Database } from '../schema.ts'
import { hashOf, LABEL_TABLES, PRODUCT_CHILD_TABLES, type CatalogueRows } from './catalogue-build.ts'

export interface CatalogueStamp {
  version: number
  changedProducts: number
  removedProducts: number
  labelsChanged: boolean
}

/** The next catalogue version, taken in the caller's transaction (the update locks the row on PostgreSQL). */
export async function nextCatalogueVersion(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable('catalogueState')
    .set({ version: sql`version + 1` })
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow()
  return Number(row.version)
}

/**
 * Decides which catalogue rows of a seed are written: mutates `rows` so that it holds only changed products (stamped
 * with the new version) and the labels if they changed; deletes the rows that changed products no longer have.
 */
export async function stampCatalogue(trx: Transaction<Database>, rows: CatalogueRows): Promise<CatalogueStamp> {
  // Lock the state row first: two seeds at once queue here instead of both taking the same version.
  await trx
    .updateTable('catalogueState')
    .set({ version: sql`version` })
    .where('id', '=', 1)
    .execute()
  const state = await trx.selectFrom('catalogueState').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()
  const existing = new Map(
    (await trx.selectFrom('products').select(['id', 'contentHash', 'isDeleted']).execute()).map((p) => [p.id, p]),
  )
  const changed = new Set(
    rows.products
      .filter((p) => {
        const before = existing.get(p.id!)
        return !before || before.contentHash !== p.contentHash || Boolean(before.isDeleted)
      })
      .map((p) => p.id!),
  )
  const seeded = new Set(rows.products.map((p) => p.id!))
  const removed = [...existing.values()].filter((p) => !seeded.has(p.id) && !p.isDeleted).map((p) => p.id)
  const labelsHash = hashOf(LABEL_TABLES.map((table) => rows[table]))
  const labelsChanged = labelsHash !== state.labelsHash

  if (changed.size === 0 && removed.length === 0 && !labelsChanged) {
    for (const table of [...LABEL_TABLES, 'products', ...PRODUCT_CHILD_TABLES] as const) rows[table] = []
    return { version: Number(state.version), changedProducts: 0, removedProducts: 0, labelsChanged: false }
  }

  const version = await nextCatalogueVersion(trx)
  const productOfVariant = new Map(rows.productVariants.map((v) => [v.id!, v.productId!]))
  const keep = (productId: number | undefined) => productId !== undefined && changed.has(productId)
  rows.products = rows.products.filter((p) => keep(p.id)).map((p) => ({ ...p, version }))
  rows.productTexts = rows.productTexts.filter((r) => keep(r.productId))
  rows.productVariants = rows.productVariants.filter((r) => keep(r.productId))
  rows.variantPrices = rows.variantPrices.filter((r) => keep(productOfVariant.get(r.variantId!)))
  rows.variantStock = rows.variantStock.filter((r) => keep(productOfVariant.get(r.variantId!)))
  rows.relatedProducts = rows.relatedProducts.filter((r) => keep(r.productId))
  rows.bundleItems = rows.bundleItems.filter((r) => keep(r.bundleProductId))
  rows.reviews = rows.reviews.filter((r) => keep(r.productId))
  if (!labelsChanged) for (const table of LABEL_TABLES) rows[table] = []

  // What changed products had before is replaced: their texts, prices, related products, bundle items and reviews
  // are written anew; variants that left the seed stay (orders may name them) but are marked deleted, unpriced.
  const replaced = [...changed].filter((id) => existing.has(id))
  for (let i = 0; i < replaced.length; i += 500) {
    const ids = replaced.slice(i, i + 500)
    const batch = new Set(ids)
    const seededVariants = rows.productVariants.filter((v) => batch.has(v.productId!)).map((v) => v.id!)
    const variantsOf = trx.selectFrom('productVariants').select('id').where('productId', 'in', ids)
    await trx.deleteFrom('variantPrices').where('variantId', 'in', variantsOf).execute()
    await trx.deleteFrom('productTexts').where('productId', 'in', ids).execute()
    await trx.deleteFrom('relatedProducts').where('productId', 'in', ids).execute()
    await trx.deleteFrom('bundleItems').where('bundleProductId', 'in', ids).execute()
    // Only the seed's own reviews: those written from accounts (migration 0019) stay.
    await trx.deleteFrom('reviews').where('productId', 'in', ids).where('accountId', 'is', null).execute()
    let gone = trx.updateTable('productVariants').set({ isDeleted: true }).where('productId', 'in', ids)
    if (seededVariants.length > 0) gone = gone.where('id', 'not in', seededVariants)
    await gone.execute()
  }
  if (removed.length > 0) {
    await trx.updateTable('products').set({ isDeleted: true, version }).where('id', 'in', removed).execute()
    await trx
      .deleteFrom('variantPrices')
      .where('variantId', 'in', trx.selectFrom('productVariants').select('id').where('productId', 'in', removed))
      .execute()
  }
  if (labelsChanged)
    await trx.updateTable('catalogueState').set({ labelsVersion: version, labelsHash }).where('id', '=', 1).execute()
  return { version, changedProducts: changed.size, removedProducts: removed.length, labelsChanged }
}
