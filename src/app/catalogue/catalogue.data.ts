// Loading catalogue pages: product lists (a category, a landing page, the search page) and product pages,
// from the server or, without a network, from the offline catalogue. Loaded by the dynamic route on demand, so the
// home page does not carry it.
import type { FacetFilter } from '../../domain/catalogue.ts'
import type { SearchResponse } from '../../domain/catalogue-api.ts'
import type { CatalogueProduct, LandingPage } from '../../domain/product.ts'
import type { Alternate } from '../../domain/routing.ts'
import { listStateFromQuery, searchRequestOf, type ListState } from '../../domain/search/search-url.ts'
import type { AppServices } from '../router-context.ts'
import { catalogueLabels, productByVariant, productsByIds, searchProducts, type Freshness } from './catalogue-source.ts'

export type ListKind = 'category' | 'landingPage' | 'search'

export interface ProductListData {
  kind: 'productList'
  listKind: ListKind
  /** A category's or landing page's name and text; the search page has its own. */
  title: string | null
  intro: string | null
  path: string
  productGroup: string | null
  landingpageId: number | null
  state: ListState
  response: SearchResponse
  /** Other product selections shown as promotions (the landing pages). */
  promotions: LandingPage[]
  freshness: Freshness
  alternates: Alternate[]
}

export interface ProductPageData {
  kind: 'product'
  product: CatalogueProduct
  productVariantId: number
  omitArticleCode: boolean
  related: CatalogueProduct[]
  /** The products a bundle holds. */
  bundleProducts: CatalogueProduct[]
  freshness: Freshness
  alternates: Alternate[]
}

export type CatalogueData = ProductListData | ProductPageData

export interface ListTarget {
  listKind: ListKind
  productGroup?: string | null
  landingpageId?: number | null
}

/** A product list; null when neither the server nor the device can answer (offline, never synced). */
export async function loadProductList(
  services: AppServices,
  url: URL,
  target: ListTarget,
  alternates: () => Promise<Alternate[]>,
  signal?: AbortSignal,
): Promise<ProductListData | null> {
  const state = listStateFromQuery(url.searchParams)
  const productGroup = target.listKind === 'category' ? (target.productGroup ?? null) : null
  const landingpageId = target.listKind === 'landingPage' ? (target.landingpageId ?? null) : null
  const fixed: FacetFilter[] = productGroup
    ? [{ discriminator: 'multiSelect', facetKey: 'productGroup', selectedKeys: [productGroup] }]
    : []
  const [found, labels, others] = await Promise.all([
    searchProducts(services, searchRequestOf(state, { filters: fixed, landingpageId }), signal),
    catalogueLabels(services, signal).catch(() => null),
    alternates(),
  ])
  if (!found) return null
  const group = labels?.value.productGroups.find((g) => g.key === productGroup)
  const landing = labels?.value.landingPages.find((p) => p.landingPageId === landingpageId)
  return {
    kind: 'productList',
    listKind: target.listKind,
    title: group?.name ?? landing?.title ?? null,
    intro: group?.description ?? landing?.intro ?? null,
    path: url.pathname,
    productGroup,
    landingpageId,
    state,
    response: found.value,
    promotions: (labels?.value.landingPages ?? []).filter((p) => p.landingPageId !== landingpageId),
    freshness: found.freshness,
    alternates: others,
  }
}

/** A product page; null when neither the server nor the device has the product. */
export async function loadProductPage(
  services: AppServices,
  productVariantId: number,
  omitArticleCode: boolean,
  alternates: () => Promise<Alternate[]>,
  signal?: AbortSignal,
): Promise<ProductPageData | null> {
  const [found, others] = await Promise.all([productByVariant(services, productVariantId, signal), alternates()])
  if (!found) return null
  const product = found.value
  const bundleIds = (product.bundleItems ?? []).map((item) => item.productId)
  const linked = await productsByIds(services, [...new Set([...product.related, ...bundleIds])], signal).catch(
    () => null,
  )
  const byId = new Map((linked?.value ?? []).map((p) => [p.productId, p]))
  return {
    kind: 'product',
    product,
    productVariantId,
    omitArticleCode,
    related: product.related.flatMap((id) => byId.get(id) ?? []),
    bundleProducts: bundleIds.flatMap((id) => byId.get(id) ?? []),
    freshness: found.freshness,
    alternates: others,
  }
}
