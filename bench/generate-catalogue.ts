// Adds a generated catalogue of N variants to a migrated and seeded database, for the search benchmark: products on
// one site in one language (site 1 in Dutch), about 2.6 variants each like the seed, named and described from a word
// list of horse-feed words so that search terms hit many products, in the seed's groups and with its facet values,
// packages, nutrition and images, with prices, stock, canonical URLs and a new catalogue version (servers rebuild
// their catalogue on first use). Ids start above the seed's: products from 100000, variants product * 100 + n.
// The same arguments give the same catalogue (a fixed random seed), written in batches in one transaction.
//
//   npm exec -- node bench/generate-catalogue.ts --variants 100000 --database sqlite:big-catalogue.sqlite
//
// It is not seed data: a later `npm run db:seed` marks the generated products deleted, as it does every product that
// is not in the seed files.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Insertable, Transaction } from 'kysely'
import { currencyFromSymbol } from '../src/domain/currency.ts'
import { routeKey, type RouteTarget } from '../src/domain/routing.ts'
import { fold } from '../src/domain/search/text.ts'
import { migrateToLatest, openDatabase, type Db } from '../src/server/db/database.ts'
import type { Database } from '../src/server/db/schema.ts'
import { nextCatalogueVersion } from '../src/server/db/seed/catalogue-seed.repository.ts'
import { hasNoSites } from '../src/server/db/seed/seed.repository.ts'
import { seed as seedDatabase } from '../src/server/db/seed/seed.ts'
import { productName, texts } from './generated-texts.ts'
import { pick, pickSome, randomFrom, type Random } from '../src/domain/seeded-random.ts'

export const FIRST_GENERATED_PRODUCT = 100_000
const BUNDLE = 6
/** Products written per batch of inserts; each table's inserts are split further to stay under the bound-parameter
 * limits (SQLite 32766, PostgreSQL 65535). */
const PRODUCTS_PER_BATCH = 2000
const MAX_PARAMETERS = 30_000
/** Variants per product and how often: 2.6 on average, like the seed (155 variants of 60 products). */
const VARIANT_COUNTS = [
  [1, 0.15],
  [2, 0.3],
  [3, 0.35],
  [4, 0.2],
] as const

/** Euro prices end in .95, like the seed's. */
const price95 = (cents: number) => Math.max(95, Math.round(cents / 100) * 100 - 5)

/** EAN-13 with its check digit. */
function ean13(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce((total, d, i) => total + Number(d) * (i % 2 ? 3 : 1), 0)
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`
}

function variantCount(random: Random): number {
  let r = random()
  for (const [count, share] of VARIANT_COUNTS) if ((r -= share) < 0) return count
  return VARIANT_COUNTS.at(-1)![0]
}

type Rows = {
  products: Insertable<Database['products']>[]
  productTexts: Insertable<Database['productTexts']>[]
  productVariants: Insertable<Database['productVariants']>[]
  variantPrices: Insertable<Database['variantPrices']>[]
  variantStock: Insertable<Database['variantStock']>[]
  urls: Insertable<Database['urls']>[]
}
const TABLE_ORDER = ['products', 'productTexts', 'productVariants', 'variantPrices', 'variantStock', 'urls'] as const

async function insertRows(trx: Transaction<Database>, rows: Rows): Promise<void> {
  for (const table of TABLE_ORDER) {
    const list = rows[table]
    if (list.length === 0) continue
    const size = Math.floor(MAX_PARAMETERS / Object.keys(list[0]!).length)
    for (let i = 0; i < list.length; i += size)
      await trx
        .insertInto(table)
        .values(list.slice(i, i + size) as never)
        .execute()
  }
}

export interface GenerateOptions {
  /** How many variants to add. */
  variants: number
  siteId?: number
  language?: string
  /** The random seed: the same one gives the same catalogue. */
  randomSeed?: number
  /** Products come into the shop over the three years before this day ('new' counts from it). */
  now?: Date
}

export interface Generated {
  products: number
  variants: number
  version: number
  milliseconds: number
}

/** Adds the generated products to the catalogue of a site in one language, stamped with a new catalogue version. */
export async function generateCatalogue(db: Db, options: GenerateOptions): Promise<Generated> {
  const started = performance.now()
  const { variants: wanted, siteId = 1, language = 'nl', randomSeed = 1, now = new Date() } = options
  const random = randomFrom(randomSeed)
  return db.transaction().execute(async (trx) => {
    const site = await trx
      .selectFrom('sites')
      .select(['id', 'currencySymbol'])
      .where('id', '=', siteId)
      .executeTakeFirstOrThrow(() => new Error(`No site ${siteId}: migrate and seed the database first`))
    const { id: languageId } = await trx
      .selectFrom('languages')
      .select('id')
      .where('code', '=', language)
      .executeTakeFirstOrThrow(() => new Error(`No language ${language}`))
    const already = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('id', '>=', FIRST_GENERATED_PRODUCT)
      .executeTakeFirstOrThrow()
    if (Number(already.count) > 0) throw new Error('This database already has a generated catalogue')

    // The seed's products on the site are the templates: group, type, nutrition, image, packages and prices.
    const templates = await trx
      .selectFrom('products')
      .selectAll()
      .where('id', '<', FIRST_GENERATED_PRODUCT)
      .where('productType', '!=', BUNDLE)
      .where('isDeleted', '=', false)
      .orderBy('id')
      .execute()
    const templateVariants = await trx
      .selectFrom('productVariants as v')
      .innerJoin('variantPrices as p', (join) => join.onRef('p.variantId', '=', 'v.id').on('p.siteId', '=', siteId))
      .select([
        'v.productId',
        'v.package',
        'v.weightGrams',
        'v.contentMillilitres',
        'v.colour',
        'v.dimensions',
        'v.quantityPerPallet',
        'p.priceCents',
      ])
      .where('v.isDeleted', '=', false)
      .orderBy('v.productId')
      .orderBy('v.position')
      .execute()
    const variantsOf = Map.groupBy(templateVariants, (v) => v.productId)
    const sold = templates.filter((t) => variantsOf.has(t.id))
    if (sold.length === 0) throw new Error(`Site ${siteId} sells no seed products to take as templates`)
    const groupSlugs = new Map(
      (
        await trx
          .selectFrom('productGroupTexts')
          .select(['productGroupKey', 'slug'])
          .where('languageId', '=', languageId)
          .execute()
      ).map((g) => [g.productGroupKey, g.slug]),
    )
    const facetValues = Map.groupBy(
      await trx.selectFrom('facetValues').select(['facetKey', 'valueKey']).orderBy('position').execute(),
      (f) => f.facetKey,
    )
    const version = await nextCatalogueVersion(trx)
    const currency = currencyFromSymbol(site.currencySymbol)
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
    const stockTime = now.toISOString()

    let products = 0
    let variants = 0
    while (variants < wanted) {
      const rows: Rows = {
        products: [],
        productTexts: [],
        productVariants: [],
        variantPrices: [],
        variantStock: [],
        urls: [],
      }
      for (let n = 0; n < PRODUCTS_PER_BATCH && variants < wanted; n++) {
        const id = FIRST_GENERATED_PRODUCT + products++
        const template = pick(random, sold)
        const shapes = variantsOf.get(template.id)!
        const count = Math.min(variantCount(random), wanted - variants)
        variants += count
        const { name, noun } = productName(random, template.productGroupKey)
        const slug = `${fold(name).replaceAll(/[^a-z0-9]+/g, '-')}-${id}`
        const roll = random()
        const state = roll < 0.02 ? 'comingSoon' : roll < 0.04 ? 'notYetAvailable' : 'available'
        const listed = Object.keys(JSON.parse(template.facets) as object)
        const facets = Object.fromEntries(
          listed.map((key) => [key, pickSome(random, facetValues.get(key) ?? [], 1, 3).map((f) => f.valueKey)]),
        )
        const createdAt = new Date(today - Math.floor(random() * 3 * 365) * 86_400_000).toISOString().slice(0, 10)
        rows.products.push({
          id,
          key: `generated-${id}`,
          productType: template.productType,
          productGroupKey: template.productGroupKey,
          facets: JSON.stringify(facets),
          vatType: template.vatType,
          createdAt,
          state,
          shelfLifeMonths: template.shelfLifeMonths,
          nutrition: template.nutrition,
          videos: '[]',
          image: template.image,
          contentHash: 'generated',
          version,
          isDeleted: false,
        })
        rows.productTexts.push({
          productId: id,
          languageId,
          name,
          slug,
          ...texts(random, name, noun, template.nutrition !== null),
        })
        const base = `/${groupSlugs.get(template.productGroupKey)}/${slug}/`
        const at = (path: string, target: RouteTarget, isCanonical: boolean) =>
          rows.urls.push({
            siteId,
            path,
            languageId,
            kind: target.kind,
            routeKey: routeKey(target),
            target: JSON.stringify(target),
            isCanonical,
          })
        for (let position = 0; position < count; position++) {
          const variantId = id * 100 + position + 1
          // Past the template's own variants come bigger packs of the same kind.
          const shape = shapes[position % shapes.length]!
          const size = 1 + Math.floor(position / shapes.length)
          const articleNumber = `GV-${id}-${position + 1}`
          const priceCents = price95(shape.priceCents * size * (0.8 + 0.4 * random()))
          rows.productVariants.push({
            id: variantId,
            productId: id,
            key: `generated-${variantId}`,
            position,
            ean: ean13(`872${String(variantId).padStart(9, '0')}`),
            articleNumber,
            package: shape.package,
            weightGrams: shape.weightGrams === null ? null : shape.weightGrams * size,
            contentMillilitres: shape.contentMillilitres === null ? null : shape.contentMillilitres * size,
            colour: shape.colour,
            dimensions: shape.dimensions,
            quantityPerPallet: shape.quantityPerPallet,
            isDeleted: false,
          })
          rows.variantPrices.push({
            variantId,
            siteId,
            currency,
            priceCents,
            originalPriceCents: random() < 0.1 ? price95(priceCents * (1.1 + 0.15 * random())) : null,
          })
          rows.variantStock.push({
            variantId,
            amount: state !== 'available' || random() < 0.08 ? 0 : 1 + Math.floor(random() * 400),
            updatedAt: stockTime,
          })
          if (position === 0)
            at(base, { kind: 'productVariant', productVariantId: variantId, omitArticleCode: true }, true)
          at(
            `${base}${articleNumber.toLowerCase()}/`,
            { kind: 'productVariant', productVariantId: variantId, omitArticleCode: false },
            position > 0,
          )
        }
      }
      await insertRows(trx, rows)
    }
    return { products, variants, version, milliseconds: performance.now() - started }
  })
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      variants: { type: 'string' },
      database: { type: 'string', default: process.env.DATABASE_URL },
      site: { type: 'string', default: '1' },
      language: { type: 'string', default: 'nl' },
      seed: { type: 'string', default: '1' },
    },
  })
  const variants = Number(values.variants)
  if (!Number.isInteger(variants) || variants < 1 || !values.database) {
    console.error(
      'usage: node bench/generate-catalogue.ts --variants N --database sqlite:path|postgres://… [--site 1] [--language nl] [--seed 1]',
    )
    process.exit(2)
  }
  const database = openDatabase(values.database)
  try {
    await migrateToLatest(database.db)
    if (await hasNoSites(database.db)) await seedDatabase(database.db)
    const generated = await generateCatalogue(database.db, {
      variants,
      siteId: Number(values.site),
      language: values.language,
      randomSeed: Number(values.seed),
    })
    console.log(
      `Added ${generated.products} products with ${generated.variants} variants (catalogue version ${generated.version}) in ${(generated.milliseconds / 1000).toFixed(1)} s`,
    )
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}
