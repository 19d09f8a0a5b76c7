// The pure rules of the service worker, tested without one (sw/rules.test.ts).
import type { WorkboxPlugin } from 'workbox-core/types.js'

/** Versioned so a change of caching rules starts clean (old names are deleted on activate). */
const VERSION = 'v1'

export function cacheNames(host: string) {
  return {
    pages: `shop-pages-${VERSION}-${host}`,
    siteData: `shop-site-data-${VERSION}-${host}`,
    assets: `shop-assets-${VERSION}-${host}`,
    images: `shop-images-${VERSION}-${host}`,
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

/**
 * Where product images are served: PRODUCT_IMAGE_PATH of src/domain/product-images.ts, repeated here because that
 * module brings zod into the service worker bundle (rules.test.ts checks they agree).
 */
export const PRODUCT_IMAGES_PATH = '/images/products/'

/** Product images kept at most: about a whole catalogue browsed in one width per view. */
export const IMAGE_CACHE_MAX_ENTRIES = 400
export const IMAGE_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60
/** Bytes of product images kept at most, so pictures never crowd out pages, data and the cart. */
export const IMAGE_CACHE_MAX_BYTES = 25 * 1024 * 1024

/** Whether an answer is a product image worth keeping: a complete 200 in WebP, the only format they are made in. */
export function isProductImage(response: Response): boolean {
  if (response.status !== 200 || response.type === 'opaque') return false
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  return type === 'image/webp'
}

/** The size a response declares (Content-Length), or null when it declares none or nonsense. */
export function declaredBytes(response: Response): number | null {
  const length = response.headers.get('content-length')
  if (length === null || !/^\d+$/.test(length.trim())) return null
  return Number(length)
}

/**
 * Which entries to delete, oldest first, so the ones left add up to at most `maxBytes`. `entries` are in the order
 * they were stored (the Cache API keeps insertion order), oldest first.
 */
export function overBudget(entries: readonly { url: string; bytes: number }[], maxBytes: number): string[] {
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0)
  const evict: string[] = []
  for (const entry of entries) {
    if (total <= maxBytes) break
    evict.push(entry.url)
    total -= entry.bytes
  }
  return evict
}

/** The part of the Cache API the byte budget uses (a fake in tests). */
export type BudgetCache = Pick<Cache, 'keys' | 'match' | 'delete'>

/**
 * A Workbox plugin that keeps only product images (isProductImage) and holds its cache under `maxBytes` by deleting
 * the oldest entries after each put. Sizes come from Content-Length, else the body; they are remembered per URL, so
 * a put measures only what is new, and the list is re-read each time because ExpirationPlugin deletes entries too.
 * Puts are handled one after another, so two images arriving together cannot both evict on a stale total.
 */
export function byteBudgetPlugin(
  maxBytes: number,
  openCache: (name: string) => Promise<BudgetCache> = (name) => caches.open(name),
): WorkboxPlugin {
  const sizes = new Map<string, number>()
  let queue = Promise.resolve()

  async function enforce(cacheName: string): Promise<void> {
    const cache = await openCache(cacheName)
    const entries: { url: string; bytes: number }[] = []
    const present = new Set<string>()
    for (const request of await cache.keys()) {
      present.add(request.url)
      let bytes = sizes.get(request.url)
      if (bytes === undefined) {
        const response = await cache.match(request)
        if (!response) continue
        bytes = declaredBytes(response) ?? (await response.blob()).size
        sizes.set(request.url, bytes)
      }
      entries.push({ url: request.url, bytes })
    }
    for (const url of sizes.keys()) if (!present.has(url)) sizes.delete(url)
    for (const url of overBudget(entries, maxBytes)) {
      await cache.delete(url)
      sizes.delete(url)
    }
  }

  return {
    cacheWillUpdate: async ({ response }) => (isProductImage(response) ? response : null),
    cacheDidUpdate: async ({ cacheName, request }) => {
      // A replaced entry may have a new size.
      sizes.delete(request.url)
      queue = queue.then(() => enforce(cacheName)).catch(() => undefined)
      await queue
    },
  }
}
