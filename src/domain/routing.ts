import { z } from 'zod'
import { IdSchema } from './ids.ts'

// The 17 route kinds the server returns for a URL (spec §2's 16 and the news overview), their parameters, and the pure path rules
// (strict trailing slash) that the server's resolver and the app's links share.

const Id = IdSchema

export const RouteTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('contentPage'), contentPageId: Id }),
  z.object({
    kind: z.literal('productSearch'),
    searchType: z.enum(['category', 'landingPage', 'search']),
    parameters: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal('productVariant'), productVariantId: Id, omitArticleCode: z.boolean() }),
  z.object({ kind: z.literal('faq'), contentPageId: Id, faqId: Id.nullable(), faqItemId: Id.nullable() }),
  z.object({
    kind: z.literal('redirect'),
    url: z.string().min(1),
    statusCode: z.union([z.literal(301), z.literal(302)]),
  }),
  z.object({ kind: z.literal('adviceCategory'), adviceCategoryId: Id }),
  z.object({ kind: z.literal('adviceArticle'), adviceArticleId: Id }),
  z.object({ kind: z.literal('adviceVideo'), adviceVideoId: Id }),
  z.object({ kind: z.literal('productBundle'), productVariantBundleId: Id }),
  z.object({ kind: z.literal('roughageResult'), scanType: z.enum(['rqs', 'qs']), key: z.string().min(1) }),
  z.object({ kind: z.literal('newsItem'), newsItemId: Id }),
  z.object({ kind: z.literal('partner'), partnerId: Id }),
  z.object({ kind: z.literal('blogArticle'), blogArticleId: Id }),
  z.object({ kind: z.literal('blogCategory'), blogCategoryId: Id }),
  z.object({ kind: z.literal('adviceOverview') }),
  z.object({ kind: z.literal('blogOverview') }),
  // Spec §2 names a news overview among the route groups; the kinds' list does not, so it is added here.
  z.object({ kind: z.literal('newsOverview') }),
])
export type RouteTarget = z.infer<typeof RouteTargetSchema>
export type RouteKind = RouteTarget['kind']

export const ROUTE_KINDS = RouteTargetSchema.options.map((option) => option.shape.kind.value)

export type RouteInfo = RouteTarget & { siteId: number; languageId: number; path: string }

/**
 * What `GET /api/routing/getbyurl` answers: the route target plus the site and language it belongs to.
 * Built as a discriminated union of the extended targets (not an intersection) because it is checked on every
 * response and a union by discriminator is checked in one step.
 */
const routeInfoOptions = RouteTargetSchema.options.map((option) =>
  option.extend({ siteId: Id, languageId: Id, path: z.string() }),
)
export const RouteInfoSchema = z.discriminatedUnion(
  'kind',
  routeInfoOptions as [(typeof routeInfoOptions)[number], ...(typeof routeInfoOptions)[number][]],
) as z.ZodType<RouteInfo>

/** The body of `POST /api/routing/geturl`: a route target, in a language (default: the request's). */
export const GetUrlRequestSchema = z.intersection(
  RouteTargetSchema,
  z.object({ languageId: Id.optional(), siteId: Id.optional() }),
)
export type GetUrlRequest = z.infer<typeof GetUrlRequestSchema>

export const GetUrlResponseSchema = z.object({ url: z.string() })

/** The same page on every site and language that has it (GET /api/routing/alternates): hreflang and the switcher. */
export const AlternateSchema = z.object({ siteId: Id, languageId: Id, url: z.string() })
export const AlternatesSchema = z.array(AlternateSchema)
export type Alternate = z.infer<typeof AlternateSchema>

/**
 * What the error body of a path without a page (`GET /api/routing/getbyurl`, 404) adds: the site and language the
 * path is in, and the site's not-found content page to show.
 */
export const RouteNotFoundSchema = z.object({ siteId: Id, languageId: Id, contentPageId: Id })
export type RouteNotFound = z.infer<typeof RouteNotFoundSchema>

/**
 * A canonical string for a route target, so the URL table can find the path of a target (geturl) with one index.
 * Parameters are written in a fixed order; a redirect has no key because nothing links to a redirect.
 */
export function routeKey(target: RouteTarget): string | null {
  switch (target.kind) {
    case 'redirect':
      return null
    case 'productSearch': {
      const params = Object.keys(target.parameters)
        .toSorted()
        .map((key) => `${key}=${target.parameters[key]}`)
        .join('&')
      return `productSearch:${target.searchType}:${params}`
    }
    case 'faq':
      return `faq:${target.contentPageId}:${target.faqId ?? ''}:${target.faqItemId ?? ''}`
    case 'productVariant':
      return `productVariant:${target.productVariantId}`
    case 'roughageResult':
      return `roughageResult:${target.scanType}:${target.key}`
    default: {
      const { kind, ...ids } = target
      return [kind, ...Object.values(ids)].join(':')
    }
  }
}

export type PathCheck =
  | { ok: true; path: string }
  | { ok: false; reason: 'missingTrailingSlash'; redirectTo: string }
  | { ok: false; reason: 'invalid' }

/**
 * Reads the `url` of a routing lookup: a path ('/a/b/') or a full URL of which only path and query count.
 * Paths are lower-cased for lookup, `//` collapsed, and must end with '/' (strict trailing slash);
 * a path without one gets the redirect target with the slash added and the query kept.
 */
export function checkPath(url: string): PathCheck {
  // A leading '//' would make the URL parser read a host; a path is always a path here.
  const isPath = url.startsWith('/')
  let parsed: URL
  try {
    parsed = new URL(isPath ? `http://path.invalid${url.replace(/^\/{2,}/, '/')}` : url)
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (!isPath && parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: 'invalid' }
  let path: string
  try {
    path = decodeURIComponent(parsed.pathname)
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase()
  if (path.length > 1024) return { ok: false, reason: 'invalid' }
  if (!path.endsWith('/')) {
    return { ok: false, reason: 'missingTrailingSlash', redirectTo: `${encodeURI(path)}/${parsed.search}` }
  }
  return { ok: true, path }
}
