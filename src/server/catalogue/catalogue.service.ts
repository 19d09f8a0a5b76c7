// Assembles a site's catalogue in one language from the catalogue tables: the products as the app sees them
// (CatalogueProduct, checked with the domain schema, so a bad row is an error here and never a bad answer) and the
// names of groups, facet values and landing pages. Whole the first time; after a change, only the products that
// changed are read and assembled again (loadCatalogueChanges), the same way.
import type { LanguageCode } from '../../domain/language-codes.ts'
import { routeKey } from '../../domain/routing.ts'
import {
  CatalogueProductSchema,
  type CatalogueLabels,
  type CatalogueProduct,
  type ProductReview,
} from '../../domain/product.ts'
import type { ProductType } from '../../domain/enums.ts'
import { unitPriceOf } from '../../domain/unit-price.ts'
import type { Db } from '../db/database.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import {
  findBundleItems,
  findCataloguePaths,
  findFacetValues,
  findLandingPages,
  findProductGroups,
  findProductTexts,
  findRelatedProducts,
  findReviews,
  findSiteProducts,
  findSiteVariants,
} from './catalogue.repository.ts'

export interface SiteCatalogue {
  products: CatalogueProduct[]
  labels: CatalogueLabels
  language: LanguageCode
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = map.get(k)
    if (list) list.push(row)
    else map.set(k, [row])
  }
  return map
}

/** Texts in the language, else in the site's fallback language. */
function inLanguage<T extends { languageId: number }>(rows: T[] | undefined, languageId: number, fallbackId: number) {
  return rows?.find((r) => r.languageId === languageId) ?? rows?.find((r) => r.languageId === fallbackId)
}

type Rows<T extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<T>>

/** The rows of a site's products (all, or only some) in a language and its fallback. */
interface ProductRows {
  products: Rows<typeof findSiteProducts>
  texts: Rows<typeof findProductTexts>
  variants: Rows<typeof findSiteVariants>
  related: Rows<typeof findRelatedProducts>
  bundleItems: Rows<typeof findBundleItems>
  reviews: Rows<typeof findReviews>
}

async function findProductRows(
  db: Db,
  siteId: number,
  languageIds: number[],
  only?: readonly number[],
): Promise<ProductRows> {
  const [products, texts, variants, related, bundleItems, reviews] = await Promise.all([
    findSiteProducts(db, siteId, only),
    findProductTexts(db, languageIds, only),
    findSiteVariants(db, siteId, only),
    findRelatedProducts(db, only),
    findBundleItems(db, only),
    findReviews(db, only),
  ])
  return { products, texts, variants, related, bundleItems, reviews }
}

interface Scope {
  site: SiteRecord
  languageId: number
  fallbackId: number
  language: SiteRecord['languages'][number]
  languageIds: number[]
}

function scopeOf(site: SiteRecord, languageId: number): Scope {
  const language = site.languages.find((l) => l.languageId === languageId)
  if (!language) throw new Error(`Language ${languageId} is not offered on site ${site.id}`)
  return {
    site,
    languageId,
    fallbackId: site.fallbackLanguageId,
    language,
    languageIds: [...new Set([languageId, site.fallbackLanguageId])],
  }
}

/**
 * The products of these rows that the site shows: with a name (in the language or its fallback), a page and a
 * variant; a product half-way through being added is left out. Related products are kept where `shown` holds them
 * (a link to a product without a page would lead nowhere); `shown` left out means these rows' own shown products.
 */
function assembleProducts(
  rows: ProductRows,
  pathOf: ReadonlyMap<string | null, string>,
  { site, languageId, fallbackId, language }: Scope,
  shown?: ReadonlySet<number>,
): CatalogueProduct[] {
  const textsOf = groupBy(rows.texts, (t) => t.productId)
  const variantsOf = groupBy(rows.variants, (v) => v.productId)
  const relatedOf = groupBy(rows.related, (r) => r.productId)
  const itemsOf = groupBy(rows.bundleItems, (b) => b.bundleProductId)
  const reviewsOf = groupBy(rows.reviews, (r) => r.productId)
  const pathOfProduct = (product: ProductRows['products'][number]) => {
    const own = variantsOf.get(product.id) ?? []
    return pathOf.get(product.productType === 6 ? `productBundle:${own[0]?.id}` : `productVariant:${own[0]?.id}`)
  }
  const showable = rows.products.filter(
    (p) => inLanguage(textsOf.get(p.id), languageId, fallbackId) && pathOfProduct(p) && variantsOf.has(p.id),
  )
  const linkable = shown ?? new Set(showable.map((p) => p.id))

  return showable.map((product) => {
    const text = inLanguage(textsOf.get(product.id), languageId, fallbackId)!
    const own = variantsOf.get(product.id)!
    const path = pathOfProduct(product)!
    const isBundle = product.productType === 6
    const productReviews = (reviewsOf.get(product.id) ?? []).map((r): ProductReview => ({
      reviewId: r.id,
      title: r.title,
      text: r.text,
      rating: r.rating,
      language: r.language as LanguageCode,
      author: r.author,
      // Seeded reviews hold a date, written ones the moment they were written.
      createdAt: r.createdAt.slice(0, 10),
    }))
    return CatalogueProductSchema.parse({
      productId: product.id,
      key: product.key,
      productType: product.productType,
      name: text.name,
      shortDescription: text.shortDescription,
      description: text.description,
      usage: text.usage,
      seoTitle: text.seoTitle,
      seoDescription: text.seoDescription,
      path,
      brand: site.brandName,
      productGroup: product.productGroupKey,
      facets: product.facets,
      vatType: product.vatType,
      createdAt: product.createdAt,
      state: product.state,
      shelfLifeMonths: product.shelfLifeMonths,
      nutrition: product.nutrition,
      feeding: product.feeding,
      videos: product.videos,
      image: { name: product.image.name, views: ['front', 'detail', 'scene'] },
      related: (relatedOf.get(product.id) ?? []).map((r) => r.relatedProductId).filter((id) => linkable.has(id)),
      bundleItems: isBundle
        ? (itemsOf.get(product.id) ?? []).map((b) => ({
            productId: b.productId,
            productVariantId: b.variantId,
            quantity: b.quantity,
          }))
        : null,
      rating:
        productReviews.length === 0
          ? null
          : {
              average: Math.round((productReviews.reduce((s, r) => s + r.rating, 0) / productReviews.length) * 10) / 10,
              count: productReviews.length,
            },
      // The shopper's language first, then the newest.
      reviews: productReviews
        .toSorted((a, b) => Number(b.language === language.code) - Number(a.language === language.code))
        .slice(0, 50),
      currency: own[0]!.currency,
      variants: own.map((v) => ({
        productVariantId: v.id,
        articleNumber: v.articleNumber,
        ean: v.ean,
        package: v.package,
        weightGrams: v.weightGrams,
        contentMillilitres: v.contentMillilitres,
        colour: v.colour,
        dimensions: v.dimensions,
        quantityPerPallet: v.quantityPerPallet,
        price: v.priceCents,
        originalPrice: v.originalPriceCents,
        unitPrice: unitPriceOf({
          productType: product.productType as ProductType,
          price: v.priceCents,
          weightGrams: v.weightGrams,
          contentMillilitres: v.contentMillilitres,
        }),
        stock: v.stock ?? 0,
        // A variant without a page of its own (a bundle's) is shown on its product's page.
        path: pathOf.get(`productVariant:${v.id}`) ?? path,
      })),
      version: Number(product.version),
    })
  })
}

export async function loadSiteCatalogue(db: Db, site: SiteRecord, languageId: number): Promise<SiteCatalogue> {
  const scope = scopeOf(site, languageId)
  const { languageIds, fallbackId, language } = scope
  const [productRows, groups, facetValues, landingPages, paths] = await Promise.all([
    findProductRows(db, site.id, languageIds),
    findProductGroups(db, languageIds),
    findFacetValues(db, languageIds),
    findLandingPages(db, languageIds),
    findCataloguePaths(db, site.id, languageId),
  ])
  const pathOf = new Map(paths.map((p) => [p.routeKey, p.path]))

  const labels: CatalogueLabels = {
    productGroups: [...groupBy(groups, (g) => g.key).entries()].flatMap(([key, rows]) => {
      const text = inLanguage(rows, languageId, fallbackId)
      const path = pathOf.get(
        routeKey({ kind: 'productSearch', searchType: 'category', parameters: { productGroup: key } })!,
      )
      return text && path ? [{ key, name: text.name, description: text.description, path, image: null }] : []
    }),
    facetValues: {},
    landingPages: [...groupBy(landingPages, (p) => p.id).entries()].flatMap(([id, rows]) => {
      const text = inLanguage(rows, languageId, fallbackId)
      const path = pathOf.get(
        routeKey({ kind: 'productSearch', searchType: 'landingPage', parameters: { landingpageId: String(id) } })!,
      )
      if (!text || !path) return []
      return [{ landingPageId: id, key: text.key, title: text.title, intro: text.intro, path, filters: text.filters }]
    }),
    searchPath:
      pathOf.get(routeKey({ kind: 'productSearch', searchType: 'search', parameters: {} })!) ??
      `/${language.pathPrefix ? `${language.pathPrefix}/` : ''}`,
  }
  for (const [key, rows] of groupBy(facetValues, (f) => `${f.facetKey}\n${f.valueKey}`)) {
    const text = inLanguage(rows, languageId, fallbackId)
    if (!text) continue
    const [facetKey, valueKey] = key.split('\n') as [keyof CatalogueLabels['facetValues'], string]
    ;(labels.facetValues[facetKey] ??= {})[valueKey] = text.label
  }

  const products = assembleProducts(productRows, pathOf, scope)
  // A group's picture (the home page's group tiles): the pack of its first product.
  for (const group of labels.productGroups)
    group.image = products.find((product) => product.productGroup === group.key)?.image.name ?? null
  return { products, labels, language: language.code }
}

/**
 * A catalogue with the products that changed (ids from the catalogue version, over every site) read again, and those
 * products; null where only a whole load gives the right catalogue: when a product comes onto the site or leaves it
 * (a new one, one withdrawn or deleted, or one that gained or lost its name or page), because other products' related
 * lists would change with it.
 */
export async function loadCatalogueChanges(
  db: Db,
  site: SiteRecord,
  languageId: number,
  previous: SiteCatalogue,
  changedIds: readonly number[],
): Promise<{ catalogue: SiteCatalogue; changed: CatalogueProduct[] } | null> {
  if (changedIds.length === 0) return { catalogue: previous, changed: [] }
  const scope = scopeOf(site, languageId)
  const shown = new Set(previous.products.map((p) => p.productId))
  const rows = await findProductRows(db, site.id, scope.languageIds, changedIds)
  const keys = rows.variants.flatMap((v) => [`productVariant:${v.id}`, `productBundle:${v.id}`])
  const paths = keys.length === 0 ? [] : await findCataloguePaths(db, site.id, languageId, keys)
  const changed = assembleProducts(rows, new Map(paths.map((p) => [p.routeKey, p.path])), scope, shown)
  const changedShown = new Set(changed.map((p) => p.productId))
  if (changedIds.some((id) => shown.has(id) !== changedShown.has(id))) return null
  if (changed.length === 0) return { catalogue: previous, changed }
  const byId = new Map(changed.map((p) => [p.productId, p]))
  return {
    catalogue: { ...previous, products: previous.products.map((p) => byId.get(p.productId) ?? p) },
    changed,
  }
}
