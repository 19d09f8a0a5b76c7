// What the catalogue and the cart add to every page of a shop: the sticky comparison bar, the storage notice, the
// comparison list and the cart kept in step with IndexedDB, the offline catalogue's background sync and the sending of
// queued cart changes.
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useMatches } from 'react-router'
import { COMPARE_MAX } from '../../domain/catalogue-constants.ts'
import { COMPARE_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import { onStorageProblem, storageProblemAtom } from '../data/storage-status.ts'
import type { RootData } from '../root/root.data.ts'
import { useServices } from '../services.tsx'
import { useCartSync } from '../cart/cart-state.ts'
import { warmProductImages } from '../pwa/update.ts'
import { compareIdsAtom, useCompare, useCompareSync } from './compare.ts'

/** The last successful sync of the offline catalogue (for tests and the freshness of what the device holds). */
export const catalogueSyncAtom = atom<{ version: number; at: string } | null>(null)

/** Sync again this long after the last sync while the page stays open; and whenever the network comes back. */
export const SYNC_INTERVAL_MS = 10 * 60 * 1000
/** The first sync waits until the page is idle, so it never competes with the page itself. */
const FIRST_SYNC_DELAY_MS = 1500

function useCatalogueSync(data: RootData, enabled: boolean) {
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
      running = import('../data/catalogue-store.ts')
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
    const first = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(sync, { timeout: 5000 })
      else sync()
    }, FIRST_SYNC_DELAY_MS)
    const every = setInterval(sync, SYNC_INTERVAL_MS)
    window.addEventListener('online', sync)
    // A stored copy that failed its check was dropped: fetch it whole now rather than at the next interval.
    let stopDropped: (() => void) | undefined
    void import('../data/catalogue-store.ts').then(({ onCatalogueDropped }) => {
      if (!stopped) stopDropped = onCatalogueDropped(() => setTimeout(sync, 0))
    })
    return () => {
      stopped = true
      stopDropped?.()
      clearTimeout(first)
      clearInterval(every)
      window.removeEventListener('online', sync)
    }
  }, [api, siteId, languageId, code, enabled, setSynced])
}

export function CatalogueFrameParts({ data }: { data: RootData }) {
  const enabled = data.brand !== 'corporate'
  useCompareSync(data.site.siteId, enabled)
  useCatalogueSync(data, enabled)
  useCartSync(data, enabled)
  return (
    <>
      <StorageNotice />
      {enabled && <CompareBar data={data} />}
    </>
  )
}

/** Storage trouble (full disk, no IndexedDB) said out loud, once, until dismissed. */
function StorageNotice() {
  const { t } = useTranslation()
  const [problem, setProblem] = useAtom(storageProblemAtom)
  useEffect(() => onStorageProblem(setProblem), [setProblem])
  if (!problem) return null
  return (
    <div className="storage-notice" role="alert">
      <p>{t(problem === 'quota' ? 'storage.quota' : 'storage.unavailable')}</p>
      <button type="button" className="button button--small" onClick={() => setProblem(null)}>
        {t('storage.dismiss')}
      </button>
    </div>
  )
}

/**
 * SPEC §3 client state "sticky bar": visible while the comparison list holds products, except on the comparison page
 * itself, where it would only cover the table (the page has the list and its clear button).
 */
function CompareBar({ data }: { data: RootData }) {
  const { t } = useTranslation()
  const ids = useAtomValue(compareIdsAtom)
  const { clear } = useCompare(data.site.siteId)
  const onComparePage = useMatches().some(
    (m) => (m.handle as { routeName?: string } | undefined)?.routeName === 'compare',
  )
  if (ids.length === 0 || onComparePage) return null
  return (
    <aside className="compare-bar" aria-label={t('catalogue.compare.barLabel')}>
      <p className="compare-bar__count">
        {t('catalogue.compare.bar', { count: String(ids.length), max: String(COMPARE_MAX) })}
      </p>
      <Link className="button" to={localPath(data.language.pathPrefix, COMPARE_SLUGS[data.language.code])}>
        {t('catalogue.compare.open')}
      </Link>
      <button type="button" className="button button--secondary button--small" onClick={() => void clear()}>
        {t('catalogue.compare.clear')}
      </button>
    </aside>
  )
}
