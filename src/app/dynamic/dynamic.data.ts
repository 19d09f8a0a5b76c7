// The catch-all route /{path*} (SPEC §2): resolve the full path through the routing API, then load what that kind
// of page needs. Kinds that later features build are dispatched to their modules as those land; until then
// they are not found.
import { data, redirect, type LoaderFunctionArgs } from 'react-router'
import type { ContentPage } from '../../domain/content.ts'
import type { Alternate, RouteInfo } from '../../domain/routing.ts'
import { loadSchemas } from '../api/shop-api.ts'
import { ApiRequestError } from '../api/transport.ts'
import { servicesOf } from '../router-context.ts'

export type DynamicData =
  | { kind: 'contentPage'; page: ContentPage; alternates: Alternate[] }
  | { kind: 'faq'; page: ContentPage; faqId: number | null; faqItemId: number | null; alternates: Alternate[] }
  | { kind: 'notFound'; page: ContentPage | null }

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
      const [page, others] = await Promise.all([scoped.contentPage(route.contentPageId, signal), alternates()])
      return { kind: 'contentPage', page, alternates: others } satisfies DynamicData
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
    default:
      return notFound(null)
  }
}

function notFound(page: ContentPage | null) {
  return data({ kind: 'notFound', page } satisfies DynamicData, { status: 404 })
}
