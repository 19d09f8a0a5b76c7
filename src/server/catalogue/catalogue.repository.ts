import { sql } from 'kysely'
import { z } from 'zod'
import { FacetFilterSchema, NutritionSchema } from '../../domain/catalogue.ts'
import { CatalogueProductSchema, FeedingGuideSchema, type ListedFacetKey } from '../../domain/product.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import { nextCatalogueVersion } from '../db/seed/catalogue-seed.repository.ts'

// Catalogue queries. A site's catalogue is read in a handful of set queries (not one per product), because the
// server keeps it in memory per site and language: whole the first time, then only the products that changed
// (`only`, a non-empty list of product ids) whenever the catalogue version moves. JSON columns leave here parsed.

const strings = (table: string, column: string) => jsonColumn(table, column, z.array(z.string()))
const facets = jsonColumn('products', 'facets', CatalogueProductSchema.shape.facets)
const nutrition = jsonColumn('products', 'nutrition', NutritionSchema)
const feeding = jsonColumn('products', 'feeding', FeedingGuideSchema)
const videos = strings('products', 'videos')
const image = jsonColumn('products', 'image', z.object({ name: z.string(), motif: z.string(), colour: z.string() }))
const description = strings('productTexts', 'description')
const usage = strings('productTexts', 'usage')
const filters = jsonColumn('landingPages', 'filters', z.array(FacetFilterSchema))

type Only = readonly number[] | undefined

export async function catalogueVersion(db: Db): Promise<{ version: number; labelsVersion: number }> {
  const row = await db
    .selectFrom('catalogueState')
    .select(['version', 'labelsVersion'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return { version: Number(row.version), labelsVersion: Number(row.labelsVersion) }
}

/** Products sold on a site (at least one priced variant), not deleted. */
export async function findSiteProducts(db: Db, siteId: number, only?: Only) {
  const rows = await db
    .selectFrom('products as p')
    .selectAll('p')
    .where('p.isDeleted', '=', false)
    .$if(only !== undefined, (qb) => qb.where('p.id', 'in', only!))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('productVariants as v')
          .innerJoin('variantPrices as vp', 'vp.variantId', 'v.id')
          .select(sql`1`.as('one'))
          .whereRef('v.productId', '=', 'p.id')
          .where('v.isDeleted', '=', false)
          .where('vp.siteId', '=', siteId),
      ),
    )
    .orderBy('p.id')
    .execute()
  return rows.map((row) => ({
    ...row,
    facets: facets.parse(row.facets) as Partial<Record<ListedFacetKey, string[]>>,
    nutrition: nutrition.parseNullable(row.nutrition),
    feeding: feeding.parseNullable(row.feeding),
    videos: videos.parse(row.videos),
    image: image.parse(row.image),
  }))
}

export async function findProductTexts(db: Db, languageIds: number[], only?: Only) {
  const rows = await db
    .selectFrom('productTexts')
    .selectAll()
    .where('languageId', 'in', languageIds)
    .$if(only !== undefined, (qb) => qb.where('productId', 'in', only!))
    .execute()
  return rows.map((row) => ({ ...row, description: description.parse(row.description), usage: usage.parse(row.usage) }))
}

/** A site's priced variants with their price there and their stock, in display order. */
export function findSiteVariants(db: Db, siteId: number, only?: Only) {
  return db
    .selectFrom('productVariants as v')
    .innerJoin('variantPrices as vp', (join) => join.onRef('vp.variantId', '=', 'v.id').on('vp.siteId', '=', siteId))
    .leftJoin('variantStock as s', 's.variantId', 'v.id')
    .select([
      'v.id',
      'v.productId',
      'v.ean',
      'v.articleNumber',
      'v.package',
      'v.weightGrams',
      'v.contentMillilitres',
      'v.colour',
      'v.dimensions',
      'v.quantityPerPallet',
      'vp.currency',
      'vp.priceCents',
      'vp.originalPriceCents',
      's.amount as stock',
      's.updatedAt as stockUpdatedAt',
    ])
    .where('v.isDeleted', '=', false)
    .$if(only !== undefined, (qb) => qb.where('v.productId', 'in', only!))
    .orderBy('v.productId')
    .orderBy('v.position')
    .execute()
}

export function findRelatedProducts(db: Db, only?: Only) {
  return db
    .selectFrom('relatedProducts')
    .selectAll()
    .$if(only !== undefined, (qb) => qb.where('productId', 'in', only!))
    .orderBy('productId')
    .orderBy('position')
    .execute()
}

export function findBundleItems(db: Db, only?: Only) {
  return db
    .selectFrom('bundleItems as b')
    .innerJoin('productVariants as v', 'v.id', 'b.variantId')
    .select(['b.bundleProductId', 'b.variantId', 'v.productId', 'b.quantity'])
    .$if(only !== undefined, (qb) => qb.where('b.bundleProductId', 'in', only!))
    .orderBy('b.bundleProductId')
    .orderBy('b.position')
    .execute()
}

/** The reviews product pages show: approved ones (seeded, or written and moderated: migration 0019). */
export function findReviews(db: Db, only?: Only) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('languages as l', 'l.id', 'r.languageId')
    .select(['r.id', 'r.productId', 'l.code as language', 'r.rating', 'r.author', 'r.title', 'r.text', 'r.createdAt'])
    .where('r.status', '=', 'approved')
    .$if(only !== undefined, (qb) => qb.where('r.productId', 'in', only!))
    .orderBy('r.productId')
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id')
    .execute()
}

export function findProductGroups(db: Db, languageIds: number[]) {
  return db
    .selectFrom('productGroups as g')
    .innerJoin('productGroupTexts as t', 't.productGroupKey', 'g.key')
    .select(['g.key', 'g.position', 't.languageId', 't.name', 't.description'])
    .where('t.languageId', 'in', languageIds)
    .orderBy('g.position')
    .execute()
}

export function findFacetValues(db: Db, languageIds: number[]) {
  return db
    .selectFrom('facetValues as f')
    .innerJoin('facetValueTexts as t', (join) =>
      join.onRef('t.facetKey', '=', 'f.facetKey').onRef('t.valueKey', '=', 'f.valueKey'),
    )
    .select(['f.facetKey', 'f.valueKey', 't.languageId', 't.label'])
    .where('t.languageId', 'in', languageIds)
    .orderBy('f.position')
    .execute()
}

export async function findLandingPages(db: Db, languageIds: number[]) {
  const rows = await db
    .selectFrom('landingPages as p')
    .innerJoin('landingPageTexts as t', 't.landingPageId', 'p.id')
    .select(['p.id', 'p.key', 'p.filters', 't.languageId', 't.title', 't.intro'])
    .where('t.languageId', 'in', languageIds)
    .orderBy('p.position')
    .execute()
  return rows.map((row) => ({ ...row, filters: filters.parse(row.filters) }))
}

/**
 * Canonical catalogue paths of a site in a language, by route key (products, bundles, categories, search); `routeKeys`
 * (non-empty) limits them to those.
 */
export function findCataloguePaths(db: Db, siteId: number, languageId: number, routeKeys?: readonly string[]) {
  return db
    .selectFrom('urls')
    .select(['routeKey', 'path'])
    .where('siteId', '=', siteId)
    .where('languageId', '=', languageId)
    .where('isCanonical', '=', true)
    .where('kind', 'in', ['productVariant', 'productBundle', 'productSearch'])
    .$if(routeKeys !== undefined, (qb) => qb.where('routeKey', 'in', routeKeys!))
    .execute()
}

/** Ids and versions of every product (tombstones included) that changed after a version: what a delta covers. */
export async function findProductVersionsSince(db: Db, since: number): Promise<{ id: number; version: number }[]> {
  const rows = await db.selectFrom('products').select(['id', 'version']).where('version', '>', since).execute()
  return rows.map((r) => ({ id: r.id, version: Number(r.version) }))
}

/**
 * Sets the stock of a variant and stamps its product with a new catalogue version, in one transaction (what the
 * order flow and a warehouse import call). Returns the new version, or null for an unknown variant.
 */
export async function setStock(db: Db, variantId: number, amount: number, at: Date): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const variant = await trx
      .selectFrom('productVariants')
      .select('productId')
      .where('id', '=', variantId)
      .executeTakeFirst()
    if (!variant) return null
    const version = await nextCatalogueVersion(trx)
    await trx
      .insertInto('variantStock')
      .values({ variantId, amount, updatedAt: at.toISOString() })
      .onConflict((oc) => oc.column('variantId').doUpdateSet({ amount, updatedAt: at.toISOString() }))
      .execute()
    await trx.updateTable('products').set({ version }).where('id', '=', variant.productId).execute()
    return version
  })
}

/** Sets the price of a variant on a site (a sale: with the price before), stamping its product with a new version. */
export async function setPrice(
  db: Db,
  variantId: number,
  siteId: number,
  priceCents: number,
  originalPriceCents: number | null,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const variant = await trx
      .selectFrom('productVariants')
      .select('productId')
      .where('id', '=', variantId)
      .executeTakeFirst()
    if (!variant) return null
    const updated = await trx
      .updateTable('variantPrices')
      .set({ priceCents, originalPriceCents })
      .where('variantId', '=', variantId)
      .where('siteId', '=', siteId)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return null
    const version = await nextCatalogueVersion(trx)
    await trx.updateTable('products').set({ version }).where('id', '=', variant.productId).execute()
    return version
  })
}
