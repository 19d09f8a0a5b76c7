// Refuses state-changing requests another site's page makes the browser send (a form, or a no-cors fetch with the
// visitor's cookies). The browser says where a request comes from: Sec-Fetch-Site, else (older browsers) Origin.
// A request with neither comes from no browser page (curl, a server, the renderer's in-process calls) and passes.
// Machine-to-machine routes that authenticate otherwise opt out with `config: { crossSite: 'allow' }`.
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../domain/errors.ts'
import { hostnameOf, type SiteDirectory } from '../sites/site.directory.ts'
import { header, routeConfig } from './scope.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'allow': a route called by machines with credentials of their own (the back-office API's bearer token). */
    crossSite?: 'allow'
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export class CrossSiteRequestError extends AppError {
  constructor() {
    super('crossSiteRequest', 403, 'Requests from another site are refused.')
  }
}

/**
 * Whether `origin` is this request's own origin, the public URL's, or another domain of the same site (its www. form):
 * never a loopback address standing in for the default site.
 */
function isOwnOrigin(sites: SiteDirectory, request: FastifyRequest, origin: string, publicUrl: URL): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false // 'null' (a sandboxed frame, a data: page) or garbage
  }
  if (url.host === request.host.toLowerCase() || url.origin === publicUrl.origin) return true
  const site = sites.byDomain(request.host)
  const hostname = hostnameOf(url.host)
  const bare = hostname.startsWith('www.') ? hostname.slice(4) : hostname
  return Boolean(site?.domains.some((domain) => domain === hostname || domain === bare || domain === `www.${bare}`))
}

/** Throws CrossSiteRequestError for a state-changing request a page of another site made. */
export function checkCrossSite(sites: SiteDirectory, request: FastifyRequest, publicUrl: URL): void {
  if (SAFE_METHODS.has(request.method) || routeConfig(request)?.crossSite === 'allow') return
  const fetchSite = header(request, 'sec-fetch-site')
  const origin = header(request, 'origin')
  // 'none': the visitor's own doing (the address bar, a bookmark), never another page.
  if (fetchSite === 'same-origin' || fetchSite === 'none') return
  if (fetchSite === 'cross-site') throw new CrossSiteRequestError()
  // 'same-site' (another subdomain) or a browser without Sec-Fetch-Site: only the site's own origins.
  if (fetchSite !== undefined && origin === undefined) throw new CrossSiteRequestError()
  if (origin !== undefined && !isOwnOrigin(sites, request, origin, publicUrl)) throw new CrossSiteRequestError()
}
