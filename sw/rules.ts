// The pure rules of the service worker, tested without one (sw/rules.test.ts).
import type { WorkboxPlugin } from 'workbox-core/types.js'
import type { Consent } from '../src/domain/cookies.ts'
import {
  HEADER_END_ID,
  KEPT_PAGE_TIMING,
  PAGE_CONSENT_HEADER,
  PAGE_ENTRY_HEADER,
  PAGE_PARSED_ID,
} from '../src/domain/kept-pages.ts'
import { PRODUCT_IMAGE_PATH } from '../src/domain/product-images.ts'

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

/** A rule of the Static Routing API (InstallEvent.addRoutes; Chromium 123 on), which TypeScript does not know yet. */
export interface RouterRule {
  condition: { urlPattern: string; requestMethod?: string }
  source: 'fetch-event' | 'network' | { cacheName: string }
}

/**
 * What the browser fetches without running this worker: the build's hashed scripts and styles straight from the
 * precache, whose keys are their URLs. On a slow phone each request the worker answers costs it a few milliseconds of
 * script; a repeat visit's seven scripts were queued in the worker before the page's pictures. A file not in the
 * precache (a language's texts, or one of an update in between) comes from the network. The language chunks go on
 * to the worker's own cache-first route: rules apply in order, the first that matches.
 */
export const staticRoutes = (precacheName: string): RouterRule[] => [
  { condition: { urlPattern: '/assets/locale-*' }, source: 'fetch-event' },
  { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: precacheName } },
]

export const PAGE_CACHE_MAX = 60
/** How long a kept page is shown at once, without waiting for the network (which is asked behind it). */
export const KEPT_PAGE_AT_ONCE_S = 24 * 60 * 60

/**
 * Whether a kept page is shown at once, before the network answers: a complete 200 made less than a day ago (its Date
 * header; a device clock behind the server's counts as fresh) whose entry script this worker holds (`holds`), so the
 * page starts the app this worker serves, and made with the visitor's cookie choice as it is now (`consent`;
 * undefined where the worker cannot read cookies). A copy made by another build, an old one, one made before the
 * choice (it would ask again) or one without those headers waits for the network as a page never seen does: its
 * scripts may be gone from the server, its content months old.
 */
export function showsAtOnce(
  kept: Response,
  now: number,
  holds: (path: string) => boolean,
  consent?: Consent | null,
): boolean {
  if (kept.status !== 200) return false
  const entry = kept.headers.get(PAGE_ENTRY_HEADER)
  if (!entry?.startsWith('/') || !holds(entry)) return false
  if (consent !== undefined && kept.headers.get(PAGE_CONSENT_HEADER) !== (consent ?? 'none')) return false
  const made = Date.parse(kept.headers.get('date') ?? '')
  return Number.isFinite(made) && now - made <= KEPT_PAGE_AT_ONCE_S * 1000
}

/**
 * Whether the network's answer to a page shown from its copy says something else: its ETag (which leaves the nonce
 * out) differs, or either has none. An answer the server failed (5xx), or the kept copy itself handed back because
 * the network never answered, changes nothing: the page stays as shown.
 */
export function keptPageChanged(kept: Response, answered: Response): boolean {
  if (answered.status >= 500) return false
  const before = kept.headers.get('etag')
  return before === null || answered.headers.get('etag') !== before
}

/**
 * A kept page as it is shown: marked (Server-Timing, which the page can read) so the app fetches fresh data, and
 * painted once it is parsed whole (paintsParsed).
 */
export function markedKept(kept: Response): Response {
  const headers = new Headers(kept.headers)
  headers.append('server-timing', KEPT_PAGE_TIMING)
  return paintedParsed(kept, headers)
}

/** A page from the device's copy, painted once parsed whole (paintsParsed), with `headers` (by default its own). */
export function paintedParsed(page: Response, headers = new Headers(page.headers)): Response {
  headers.delete('content-length') // the body below is not the same length
  const body = page.body && paintsParsed(page.body)
  return new Response(body, { status: page.status, statusText: page.statusText, headers })
}

/** For a strategy: a page answered from the cache is painted once parsed whole (paintsParsed). */
export const paintParsedFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? paintedParsed(cachedResponse) : null),
}

const EXPECTS_HEADER_END = `href="#${HEADER_END_ID}"`
const EXPECTS_PARSED = new TextEncoder().encode(`href="#${PAGE_PARSED_ID}"`)
/** One character a byte, so a string index is a byte index (the link is ASCII). */
const bytewise = new TextDecoder('windows-1252')

/**
 * A page's HTML whose first paint waits for the whole document rather than the header's end: the head's expect link
 * names PAGE_PARSED_ID instead (see there why, for a copy on the device). The link follows the head's inline styles,
 * 20–30 KB in; a copy read from the cache comes in larger pieces, so only the stream's first piece is looked at, and a
 * page without the link there (or with it split across pieces) passes as it is.
 */
export function paintsParsed(html: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let first = true
  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (first) {
          first = false
          const at = bytewise.decode(chunk).indexOf(EXPECTS_HEADER_END)
          if (at !== -1) {
            const changed = new Uint8Array(chunk.length - EXPECTS_HEADER_END.length + EXPECTS_PARSED.length)
            changed.set(chunk.subarray(0, at))
            changed.set(EXPECTS_PARSED, at)
            changed.set(chunk.subarray(at + EXPECTS_HEADER_END.length), at + EXPECTS_PARSED.length)
            chunk = changed
          }
        }
        controller.enqueue(chunk)
      },
    }),
  )
}
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

/**
 * Keeps the offline page at `path` in `cache` unless it is there already. An answer not kept (an error, one marked
 * no-store) has its body let go, so its request ends rather than holding a connection while the worker lives.
 */
export async function keepOfflinePage(
  cache: Pick<Cache, 'match' | 'put'>,
  path: string,
  fetchPage: (path: string) => Promise<Response>,
): Promise<boolean> {
  if (await cache.match(path)) return false
  const response = await fetchPage(path)
  // The offline page answers 200 with its own text; a failure leaves nothing behind.
  if (response.ok && isCacheable(response)) {
    await cache.put(path, response)
    return true
  }
  await response.body?.cancel()
  return false
}

/**
 * The API calls whose answers belong to one person (the account, signing in and out, the captcha's one-time
 * challenges): only ever from the network, never from or into a cache, whatever their headers say.
 */
export const isPersonalApi = (url: URL): boolean => /^\/api\/(account|authentication|captcha)(\/|$)/i.test(url.pathname)

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

/** The width kept of every product of the synced catalogue, so lists and pages show a picture offline. */
export const WARM_IMAGE_WIDTH = 160
/** Products whose picture is kept ahead of a visit at most (a big catalogue keeps its first ones). */
export const WARM_IMAGES_MAX = 300

/** The small front picture of a product (the image name as the catalogue has it). */
export const warmImageUrl = (name: string) => `${PRODUCT_IMAGE_PATH}${name}-front-${WARM_IMAGE_WIDTH}.webp`

const IMAGE_FILE = /^(.+)-(front|detail|scene)-(\d+)\.webp$/

/**
 * Where else a product image may be found when neither the cache nor the network has the one asked for: the same
 * view in the other widths (the nearest first), then the front view in every width (the picture kept of every product).
 * Paths of the site's origin; empty for anything that is not a product image.
 */
export function fallbackImagePaths(pathname: string, widths: readonly number[] = [160, 320, 640, 1280]): string[] {
  if (!pathname.startsWith(PRODUCT_IMAGE_PATH)) return []
  const match = IMAGE_FILE.exec(pathname.slice(PRODUCT_IMAGE_PATH.length))
  if (!match) return []
  const [, name, view, width] = match as unknown as [string, string, string, string]
  const byNearness = (w: number) => Math.abs(Math.log(w / Number(width)))
  const others = widths.filter((w) => w !== Number(width)).toSorted((a, b) => byNearness(a) - byNearness(b))
  const paths = [
    ...others.map((w) => `${PRODUCT_IMAGE_PATH}${name}-${view}-${w}.webp`),
    ...(view === 'front' ? [] : widths.map((w) => `${PRODUCT_IMAGE_PATH}${name}-front-${w}.webp`)),
  ]
  return paths
}

/**
 * What stands in for a product picture that is on neither the device nor reachable: a neutral square with a sack's
 * outline, instead of the browser's broken-image icon. Never cached.
 */
export function placeholderImage(): Response {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160"><rect width="160" height="160" fill="#f3f6f2"/>' +
    '<path d="M56 48h48l10 70a8 8 0 0 1-8 9H54a8 8 0 0 1-8-9z" fill="none" stroke="#c9d3cc" stroke-width="5" ' +
    'stroke-linejoin="round"/><path d="M58 48q22-10 44 0" fill="none" stroke="#c9d3cc" stroke-width="5"/></svg>'
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store', 'x-placeholder': '1' },
  })
}
