// Assembles a site's catalogue in one language from the catalogue tables: the products as the app sees them
// (CatalogueProduct, checked with the domain schema, so a bad row is an error here and never a bad answer) and the
// names of groups, facet values and landing pages.
import { FacetFilterSchema, NutritionSchema } from '../../domain/catalogue.ts'
import type { LanguageCode } from '../../domain/languages.ts'
import { routeKey } from '../../domain/routing.ts'
import {
  CatalogueProductSchema,
  type CatalogueLabels,
  type CatalogueProduct,
  type ListedFacetKey,
  type ProductReview,
} from '../../domain/product.ts'
import type { ProductType } from '../../domain/enums.ts'
import { unitPriceOf } from '../../domain/unit-price.ts'
import { z } from 'zod'
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

const ImageSchema = z.object({ name: z.string(), motif: z.string(), colour: z.string() })
const FacetsSchema = CatalogueProductSchema.shape.facets
const StringsSchema = z.array(z.string())

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

export async function loadSiteCatalogue(db: Db, site: SiteRecord, languageId: number): Promise<SiteCatalogue> {
  const language = site.languages.find((l) => l.languageId === languageId)
  if (!language) throw new Error(`Language ${languageId} is not offered on site ${site.id}`)
  const languageIds = [...new Set([languageId, site.fallbackLanguageId])]
  const fallbackId = site.fallbackLanguageId
  const [products, texts, variants, related, bundleItems, reviews, groups, facetValues, landingPages, paths] =
    await Promise.all([
      findSiteProducts(db, site.id),
      findProductTexts(db, languageIds),
      findSiteVariants(db, site.id),
      findRelatedProducts(db),
      findBundleItems(db),
      findReviews(db),
      findProductGroups(db, languageIds),
      findFacetValues(db, languageIds),
      findLandingPages(db, languageIds),
      findCataloguePaths(db, site.id, languageId),
    ])
  const pathOf = new Map(paths.map((p) => [p.routeKey, p.path]))
  const textsOf = groupBy(texts, (t) => t.productId)
  const variantsOf = groupBy(variants, (v) => v.productId)
  const relatedOf = groupBy(related, (r) => r.productId)
  const itemsOf = groupBy(bundleItems, (b) => b.bundleProductId)
  const reviewsOf = groupBy(reviews, (r) => r.productId)
  const sold = new Set(products.map((p) => p.id))

  const labels: CatalogueLabels = {
    productGroups: [...groupBy(groups, (g) => g.key).entries()].flatMap(([key, rows]) => {
      const text = inLanguage(rows, languageId, fallbackId)
      const path = pathOf.get(
        routeKey({ kind: 'productSearch', searchType: 'category', parameters: { productGroup: key } })!,
      )
      return text && path ? [{ key, name: text.name, description: text.description, path }] : []
    }),
    facetValues: {},
    landingPages: [...groupBy(landingPages, (p) => p.id).entries()].flatMap(([id, rows]) => {
      const text = inLanguage(rows, languageId, fallbackId)
      const path = pathOf.get(
        routeKey({ kind: 'productSearch', searchType: 'landingPage', parameters: { landingpageId: String(id) } })!,
      )
      if (!text || !path) return []
      const filters = z.array(FacetFilterSchema).parse(JSON.parse(text.filters))
      return [{ landingPageId: id, key: text.key, title: text.title, intro: text.intro, path, filters }]
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

  const result: CatalogueProduct[] = []
  for (const product of products) {
    const text = inLanguage(textsOf.get(product.id), languageId, fallbackId)
    const own = variantsOf.get(product.id) ?? []
    const isBundle = product.productType === 6
    const path = pathOf.get(
      isBundle
        ? `productBundle:${own[0]?.id}`
        : routeKey({ kind: 'productVariant', productVariantId: own[0]?.id ?? 0, omitArticleCode: true })!,
    )
    // Not shown without a name or a page in this language (a product half-way through being added).
    if (!text || !path || own.length === 0) continue
    const productReviews = (reviewsOf.get(product.id) ?? []).map((r): ProductReview => ({
      reviewId: r.id,
      title: r.title,
      text: r.text,
      rating: r.rating,
      language: r.language as LanguageCode,
      author: r.author,
      createdAt: r.createdAt,
    }))
    const image = ImageSchema.parse(JSON.parse(product.image))
    result.push(
      CatalogueProductSchema.parse({
        productId: product.id,
        key: product.key,
        productType: product.productType,
        name: text.name,
        shortDescription: text.shortDescription,
        description: StringsSchema.parse(JSON.parse(text.description)),
        usage: StringsSchema.parse(JSON.parse(text.usage)),
        seoTitle: text.seoTitle,
        seoDescription: text.seoDescription,
        path,
        brand: site.brandName,
        productGroup: product.productGroupKey,
        facets: FacetsSchema.parse(JSON.parse(product.facets)) as Partial<Record<ListedFacetKey, string[]>>,
        vatType: product.vatType,
        createdAt: product.createdAt,
        state: product.state,
        shelfLifeMonths: product.shelfLifeMonths,
        nutrition: product.nutrition === null ? null : NutritionSchema.parse(JSON.parse(product.nutrition)),
        videos: StringsSchema.parse(JSON.parse(product.videos)),
        image: { name: image.name, views: ['front', 'detail', 'scene'] },
        related: (relatedOf.get(product.id) ?? []).map((r) => r.relatedProductId).filter((id) => sold.has(id)),
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
                average:
                  Math.round((productReviews.reduce((s, r) => s + r.rating, 0) / productReviews.length) * 10) / 10,
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
      }),
    )
  }
  return { products: result, labels, language: language.code }
}
