// The offline catalogue kept in step on every page of a shop: a first sync once the page is idle, then every few
// minutes while it stays open and whenever the network comes back, and at once when a stored copy was dropped.
import { atom, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import type { RootData } from '../root/root.data.ts'
import { useServices } from '../services.tsx'
import { warmProductImages } from '../pwa/update.ts'
import { inSteps } from '../data/in-steps.ts'
import { whenIdle } from '../when-idle.ts'

const store = inSteps(() => import('../data/catalogue-store.ts'))

/** The last successful sync of the offline catalogue (for tests and the freshness of what the device holds). */
export const catalogueSyncAtom = atom<{ version: number; at: string } | null>(null)

/** Sync again this long after the last sync while the page stays open; and whenever the network comes back. */
export const SYNC_INTERVAL_MS = 10 * 60 * 1000
/** The first sync waits until the page is idle, so it never competes with the page itself. */
const FIRST_SYNC_DELAY_MS = 1500

export function useCatalogueSync(data: RootData, enabled: boolean) {
  const { api } = useServices()
  const setSynced = useSetAtom(catalogueSyncAtom)
  const siteId = data.site.siteId
  const { languageId, code } = data.language
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let running: Promise<void> | undefined
    const sync = () => {
      if (stopped || running || !navigator.onLine) return
      const scope = { siteId, languageId, language: code }
      running = store()
        .then(async ({ syncCatalogue }) => {
          const result = await syncCatalogue(scope, (since) => api.catalogueSync(since))
          if (!stopped) setSynced({ version: result.version, at: new Date().toISOString() })
          // Said on the page too: tests wait for it rather than for a guess at how long a sync takes.
          document.documentElement.dataset.catalogueSynced = String(result.version)
          // The small picture of every product that came in on the device too, so pages never visited show it offline.
          warmProductImages(result.images)
        })
        .catch((error: unknown) => console.warn('catalogue sync failed', error))
        .finally(() => {
          running = undefined
        })
    }
    const cancelFirst = whenIdle(sync, FIRST_SYNC_DELAY_MS)
    const every = setInterval(sync, SYNC_INTERVAL_MS)
    window.addEventListener('online', sync)
    // A stored copy that failed its check was dropped: fetch it whole now rather than at the next interval.
    // (Listened for once the page is in: loading the store is work the first paint need not wait for.)
    let stopDropped: (() => void) | undefined
    const cancelListen = whenIdle(() => {
      void store().then(({ onCatalogueDropped }) => {
        if (!stopped) stopDropped = onCatalogueDropped(() => setTimeout(sync, 0))
      })
    })
    return () => {
      stopped = true
      stopDropped?.()
      cancelListen()
      cancelFirst()
      clearInterval(every)
      window.removeEventListener('online', sync)
    }
  }, [api, siteId, languageId, code, enabled, setSynced])
}
