// The catch-all route /{path*} (every path the app has no route of its own for): resolve the full path through the routing API, then load what that kind
// of page needs: content, FAQ, the catalogue's lists and products, and advice, blogs, news and partners (their code
// loads on demand). Without a network the catalogue's pages come from the device, visited articles from the service
// worker's copy of their API answers. A roughage scan's result has a route of its own (routes.tsx).
import { data, redirect, type LoaderFunctionArgs } from 'react-router'
import type { ContentPage } from '../../domain/content.ts'
import type { Alternate, RouteInfo } from '../../domain/routing.ts'
import { loadSchemas } from '../api/shop-api.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import type { CatalogueData } from '../catalogue/catalogue.data.ts'
import { loadCatalogueView, loadCatalogueViews } from '../catalogue/load-view.ts'
import { isUnreachable, localRouteOf } from '../catalogue/catalogue-source.ts'
import { loadShowcase, type Showcase } from './showcase.data.ts'
import { homePath } from '../../domain/catalogue-paths.ts'
import type { ProductOffers } from './product-offer.tsx'
import { servicesOf, type AppServices } from '../router-context.ts'
import type { ArticleData } from './articles.data.ts'
import { loadArticleView } from './load-article-view.ts'

export type DynamicData =
  | {
      kind: 'contentPage'
      page: ContentPage
      alternates: Alternate[]
      offers: ProductOffers
      showcase?: Showcase | null
    }
  | { kind: 'faq'; page: ContentPage; faqId: number | null; faqItemId: number | null; alternates: Alternate[] }
  | { kind: 'catalogue'; data: CatalogueData }
  | ArticleData
  | { kind: 'notFound'; page: ContentPage | null }
  /** No network and nothing on the device for this path. */
  | { kind: 'offline' }

/** A catalogue page's data module, and its views, so the page renders in place (see load-view.ts). */
const catalogue = async () => {
  const [module] = await Promise.all([
    import('../catalogue/catalogue.data.ts'),
    loadCatalogueViews().catch(() => undefined),
  ])
  return module
}
/** Advice, blog, news and partner pages' data module, and their view (load-article-view.ts). */
const articles = async () => {
  const [module] = await Promise.all([import('./articles.data.ts'), loadArticleView().catch(() => undefined)])
  return module
}
const offline = () => ({ kind: 'offline' }) satisfies DynamicData

/** An over-long URL is not a page of ours; answer it as not found without asking the API. */
const MAX_PATH_LENGTH = 1024

export async function dynamicLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = servicesOf(context)
  const url = new URL(request.url)
  const signal = request.signal
  if (url.pathname.length > MAX_PATH_LENGTH) return notFound(null)

  let route: RouteInfo
  try {
    route = await api.routeByUrl(url.pathname + url.search, signal) // the query survives a redirect
  } catch (error) {
    // No network: a catalogue page can still come from the device (offline routing by path).
    if (isUnreachable(error)) return offlineRoute(servicesOf(context), url, signal)
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
      const body = (await loadSchemas()).notFound.safeParse(error.body)
      if (!body.success) return notFound(null)
      const scoped = api.withScope({ siteId: body.data.siteId, languageId: body.data.languageId })
      return notFound(await scoped.contentPage(body.data.contentPageId, signal).catch(() => null))
    }
    throw error
  }

  const scoped = api.withScope({ siteId: route.siteId, languageId: route.languageId })
  const alternates = () => scoped.alternates(url.pathname, signal).catch((): Alternate[] => [])
  switch (route.kind) {
    case 'redirect':
      throw redirect(route.url, route.statusCode)
    case 'contentPage': {
      const home = isHomePath(servicesOf(context), url.pathname)
      const [page, others, showcase] = await Promise.all([
        scoped.contentPage(route.contentPageId, signal),
        alternates(),
        home ? loadShowcase(servicesOf(context), signal) : undefined,
      ])
      // Offered products in the page's own site and language, as its content; their code only where a page has them.
      const offers = page.blocks.some((block) => block.type === 'productOffer')
        ? await (
            await loadCatalogueView()
          ).loadProductOffers({ ...servicesOf(context), api: scoped }, page.blocks, signal)
        : {}
      return { kind: 'contentPage', page, alternates: others, offers, showcase } satisfies DynamicData
    }
    case 'faq': {
      const [page, others] = await Promise.all([scoped.contentPage(route.contentPageId, signal), alternates()])
      return {
        kind: 'faq',
        page,
        faqId: route.faqId,
        faqItemId: route.faqItemId,
        alternates: others,
      } satisfies DynamicData
    }
    case 'productSearch': {
      const listKind = route.searchType
      const landingpageId = Number(route.parameters.landingpageId) || null
      const { loadProductList } = await catalogue()
      const list = await loadProductList(
        servicesOf(context),
        url,
        { listKind, productGroup: route.parameters.productGroup ?? null, landingpageId },
        alternates,
        signal,
      )
      return list ? ({ kind: 'catalogue', data: list } satisfies DynamicData) : offline()
    }
    case 'productVariant':
    case 'productBundle': {
      const [variantId, omitArticleCode] =
        route.kind === 'productVariant'
          ? [route.productVariantId, route.omitArticleCode]
          : [route.productVariantBundleId, true]
      const { loadProductPage } = await catalogue()
      const product = await loadProductPage(servicesOf(context), variantId, omitArticleCode, alternates, signal)
      if (product) return { kind: 'catalogue', data: product } satisfies DynamicData
      // The route exists but the product is not sold here (any more): not found.
      return notFound(null)
    }
    case 'adviceArticle':
    case 'adviceVideo':
    case 'blogArticle':
    case 'newsItem':
    case 'partner': {
      const id =
        route.kind === 'adviceArticle'
          ? route.adviceArticleId
          : route.kind === 'adviceVideo'
            ? route.adviceVideoId
            : route.kind === 'blogArticle'
              ? route.blogArticleId
              : route.kind === 'newsItem'
                ? route.newsItemId
                : route.partnerId
      return (await articles()).loadArticle(servicesOf(context), scoped, id, alternates, signal)
    }
    case 'adviceOverview':
    case 'blogOverview':
    case 'newsOverview':
      return (await articles()).loadArticleList(scoped, route.kind, undefined, alternates, signal)
    case 'adviceCategory':
    case 'blogCategory': {
      const id = route.kind === 'adviceCategory' ? route.adviceCategoryId : route.blogCategoryId
      return (await articles()).loadArticleList(scoped, route.kind, id, alternates, signal)
    }
    default:
      return notFound(null)
  }
}

/** Without a network: the page of a path from the offline catalogue, else the offline notice. */
async function offlineRoute(services: AppServices, url: URL, signal: AbortSignal): Promise<DynamicData> {
  const local = await localRouteOf(services, url.pathname).catch(() => null)
  if (!local) return offline()
  const { loadProductList, loadProductPage } = await catalogue()
  const found =
    local.kind === 'product'
      ? await loadProductPage(services, local.productVariantId, false, none, signal)
      : await loadProductList(
          services,
          url,
          {
            listKind: local.kind,
            productGroup: local.kind === 'category' ? local.productGroup : null,
            landingpageId: local.kind === 'landingPage' ? local.landingpageId : null,
          },
          none,
          signal,
        )
  return found ? { kind: 'catalogue', data: found } : offline()
}

/** The home page of the page's language ('/' or '/fr/'), which shows what the shop sells. */
function isHomePath(services: AppServices, pathname: string): boolean {
  const scope = services.scope
  const language = services.domainSite?.languages.find((l) => l.languageId === scope?.languageId)
  return language !== undefined && pathname.toLowerCase() === homePath(language.pathPrefix)
}

/** Offline there are no other sites' addresses to link to. */
const none = async (): Promise<Alternate[]> => []

function notFound(page: ContentPage | null) {
  return data({ kind: 'notFound', page } satisfies DynamicData, { status: 404 })
}
