// Service-worker registration and updates (workbox-window). A new version waits until the visitor says "update"
// or, when the running app is too old for the API (version handshake), until a safe moment: no field changed.
// Either way what was typed is saved first and put back after the reload (drafts.ts).
import { atom, getDefaultStore } from 'jotai'
import type { Workbox } from 'workbox-window'
import { KEPT_PAGE_CHANGED, REFRESH_KEPT_PAGE } from '../../domain/kept-pages.ts'
import { API_VERSION } from '../../domain/version.ts'
import { assertClient } from '../client-only.ts'
import { hasDirtyFields, saveDrafts } from './drafts.ts'

export const updateAvailableAtom = atom(false)

let workbox: Workbox | undefined
let registering = false
let outdated = false

/** Registers the service worker once; workbox-window loads for it then, not with the first page. */
export function registerServiceWorker(): void {
  assertClient()
  if (!('serviceWorker' in navigator) || registering) return
  registering = true
  // A page that came from the network without the worker (the first visit): the worker keeps it once it runs.
  const landed = navigator.serviceWorker.controller ? null : location.pathname + location.search
  void import('workbox-window').then(({ Workbox }) =>
    register(new Workbox('/sw.js', { scope: '/', type: 'module' }), landed),
  )
}

function register(registered: Workbox, landed: string | null): void {
  workbox = registered
  registered.addEventListener('waiting', () => {
    getDefaultStore().set(updateAvailableAtom, true)
    if (outdated) applyUpdateWhenSafe()
  })
  void registered.register().catch((error: unknown) => console.warn('service worker not registered', error))
  // Keep this language's offline page ready for pages that were never visited.
  // And the page the visitor landed on, from the browser's copy: it then works offline and opens at once next time.
  void navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage({ type: 'WARM_OFFLINE_PAGE', path: location.pathname })
    if (landed) registration.active?.postMessage({ type: 'KEEP_PAGE', path: landed })
  })
  // Look for a new version when the app comes back to the foreground (people keep a home-screen app open for days).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox?.update().catch(() => undefined)
  })
}

/** Whether the visitor asked the browser to save data (Network Information API, where there is one). */
const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true

/**
 * Asks the service worker to keep the small front picture of these products (it fetches what it lacks, a few at a
 * time). Not when the visitor asked to save data.
 */
export function warmProductImages(imageNames: string[]): void {
  assertClient()
  if (!('serviceWorker' in navigator) || savesData() || imageNames.length === 0) return
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'WARM_IMAGES', names: [...new Set(imageNames)] }),
  )
}

/**
 * After the visitor's cookie choice: asks the service worker, once the page has loaded (a choice tapped before the app
 * ran must not take the line from the page's own files), to keep the network's copy of this page, made with the
 * choice: the copy it keeps was made before, and would ask again. Not at idle: on a page that syncs its catalogue
 * that can be seconds, and the visitor may be gone by then. Not when the visitor asked to save data: the next visit
 * then fetches the page itself.
 */
export function refreshKeptPage(): void {
  assertClient()
  if (!('serviceWorker' in navigator) || savesData()) return
  const path = location.pathname + location.search
  const ask = () =>
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: REFRESH_KEPT_PAGE, path }),
    )
  if (document.readyState === 'complete') ask()
  else window.addEventListener('load', ask, { once: true })
}

/**
 * Whether the page, shown from the service worker's copy, differs from the network's copy the worker fetched behind
 * it: false when they are the same, when the network never answered, or when the worker cannot say.
 */
export function askWhetherKeptPageChanged(): Promise<boolean> {
  assertClient()
  const worker = navigator.serviceWorker?.controller
  if (!worker) return Promise.resolve(false)
  const channel = new MessageChannel()
  const answer = new Promise<boolean>((resolve) => {
    channel.port1.addEventListener('message', (event) =>
      resolve((event.data as { changed?: unknown } | null)?.changed === true),
    )
    channel.port1.start()
  })
  worker.postMessage({ type: KEPT_PAGE_CHANGED }, [channel.port2])
  return answer
}

/** Reloads into the waiting version, keeping what was typed. */
export function applyUpdate(): void {
  assertClient()
  saveDrafts()
  if (!workbox) return location.reload()
  workbox.addEventListener('controlling', () => location.reload())
  workbox.messageSkipWaiting()
}

function applyUpdateWhenSafe(): void {
  if (!hasDirtyFields()) applyUpdate()
  // else the update prompt is showing; the visitor decides when
}

/**
 * The version handshake: every API answer names the API version. An app built for an older one fetches the new
 * service worker and reloads at a safe moment; until then the prompt offers the update.
 */
export function checkApiVersion(serverVersion: string | null): void {
  if (serverVersion === null || outdated || Number(serverVersion) === API_VERSION) return
  outdated = true
  getDefaultStore().set(updateAvailableAtom, true)
  if (!workbox) return applyUpdateWhenSafe()
  void workbox.update().then(() => applyUpdateWhenSafe(), applyUpdateWhenSafe)
}
