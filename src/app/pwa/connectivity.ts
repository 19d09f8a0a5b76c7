// Whether the app can reach the shop. Driven by real connectivity: the browser's online/offline events and the
// outcome of every API request (a failed fetch while the browser claims to be online still means offline, which
// is what a stable with one bar of signal looks like).
import { atom, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { onNetworkResult } from '../../browser/transport.ts'

export type Connectivity = 'online' | 'offline' | 'back-online'
export const connectivityAtom = atom<Connectivity>('online')

/** How long the back-online notice stays. */
export const BACK_ONLINE_MS = 5000

export function nextConnectivity(current: Connectivity, reachable: boolean): Connectivity {
  if (!reachable) return 'offline'
  return current === 'offline' ? 'back-online' : current
}

/**
 * Whether the shop's server answers its health check. The answer's body is read though nothing in it is needed: a
 * response whose body nobody reads stays open in the browser, holding one of the host's few connections, and tools
 * that wait for the page's requests to end (Lighthouse) waited for it until their time limit.
 */
export async function serverAnswers(fetchHealth: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchHealth('/health', { cache: 'no-store' })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

export function useConnectivity() {
  const set = useSetAtom(connectivityAtom)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const update = (reachable: boolean) => {
      // While the browser knows it is offline, an answer can only have come from a cache.
      if (reachable && !navigator.onLine) return
      set((current) => {
        const next = nextConnectivity(current, reachable)
        if (next === 'back-online' && current !== 'back-online') {
          clearTimeout(timer)
          timer = setTimeout(() => set((now) => (now === 'back-online' ? 'online' : now)), BACK_ONLINE_MS)
        }
        return next
      })
    }
    if (!navigator.onLine) update(false)
    const online = () => update(true)
    const offline = () => update(false)
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    const unsubscribe = onNetworkResult(update)
    // A page may have come from the service worker's cache while the browser claims to be online: ask the server
    // (the health check is never cached), so the notice tells the truth from the start.
    void serverAnswers().then(update)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      unsubscribe()
      clearTimeout(timer)
    }
  }, [set])
}
