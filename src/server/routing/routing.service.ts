import { AppError } from '../../domain/errors.ts'
import {
  checkPath,
  routeKey,
  RouteTargetSchema,
  type Alternate,
  type GetUrlRequest,
  type RouteInfo,
  type RouteNotFound,
  type RouteTarget,
} from '../../domain/routing.ts'
import { roughageResultOfPath, roughageResultPath } from '../../domain/catalogue-paths.ts'
import { languagePrefixOf } from '../../domain/paths.ts'
import type { ScopeIds } from '../../domain/scope.ts'
import { SHORT_CACHE, TtlCache } from '../../domain/ttl-cache.ts'
import type { Db } from '../db/database.ts'
import { languageOf, type SiteDirectory, type SiteRecord } from '../sites/site.directory.ts'
import { originFor, pageId } from '../sites/site.service.ts'
import { findResultKeyType } from '../scans/scan.repository.ts'
import { findCanonicalPath, findCanonicalPathsEverywhere, findContentPagesLike, findUrl } from './routing.repository.ts'

/** The language a path is in on a site: the one whose prefix starts the path, else the site's default. */
export function languageOfPath(site: SiteRecord, path: string): number {
  const prefix = languagePrefixOf(path)
  return (site.languages.find((l) => l.pathPrefix !== '' && l.pathPrefix === prefix) ?? site.languages[0]!).languageId
}

/** Looked-up paths, per site: their route, or null for none (the short cache: 200 entries for 2 s). */
export type UrlCache = TtlCache<string, { languageId: number; target: RouteTarget } | null>
export const createUrlCache = (): UrlCache => new TtlCache(SHORT_CACHE.maxEntries, SHORT_CACHE.ttlMs)

async function lookUp(db: Db, cache: UrlCache, siteId: number, path: string) {
  const key = `${siteId} ${path}`
  let route = cache.get(key)
  if (route === undefined) {
    route = (await findUrl(db, siteId, path)) ?? null
    cache.set(key, route)
  }
  return route
}

/**
 * A roughage scan result's page (the routing kind 'roughage result by key'): no row of the table, but its path word
 * in any language, the scan type and the key of a result of this site (roughageResultOfPath).
 */
async function roughageResultRoute(db: Db, site: SiteRecord, path: string) {
  const named = roughageResultOfPath(path)
  if (!named || (await findResultKeyType(db, site.id, named.key)) !== named.scanType) return null
  return { languageId: languageOfPath(site, path), target: { kind: 'roughageResult' as const, ...named } }
}

/**
 * Resolves a URL on a site to its route (GET /api/routing/getbyurl). A path without its trailing slash resolves to a
 * permanent redirect to the path with it; an unknown path is a 404 that names the site's not-found page.
 * Lookups are cached for 2 s, as long as the answer may be cached by clients anyway.
 */
export async function resolveUrl(db: Db, cache: UrlCache, site: SiteRecord, url: string): Promise<RouteInfo> {
  const checked = checkPath(url)
  if (!checked.ok && checked.reason === 'invalid') {
    throw new AppError('invalidParameter', 400, "The parameter 'url' is not a valid path or URL.", { name: 'url' })
  }
  if (!checked.ok) {
    const path = checked.redirectTo.split('?')[0]!
    return {
      kind: 'redirect',
      url: checked.redirectTo,
      statusCode: 301,
      siteId: site.id,
      languageId: languageOfPath(site, path),
      path: path.slice(0, -1),
    }
  }
  const route = (await lookUp(db, cache, site.id, checked.path)) ?? (await roughageResultRoute(db, site, checked.path))
  if (!route) {
    const body: RouteNotFound = {
      siteId: site.id,
      languageId: languageOfPath(site, checked.path),
      contentPageId: pageId(site, 'notFound'),
    }
    throw new AppError('pageNotFound', 404, `No page has the path '${checked.path}'.`, {}, body)
  }
  return { ...route.target, siteId: site.id, languageId: route.languageId, path: checked.path }
}

/** The canonical path of a route on a site in a language (POST /api/routing/geturl); null when it has none. */
export async function urlFor(
  db: Db,
  sites: SiteDirectory,
  request: GetUrlRequest,
  scope: ScopeIds,
): Promise<string | null> {
  const siteId = request.siteId ?? scope.siteId
  const site = sites.byId(siteId)
  if (!site) throw new AppError('unknownSite', 404, `Site ${siteId} does not exist.`)
  const languageId =
    request.languageId ?? (request.siteId === undefined ? scope.languageId : site.languages[0]!.languageId)
  if (!languageOf(site, languageId)) {
    throw new AppError('unknownLanguage', 400, `Language ${languageId} is not offered on site ${siteId}.`)
  }
  // Parsing drops siteId and languageId, which are not part of the route's key.
  const target = RouteTargetSchema.parse(request)
  if (target.kind === 'roughageResult') {
    const language = languageOf(site, languageId)!
    return roughageResultPath(language.pathPrefix, language.code, target.scanType, target.key)
  }
  const key = routeKey(target)
  if (key === null) return request.kind === 'redirect' ? request.url : null
  const row = await findCanonicalPath(db, siteId, languageId, key)
  return row?.path ?? null
}

/**
 * The same page on every site and language (GET /api/routing/alternates), as absolute URLs for the request's domain
 * family. Content pages and FAQ pages are "the same" when they have the same key on their site (every site has its
 * own pages); everything else by its route key. Used for hreflang links and by the country and language switcher.
 */
export async function alternatesOf(
  db: Db,
  cache: UrlCache,
  sites: SiteDirectory,
  site: SiteRecord,
  url: string,
  requestHost: string,
  publicUrl: URL,
): Promise<Alternate[]> {
  const route = await resolveUrl(db, cache, site, url)
  let keys: string[]
  if (route.kind === 'contentPage' || route.kind === 'faq') {
    const pages = await findContentPagesLike(db, route.contentPageId)
    keys = pages.map((page) =>
      routeKey(
        page.key === 'faq'
          ? { kind: 'faq', contentPageId: page.id, faqId: null, faqItemId: null }
          : { kind: 'contentPage', contentPageId: page.id },
      )!,
    )
  } else {
    const key = routeKey(route)
    keys = key === null ? [] : [key]
  }
  const rows = await findCanonicalPathsEverywhere(db, keys)
  const seen = new Set<string>()
  return rows.flatMap((row) => {
    const other = sites.byId(row.siteId)
    const id = `${row.siteId}:${row.languageId}`
    if (!other || seen.has(id)) return []
    seen.add(id)
    return [
      { siteId: row.siteId, languageId: row.languageId, url: `${originFor(other, requestHost, publicUrl)}${row.path}` },
    ]
  })
}
