// The pure rules of the service worker, tested without one (sw/rules.test.ts).

/** Versioned so a change of caching rules starts clean (old names are deleted on activate). */
const VERSION = 'v1'

export function cacheNames(host: string) {
  return {
    pages: `shop-pages-${VERSION}-${host}`,
    siteData: `shop-site-data-${VERSION}-${host}`,
    assets: `shop-assets-${VERSION}-${host}`,
  }
}

export const PAGE_CACHE_MAX = 60
export const SITE_DATA_MAX_AGE_S = 7 * 24 * 60 * 60

/**
 * Whether a response may be kept: a complete 200 that is neither private to a person (authenticated, cookies set,
 * `private` or `no-store`) nor a made-up offline answer.
 */
export function isCacheable(response: Response): boolean {
  if (response.status !== 200 || response.type === 'opaque') return false
  const cacheControl = response.headers.get('cache-control')?.toLowerCase() ?? ''
  if (/(^|,)\s*(no-store|private)\s*(,|$)/.test(cacheControl)) return false
  if (response.headers.has('set-cookie') || response.headers.has('www-authenticate')) return false
  const vary = response.headers.get('vary')?.toLowerCase() ?? ''
  // Pages vary on Cookie (the consent banner): fine in this browser's own cache. Authorization means a person's data.
  if (vary.split(',').some((v) => v.trim() === 'authorization')) return false
  return true
}

/** The offline page for a path: '/fr/…' has the French one ('/fr/offline/'), everything else '/offline/'. */
export function offlinePathFor(pathname: string): string {
  const prefix = /^\/([a-z]{2})\//.exec(pathname)?.[1]
  return prefix && prefix !== 'offline' ? `/${prefix}/offline/` : '/offline/'
}
