/// <reference lib="webworker" />
// The service worker. Each site is its own origin, so its caches are its own; the cache names also carry the
// host, so two sites served from one origin in development never read each other's pages.
// oxlint-disable-next-line import/no-unassigned-import -- it must run before zod loads
import './zod-without-eval.ts'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { cacheNames as workboxCacheNames, clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import {
  byteBudgetPlugin,
  cacheNames,
  fallbackImagePaths,
  IMAGE_CACHE_MAX_AGE_S,
  IMAGE_CACHE_MAX_BYTES,
  IMAGE_CACHE_MAX_ENTRIES,
  isCacheable,
  isPersonalApi,
  keepOfflinePage,
  keptPageChanged,
  markedKept,
  paintedParsed,
  paintParsedFromCache,
  PAGE_CACHE_MAX,
  placeholderImage,
  showsAtOnce,
  SITE_DATA_MAX_AGE_S,
  staticRoutes,
  type RouterRule,
  WARM_IMAGES_MAX,
  warmImageUrl,
} from './rules.ts'
import { sitesWithQueuedChanges } from '../src/browser/cart-store.ts'
import { syncCart } from '../src/browser/cart-sync.ts'
import { BACKGROUND_SYNC_TAG } from '../src/domain/cart-constants.ts'
import { CONSENT_COOKIE, consentFrom, type Consent } from '../src/domain/cookies.ts'
import { KEPT_PAGE_CHANGED, REFRESH_KEPT_PAGE } from '../src/domain/kept-pages.ts'
import { offlinePathFor } from '../src/domain/paths.ts'
import { PRODUCT_IMAGE_PATH } from '../src/domain/product-images.ts'
import { workerCartApi } from './cart-api.ts'
// oxlint-disable-next-line import/no-unassigned-import -- registers the push, notification click and reminder sync handlers
import './push.ts'

declare const self: ServiceWorkerGlobalScope
/** Background Sync's event (not in TypeScript's worker types yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

const names = cacheNames(self.location.host)

// The shell (hashed scripts, styles, icons) is precached: it is what makes a visited site start with no network at
// all, and hashed files never change, so they are fetched once per version. Old versions' precaches go on activate.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

self.addEventListener('activate', (event) => {
  // Runtime caches of earlier cache-name versions are dropped; the current ones stay.
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('shop-') && !Object.values(names).includes(key))
            .map((key) => caches.delete(key)),
        ),
      ),
  )
})

// An update waits until the app says "now" (the update prompt), so a page is never swapped under a visitor.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type
  if (type === 'SKIP_WAITING') void self.skipWaiting()
  if (type === 'WARM_IMAGES') {
    const imageNames = (event.data as { names?: unknown }).names
    if (Array.isArray(imageNames))
      event.waitUntil(
        warmImages(
          imageNames.filter((name): name is string => typeof name === 'string'),
          event,
        ),
      )
  }
  if (type === 'WARM_OFFLINE_PAGE') {
    const path = (event.data as { path?: string }).path
    if (path && path.startsWith('/')) event.waitUntil(warmOfflinePage(path))
  }
  if (type === KEPT_PAGE_CHANGED) {
    // Unknown (this worker was restarted since, or the page was not shown from a copy): nothing to fetch again.
    const source = event.source as Client | null
    const changed = (source && keptChanges.get(source.id)) ?? Promise.resolve(false)
    event.waitUntil(changed.then((value) => event.ports[0]?.postMessage({ changed: value })))
  }
  if (type === 'KEEP_PAGE' || type === REFRESH_KEPT_PAGE) {
    const path = (event.data as { path?: unknown }).path
    if (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//'))
      event.waitUntil(inTurn(path, () => (type === 'KEEP_PAGE' ? keepPage(path, event) : refreshKeptPage(path, event))))
  }
})
clientsClaim()

/** Marks answers served from a cache, so the app does not read them as proof of a working connection. */
const markFromCache = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return null
    const headers = new Headers(cachedResponse.headers)
    headers.set('x-from-cache', '1')
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    })
  },
}

const cacheable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (isCacheable(response) ? response : null),
}

// The account and authentication calls: the network only, before every other rule. Their answers are one person's
// (no-store anyway); no rule added later may catch them into a cache, and offline they fail as they should. (Their
// POSTs are not routed at all: the browser sends them itself, and the Cache API never keeps a POST.)
registerRoute(({ url }) => url.origin === self.location.origin && isPersonalApi(url), new NetworkOnly(), 'GET')

// Pages. A page kept less than a day ago by this build (showsAtOnce) is shown at once, and the network's copy is
// fetched behind it for next time: a repeat visit on a 400 ms line does not wait a round trip for its HTML. The app
// sees the mark (markedKept) and asks whether the network's copy differs (KEPT_PAGE_CHANGED); if it does, it fetches
// the page's data afresh, so prices, stock and content are the server's a moment later, and an unchanged page costs
// no more requests. Any other page goes to the network first, but only for 4 s, because a rural connection that
// hangs is worse than yesterday's copy. Without the network: the cached copy of that page, else this language's
// offline page. Authenticated and no-store answers are never kept (isCacheable).
const pageExpiration = new ExpirationPlugin({ maxEntries: PAGE_CACHE_MAX, maxAgeSeconds: 7 * 24 * 60 * 60 })
const pages = new NetworkFirst({
  cacheName: names.pages,
  networkTimeoutSeconds: 4,
  plugins: [cacheable, pageExpiration, paintParsedFromCache],
})
// Behind a page already shown nobody waits, so the network has as long as it takes.
const keptRefresh = new NetworkFirst({ cacheName: names.pages, plugins: [cacheable, pageExpiration] })
const holdsScript = (path: string) => getCacheKeyForURL(path) !== undefined
/** The visitor's cookie choice as it is now; undefined where a worker cannot read cookies (no Cookie Store API). */
async function consentNow(): Promise<Consent | null | undefined> {
  if (!('cookieStore' in self)) return undefined
  const cookie = await self.cookieStore.get(CONSENT_COOKIE).catch(() => undefined)
  if (cookie === undefined) return undefined
  return consentFrom(cookie?.value ? `${CONSENT_COOKIE}=${cookie.value}` : '')
}
/** Whether the network's copy of a page shown from the cache differs, by the page (client) it was shown as. */
const keptChanges = new Map<string, Promise<boolean>>()
/** How long that answer waits for the app's question. */
const KEPT_CHANGE_KEPT_MS = 5 * 60 * 1000
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async (options) => {
    const kept = await caches
      .open(names.pages)
      .then((cache) => cache.match(options.request))
      .catch(() => undefined)
    if (kept && showsAtOnce(kept, Date.now(), holdsScript, await consentNow())) {
      const [answered, refreshed] = keptRefresh.handleAll(options)
      const changed = answered.then(
        (fresh) => keptPageChanged(kept, fresh),
        () => false,
      )
      const client = (options.event as FetchEvent).resultingClientId
      if (client) {
        keptChanges.set(client, changed)
        setTimeout(() => keptChanges.delete(client), KEPT_CHANGE_KEPT_MS)
      }
      options.event.waitUntil(Promise.allSettled([changed, refreshed]))
      return markedKept(kept)
    }
    try {
      const response = await pages.handle(options)
      if (response) return response
    } catch {
      // no network and no copy: fall through to the offline page
    }
    const url = new URL(options.request.url)
    const offline = await caches.match(offlinePathFor(url.pathname), { cacheName: names.pages })
    return offline ? paintedParsed(offline) : Response.error()
  },
)

// Site data (site, navigation, content and articles, countries, routing): stale-while-revalidate. It changes rarely
// (an advice article read once stays readable in the stable without a signal), a visitor
// gets an instant answer from the cache, and the fresh copy is fetched in the background for next time. It expires
// after a week so a stable owner who comes back after a month does not see an old menu first.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    /^\/api\/(sites|sitesettings|language|countries|routing|contentpages|primarynavigations|secondarynavigations|footer|uspcollections|notifications|articles|articlelists)(\/|$)/i.test(
      url.pathname,
    ),
  new StaleWhileRevalidate({
    cacheName: names.siteData,
    plugins: [
      cacheable,
      markFromCache,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: SITE_DATA_MAX_AGE_S }),
    ],
  }),
)

// Language texts are hashed chunks left out of the precache (one language of fifteen is needed): cache first, they
// never change under their name.
registerRoute(
  ({ url }) => url.pathname.startsWith('/assets/locale-'),
  new CacheFirst({ cacheName: names.assets, plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
)

// Brand icons and logos: cache first. They rarely change (a new icon gets a new deploy), and a site only ever asks
// for its own brand's, so only those are kept.
registerRoute(
  ({ url }) => url.pathname.startsWith('/icons/'),
  new CacheFirst({
    cacheName: names.assets,
    plugins: [cacheable, new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
)

// Product images: cache first. An image never changes under its name (the name carries a hash of what it is drawn
// from), so a kept copy is always right and costs no request: a catalogue browsed once shows its pictures offline and
// on a slow line. They get a cache of their own with a 30-day expiry, an entry cap and a byte budget, because four
// widths of three views per product would otherwise fill the storage that pages, data and the cart need (a quota
// error anywhere empties this cache). Only complete WebP answers are kept, never a 404 or an error page.
const images = new CacheFirst({
  cacheName: names.images,
  plugins: [
    byteBudgetPlugin(IMAGE_CACHE_MAX_BYTES),
    new ExpirationPlugin({
      maxEntries: IMAGE_CACHE_MAX_ENTRIES,
      maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S,
      purgeOnQuotaError: true,
    }),
  ],
})
// Without a network, a picture not kept in the width asked for is shown from another width kept (every product of the
// synced catalogue has its small front picture, see WARM_IMAGES), else as a neutral placeholder: never a broken image.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(PRODUCT_IMAGE_PATH),
  async (options) => {
    try {
      const response = await images.handle(options)
      if (response.ok) return response
    } catch {
      // neither kept nor reachable
    }
    for (const path of fallbackImagePaths(options.url.pathname)) {
      const kept = await caches.match(path, { cacheName: names.images })
      if (kept) return kept
    }
    return placeholderImage()
  },
)

/**
 * Keeps the small front picture of these products (the app sends the catalogue's new products after each sync), so
 * products never visited show their picture offline: about 1 KB each, one or two at a time, never on Save-Data.
 */
async function warmImages(imageNames: string[], event: ExtendableEvent): Promise<void> {
  const cache = await caches.open(names.images)
  const run: WarmRun = { left: [], inFlight: new Set(), stop: new AbortController() }
  for (const name of imageNames.slice(0, WARM_IMAGES_MAX)) {
    if (!(await cache.match(warmImageUrl(name)))) run.left.push(name)
  }
  if (newerWorker()) return handOverWarming(run.left)
  warmRuns.add(run)
  const next = async (): Promise<void> => {
    const name = run.left.shift()
    if (!name || run.stop.signal.aborted) return
    run.inFlight.add(name)
    const request = new Request(warmImageUrl(name), { signal: run.stop.signal })
    // The strategy keeps a copy; the answer it hands back is nobody's to show, so it is let go rather than left
    // unread (a refused one would otherwise hold its request open for as long as this worker lives).
    await images
      .handle({ event, request })
      .then((response) => response.body?.cancel())
      .catch(() => undefined)
    run.inFlight.delete(name)
    return next()
  }
  await Promise.all([next(), next()]).finally(() => warmRuns.delete(run))
}

/** One list of pictures being kept: what is left, what is being fetched, and how to stop it. */
interface WarmRun {
  left: string[]
  inFlight: Set<string>
  stop: AbortController
}
const warmRuns = new Set<WarmRun>()

/** A newer version of this worker, installing or waiting; null when this one is the newest. */
function newerWorker(): ServiceWorker | null {
  // Without a way to know itself, a worker would hand its work to itself: it then keeps it.
  if (!('serviceWorker' in self)) return null
  const newer = self.registration.installing ?? self.registration.waiting
  return newer && newer !== self.serviceWorker ? newer : null
}

/**
 * A new version is coming: this worker stops keeping pictures and hands the rest to it. Chromium activates the new
 * version (the visitor tapped "update") only once the old one has no work left, so a few hundred pictures on a slow
 * line would hold the update for minutes; the pictures being fetched are aborted and fetched again by the new one.
 */
function handOverWarming(more: string[] = []): void {
  const newer = newerWorker()
  if (!newer) return
  const left = [...warmRuns].flatMap((run) => [...run.inFlight, ...run.left.splice(0)]).concat(more)
  for (const run of warmRuns) run.stop.abort()
  warmRuns.clear()
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a ServiceWorker, not a window
  if (left.length > 0) newer.postMessage({ type: 'WARM_IMAGES', names: [...new Set(left)] })
}
self.registration.addEventListener('updatefound', () => handOverWarming())

/**
 * Keeps the page a visitor landed on before this worker ran (the app asks once the worker is ready): from the browser's
 * own copy of it, never the network, so a slow line pays nothing. Kept like every page (the pages strategy), it then
 * works offline and shows at once on the next visit. A page the browser holds no copy of is left.
 */
async function keepPage(path: string, event: ExtendableEvent): Promise<void> {
  if (await caches.open(names.pages).then((cache) => cache.match(path))) return
  const request = new Request(path, { cache: 'only-if-cached', mode: 'same-origin' })
  await Promise.allSettled(pages.handleAll({ event, request }))
}

/**
 * Keeps the network's copy of a page the visitor made their cookie choice on (the app asks once the page has loaded):
 * the copy kept before the choice would ask again, so it is not shown at once (showsAtOnce), and without this the next
 * visit would wait for the network. One page, fetched with the choice's cookie; if the network fails the old copy
 * stays.
 */
async function refreshKeptPage(path: string, event: ExtendableEvent): Promise<void> {
  await Promise.allSettled(
    keptRefresh.handleAll({
      event,
      request: new Request(path, { mode: 'same-origin', headers: { accept: 'text/html' } }),
    }),
  )
}

/**
 * What is being done to each kept page, one thing after another: keeping the browser's copy of a page (which does
 * nothing where one is kept) must not write that old copy over the network's, fetched at the same time after a choice.
 */
const pageWork = new Map<string, Promise<void>>()
function inTurn(path: string, work: () => Promise<void>): Promise<void> {
  const done = (pageWork.get(path) ?? Promise.resolve()).then(work)
  const settled = done.catch(() => undefined)
  pageWork.set(path, settled)
  void settled.then(() => pageWork.get(path) === settled && pageWork.delete(path))
  return done
}

/** The offline page of a language (e.g. '/fr/offline/'), fetched while online so it is there when needed. */
async function warmOfflinePage(prefixPath: string): Promise<void> {
  const cache = await caches.open(names.pages)
  await keepOfflinePage(cache, offlinePathFor(prefixPath), (path) => fetch(path, { credentials: 'omit' }))
}

self.addEventListener('install', (event) => {
  event.waitUntil(warmOfflinePage('/').catch(() => undefined))
  // Where the browser has static routing, the shell's scripts bypass this worker (see staticRoutes). Rules it refuses,
  // at once or later, leave every request to the worker, as where there is no static routing.
  const routed = event as ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> }
  try {
    if (routed.addRoutes)
      event.waitUntil(routed.addRoutes(staticRoutes(workboxCacheNames.precache)).catch(() => undefined))
  } catch {
    // refused at once
  }
})

// Background sync: cart changes made without a network wait in IndexedDB; when the browser has a network
// again it wakes this worker, which sends them even with every tab of the shop closed. Same sender as the app's, under
// the same lock per site, so a tab sending at that moment and the worker never both send. A failure to reach the
// server rejects, and the browser tries again later.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(sendQueuedCarts())
})

async function sendQueuedCarts(): Promise<void> {
  for (const { siteId, languageId } of await sitesWithQueuedChanges()) {
    const result = await syncCart(workerCartApi(siteId, languageId), siteId, languageId)
    if (result === 'offline') throw new Error('The shop could not be reached; the browser will try again.')
  }
}
