// The cart as UI state: the device's cart (src/browser/cart-store.ts) mirrored into jotai, and the
// sending of its outbox (cart-sync.ts) whenever it can reach the server: at start, when the network returns, after
// every change, and again later when the server could not be reached. Both data modules load on first use, so pages
// without a cart do not carry Dexie.
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import type { CartCalculation } from '../../domain/cart-calculation.ts'
import { BACKGROUND_SYNC_TAG } from '../../domain/cart-constants.ts'
import { freeQuantity } from '../../domain/promotions.ts'
import type { CartMutation } from '../../domain/cart-mutations.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { storageProblemOf } from '../../browser/storage-status.ts'
import type { RootData } from '../root/root.data.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { inSteps } from '../data/in-steps.ts'
import { inOwnTask, whenIdle } from '../when-idle.ts'

export const cartViewAtom = atom<CartView | null>(null)
/** What the sending is doing: sending, or waiting for a network that does not answer. */
export const cartSendingAtom = atom<'idle' | 'sending' | 'offline'>('idle')
/** While the server refuses for too many requests (a rate limit): the minutes it asked to wait; else null. */
export const cartLimitedAtom = atom<number | null>(null)
/**
 * Whether the last try to send failed (no network, or held by a rate limit) and the waiting changes have not gone
 * since: only then are they listed. A send that simply goes through is not worth a notice that appears and vanishes
 * again, moving the cart under the shopper's thumb.
 */
export const cartStuckAtom = atom(false)

const store = inSteps(() => import('../../browser/cart-store.ts'))
const sender = inSteps(() => import('../../browser/cart-sync.ts'))

/** Told to the frame's sender that a change was queued, so it goes out at once. */
const CHANGED = 'shop:cart-changed'
/** After a failed send while the browser says online: try again after these waits (then every last one). */
const RETRY_DELAYS_MS = [5_000, 15_000, 60_000]

/** The calculation the shopper is looking at (set by the cart's totals), to tell what the server answers differently. */
let shownCalculation: CartCalculation | null = null
export const setShownCalculation = (calculation: CartCalculation | null) => {
  shownCalculation = calculation
}

async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    sync?: { register(tag: string): Promise<void> }
  }
  await registration.sync?.register(BACKGROUND_SYNC_TAG)
}

/** Mounted once, in the frame: keeps cartViewAtom equal to the stored cart and sends its outbox when it can. */
export function useCartSync(data: RootData, enabled: boolean): void {
  const { api } = useServices()
  const setView = useSetAtom(cartViewAtom)
  const setSending = useSetAtom(cartSendingAtom)
  const setLimited = useSetAtom(cartLimitedAtom)
  const setStuck = useSetAtom(cartStuckAtom)
  const siteId = data.site.siteId
  const languageId = data.language.languageId

  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let stopWatching: (() => void) | undefined
    let running: Promise<unknown> | undefined
    let again = false
    let retry: ReturnType<typeof setTimeout> | undefined
    let failures = 0

    /** A try that did not go through: the waiting changes are listed until one does (cartStuckAtom). */
    const failed = () => {
      setSending('offline')
      setStuck(true)
    }

    const send = () => {
      if (stopped) return
      if (running) {
        again = true
        return
      }
      clearTimeout(retry)
      if (!navigator.onLine) {
        failed()
        void registerBackgroundSync().catch(() => undefined)
        return
      }
      setSending('sending')
      let limited: number | null = null
      running = sender()
        .then(({ syncCart }) =>
          syncCart(
            api,
            siteId,
            languageId,
            () => shownCalculation,
            (minutes) => (limited = minutes),
          ),
        )
        .then((result) => {
          if (stopped) return
          setLimited(limited)
          if (result === 'offline') {
            failed()
            void registerBackgroundSync().catch(() => undefined)
            // A rate limit says when to come back; sooner would only be refused again.
            const delay = limited
              ? limited * 60_000
              : RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]!
            retry = setTimeout(send, delay)
          } else {
            failures = 0
            setSending('idle')
            setStuck(false)
          }
        })
        .catch((error: unknown) => {
          // Storage trouble is told to the shopper by the storage notice; anything else is worth a line here.
          if (!storageProblemOf(error)) console.warn('cart sync failed', error)
          if (stopped) return
          failed()
        })
        .finally(() => {
          running = undefined
          if (again && !stopped) {
            again = false
            send()
          }
        })
    }

    const cancelWatch = inOwnTask(() => {
      void store()
        .then(({ watchCartView }) => {
          if (!stopped) stopWatching = watchCartView(siteId, languageId, setView)
        })
        .catch(() => undefined)
    })
    // Changes left from an earlier visit go once the page is in; a change made now is sent at once (CHANGED).
    const cancelFirst = whenIdle(send)
    const goOnline = () => {
      failures = 0
      send()
    }
    const goOffline = failed
    window.addEventListener('online', goOnline)
    window.addEventListener('offline', goOffline)
    window.addEventListener(CHANGED, send)
    return () => {
      stopped = true
      stopWatching?.()
      cancelWatch()
      cancelFirst()
      clearTimeout(retry)
      window.removeEventListener('online', goOnline)
      window.removeEventListener('offline', goOffline)
      window.removeEventListener(CHANGED, send)
    }
  }, [api, siteId, languageId, enabled, setView, setSending, setLimited, setStuck])
}

/** The cart and what the shopper can do with it. Changes show at once and are sent when possible. */
export function useCart() {
  const view = useAtomValue(cartViewAtom)
  const sending = useAtomValue(cartSendingAtom)
  const limited = useAtomValue(cartLimitedAtom)
  const stuck = useAtomValue(cartStuckAtom)
  const { site, language } = useRootData()
  const siteId = site.siteId
  const languageId = language.languageId

  const change = useCallback(
    async (mutation: CartMutation) => {
      const entry = await (await store()).queueChange(siteId, languageId, mutation)
      window.dispatchEvent(new Event(CHANGED))
      return entry
    },
    [siteId, languageId],
  )
  /** Sends the waiting changes now, not at the next try after a failed one. */
  const sendNow = useCallback(() => {
    window.dispatchEvent(new Event(CHANGED))
  }, [])
  /** Lets refusals go, once the shopper has seen them. */
  const dismiss = useCallback(async (ids: readonly string[]) => (await store()).discardChanges(ids), [])
  const dismissDifferences = useCallback(
    async () => (await store()).updateCart(siteId, languageId, (cart) => ({ ...cart, differences: [] })),
    [siteId, languageId],
  )
  return { view, sending, limited, stuck, change, sendNow, dismiss, dismissDifferences }
}

/**
 * The quantity count includes each line's free products. Worked out from the site's promotions for the lines as
 * they are now (a count changed offline changes what comes free), else taken from the last calculation.
 */
export function quantityCount(view: CartView | null, now = new Date()): number {
  if (!view) return 0
  return view.contents.products.reduce((sum, line) => {
    const free = view.pricing
      ? freeQuantity(view.pricing, line.productVariantId, line.count, now)
      : (view.calculation?.products
          .find((l) => l.productVariantId === line.productVariantId && l.quantity === line.count)
          ?.freeProducts.reduce((s, p) => s + p.quantity, 0) ?? 0)
    return sum + line.count + free
  }, 0)
}
