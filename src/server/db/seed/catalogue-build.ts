// Turns the seed catalogue (catalogue/products.json, catalogue/texts.<language>.json, catalogue/landing-pages.json)
// into table rows and URLs for every site that sells it.
// Ids are fixed by position so that seeding twice writes the same rows: product = its place in products.json (from 1),
// variant = product * 100 + place (from 1), review = product * 100 + place; landing page = its place. New products
// are appended to the file, never inserted, so existing ids stay.
import { createHash } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { LanguageCode } from '../../../domain/language-codes.ts'
import { currencyFromSymbol, fromEuroCents } from '../../../domain/currency.ts'
import { ProductType } from '../../../domain/enums.ts'
import type { RouteTarget } from '../../../domain/routing.ts'
import { SEARCH_SLUGS } from '../../../domain/catalogue-paths.ts'
import { productImageName } from '../../../domain/product-images.ts'
import { WEIGHT_CLASSES, YES } from '../../../domain/search/catalogue-search.ts'
import { translate } from '../../i18n.ts'
import type { Database } from '../schema.ts'
import { loadCatalogueSeed, loadCatalogueTexts, loadLandingPages } from './catalogue-data.ts'
import type { CatalogueBrandSchema, CatalogueTexts, ProductSeed } from './catalogue-template.ts'
import type { SiteSeed } from './data.ts'
import type { z } from 'zod'

type Brand = z.infer<typeof CatalogueBrandSchema>

export const CATALOGUE_TABLES = [
  'productGroups',
  'productGroupTexts',
  'facetValues',
  'facetValueTexts',
  'landingPages',
  'landingPageTexts',
  'products',
  'productTexts',
  'productVariants',
  'variantPrices',
  'variantStock',
  'relatedProducts',
  'bundleItems',
  'reviews',
] as const satisfies readonly (keyof Database)[]
export type CatalogueTable = (typeof CATALOGUE_TABLES)[number]
export type CatalogueRows = { [T in CatalogueTable]: Insertable<Database[T]>[] }

/** Tables whose rows belong to one product (what a product's content hash covers and a changed product replaces). */
export const PRODUCT_CHILD_TABLES = [
  'productTexts',
  'productVariants',
  'variantPrices',
  'variantStock',
  'relatedProducts',
  'bundleItems',
  'reviews',
] as const satisfies readonly CatalogueTable[]
/** Tables of names: groups, facet values, landing pages. */
export const LABEL_TABLES = [
  'productGroups',
  'productGroupTexts',
  'facetValues',
  'facetValueTexts',
  'landingPages',
  'landingPageTexts',
] as const satisfies readonly CatalogueTable[]

/** When the seeded stock was counted: fixed, so a second seed writes the same rows. */
export const SEED_STOCK_TIME = '2026-11-01T06:00:00.000Z'

const PRODUCT_TYPES = {
  simple: ProductType.Simple,
  feed: ProductType.Feed,
  merchandise: ProductType.Merchandise,
  rqs: ProductType.Rqs,
  qs: ProductType.Qs,
  bundle: ProductType.Bundle,
} as const

export const productIdOf = (index: number) => index + 1
export const variantIdOf = (productId: number, index: number) => productId * 100 + index + 1

/** The catalogue brand a site sells: the main brand, its German variant, the second brand; the corporate site none. */
export function catalogueBrandOf(site: Pick<SiteSeed, 'type' | 'variant'>): Brand | null {
  if (site.type === 2) return null
  if (site.type === 1) return 'paddockpure'
  return site.variant === 'muehldorfer' ? 'muehldorfer' : 'equivera'
}

export interface SiteLanguageOfCatalogue {
  site: SiteSeed
  language: LanguageCode
  languageId: number
  /** '' or e.g. 'fr' for the site's second language. */
  prefix: string
}

export interface CatalogueUrl {
  siteId: number
  languageId: number
  path: string
  target: RouteTarget
  isCanonical: boolean
}

const json = (value: unknown) => JSON.stringify(value)
export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)

/** Catalogue rows (products carry version 0 and their content hash; the seed stamps versions) and catalogue URLs. */
export function buildCatalogue(
  siteLanguages: SiteLanguageOfCatalogue[],
  languageIdOf: (code: LanguageCode) => number,
): { rows: CatalogueRows; urls: CatalogueUrl[]; navigation: Map<string, { title: string; route: string }[]> } {
  const seed = loadCatalogueSeed()
  const texts = new Map(loadCatalogueTexts().map((t) => [t.language, t]))
  const landing = loadLandingPages()
  const rows = Object.fromEntries(CATALOGUE_TABLES.map((t) => [t, []])) as unknown as CatalogueRows
  const urls: CatalogueUrl[] = []
  const navigation = new Map<string, { title: string; route: string }[]>()
  const languages = [...texts.keys()]

  // Names: product groups, facet values (those products list, packages, weight classes, sale and new).
  seed.productGroups.forEach((key, position) => rows.productGroups.push({ key, position }))
  type Label = (language: LanguageCode, t: CatalogueTexts) => string
  const facetValues: [facetKey: string, valueKey: string, label: Label][] = [
    ...Object.entries(seed.facetValues).flatMap(([facet, values]) =>
      values.map((value): [string, string, Label] => [
        facet,
        value,
        (_, t) => t.facetValues[facet as 'horseType']![value]!,
      ]),
    ),
    ...['bag', 'bucket', 'bigBag', 'silo', 'bottle', 'box', 'piece'].map((value): [string, string, Label] => [
      'package',
      value,
      (_, t) => t.packages[value]!,
    ]),
    ...WEIGHT_CLASSES.map((c): [string, string, Label] => [
      'weightClass',
      c.key,
      (language) => translate(language, `catalogue.weightClass.${c.key}`),
    ]),
    ['sale', YES, (language) => translate(language, 'catalogue.facetValue.sale')],
    ['new', YES, (language) => translate(language, 'catalogue.facetValue.new')],
  ]
  facetValues.forEach(([facetKey, valueKey], position) => rows.facetValues.push({ facetKey, valueKey, position }))
  for (const [language, t] of texts) {
    const languageId = languageIdOf(language)
    for (const key of seed.productGroups) {
      const group = t.productGroups[key]!
      rows.productGroupTexts.push({
        productGroupKey: key,
        languageId,
        name: group.name,
        slug: group.slug,
        description: group.description,
      })
    }
    for (const [facetKey, valueKey, label] of facetValues)
      rows.facetValueTexts.push({ facetKey, valueKey, languageId, label: label(language, t) })
  }
  landing.pages.forEach((page, index) => {
    const id = index + 1
    rows.landingPages.push({ id, key: page.key, filters: json(page.filters), position: index })
    for (const language of languages) {
      const text = landing.texts[language]?.[page.key]
      if (!text) throw new Error(`landing-pages.json: no ${language} text for ${page.key}`)
      rows.landingPageTexts.push({ landingPageId: id, languageId: languageIdOf(language), ...text })
    }
  })

  // Products, each with its own rows; the content hash covers all of them.
  const productIds = new Map(seed.products.map((p, index) => [p.key, productIdOf(index)]))
  const variantIds = new Map(
    seed.products.flatMap((p, index) => p.variants.map((v, vi) => [v.key, variantIdOf(productIdOf(index), vi)])),
  )
  const sitesOf = (product: ProductSeed) =>
    [...new Map(siteLanguages.map((sl) => [sl.site.siteId, sl.site])).values()].filter((site) => {
      const brand = catalogueBrandOf(site)
      return brand !== null && product.brands.includes(brand)
    })

  seed.products.forEach((product, index) => {
    const id = productIdOf(index)
    const own = Object.fromEntries(PRODUCT_CHILD_TABLES.map((t) => [t, []])) as unknown as Pick<
      CatalogueRows,
      (typeof PRODUCT_CHILD_TABLES)[number]
    >
    for (const [language, t] of texts) {
      const text = t.products[product.key]!
      own.productTexts.push({
        productId: id,
        languageId: languageIdOf(language),
        name: text.name,
        slug: text.slug,
        shortDescription: text.shortDescription,
        description: json(text.description),
        usage: json(text.usage),
        seoTitle: text.seoTitle,
        seoDescription: text.seoDescription,
      })
    }
    const sites = sitesOf(product)
    product.variants.forEach((variant, position) => {
      const variantId = variantIds.get(variant.key)!
      own.productVariants.push({
        id: variantId,
        productId: id,
        key: variant.key,
        position,
        ean: variant.ean,
        articleNumber: variant.articleNumber,
        package: variant.package,
        weightGrams: variant.weightGrams,
        contentMillilitres: variant.contentMillilitres,
        colour: variant.colour,
        dimensions: variant.dimensions,
        quantityPerPallet: variant.quantityPerPallet,
        isDeleted: false,
      })
      for (const site of sites) {
        const currency = currencyFromSymbol(site.currencySymbol)
        own.variantPrices.push({
          variantId,
          siteId: site.siteId,
          currency,
          priceCents: fromEuroCents(variant.priceCents, currency),
          originalPriceCents:
            variant.originalPriceCents === null ? null : fromEuroCents(variant.originalPriceCents, currency),
        })
      }
      own.variantStock.push({ variantId, amount: variant.stock, updatedAt: SEED_STOCK_TIME })
    })
    product.related.forEach((key, position) =>
      own.relatedProducts.push({ productId: id, relatedProductId: productIds.get(key)!, position }),
    )
    ;(product.bundleItems ?? []).forEach((item, position) =>
      own.bundleItems.push({
        bundleProductId: id,
        variantId: variantIds.get(item.variant)!,
        quantity: item.quantity,
        position,
      }),
    )
    product.reviews.forEach((review, position) =>
      own.reviews.push({
        id: id * 100 + position + 1,
        productId: id,
        languageId: languageIdOf(review.language),
        rating: review.rating,
        author: review.author,
        title: review.title,
        text: review.text,
        createdAt: review.createdAt,
      }),
    )
    const productRow = {
      id,
      key: product.key,
      productType: PRODUCT_TYPES[product.type],
      productGroupKey: product.productGroup,
      facets: json(product.facets),
      vatType: product.vatType,
      createdAt: product.createdAt,
      state: product.state,
      shelfLifeMonths: product.shelfLifeMonths,
      nutrition: product.nutrition === null ? null : json(product.nutrition),
      feeding: product.feeding === null ? null : json(product.feeding),
      videos: json(product.videos),
      image: json({
        name: productImageName(product.key, product.image.motif, product.image.colour),
        motif: product.image.motif,
        colour: product.image.colour,
      }),
      isDeleted: false,
    }
    rows.products.push({ ...productRow, contentHash: hashOf([productRow, own]), version: 0 })
    for (const table of PRODUCT_CHILD_TABLES) (rows[table] as unknown[]).push(...own[table])
  })

  // URLs per site and language: the search page, landing pages, categories with products there, products, variants.
  for (const { site, language, languageId, prefix } of siteLanguages) {
    const brand = catalogueBrandOf(site)
    const t = texts.get(language)
    if (brand === null || !t) continue
    const at = (path: string) => (prefix ? `/${prefix}${path}` : path)
    const add = (path: string, target: RouteTarget, isCanonical = true) =>
      urls.push({ siteId: site.siteId, languageId, path: at(path), target, isCanonical })
    add(`/${SEARCH_SLUGS[language]}/`, { kind: 'productSearch', searchType: 'search', parameters: {} })
    landing.pages.forEach((page, index) =>
      add(`/${landing.texts[language]![page.key]!.slug}/`, {
        kind: 'productSearch',
        searchType: 'landingPage',
        parameters: { landingpageId: String(index + 1) },
      }),
    )
    const sold = seed.products.filter((p) => p.brands.includes(brand))
    const groups = seed.productGroups.filter((g) => sold.some((p) => p.productGroup === g))
    for (const group of groups)
      add(`/${t.productGroups[group]!.slug}/`, {
        kind: 'productSearch',
        searchType: 'category',
        parameters: { productGroup: group },
      })
    navigation.set(
      `${site.siteId}:${languageId}`,
      groups.map((group) => ({ title: t.productGroups[group]!.name, route: at(`/${t.productGroups[group]!.slug}/`) })),
    )
    for (const product of sold) {
      const base = `/${t.productGroups[product.productGroup]!.slug}/${t.products[product.key]!.slug}/`
      const first = variantIds.get(product.variants[0]!.key)!
      if (product.type === 'bundle') {
        add(base, { kind: 'productBundle', productVariantBundleId: first })
        continue
      }
      add(base, { kind: 'productVariant', productVariantId: first, omitArticleCode: true })
      product.variants.forEach((variant, position) =>
        add(
          `${base}${variant.articleNumber.toLowerCase()}/`,
          { kind: 'productVariant', productVariantId: variantIds.get(variant.key)!, omitArticleCode: false },
          position > 0,
        ),
      )
    }
  }
  return { rows, urls, navigation }
}
