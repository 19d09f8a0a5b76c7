// Scroll after navigation: to the hash anchor if there is one ('#no-scroll' means do
// not move; other hashes scroll smoothly), else to the position saved for that history entry (back/forward), else
// to the top. When both the old and the new route keep their scroll position (route handle `keepScroll`), nothing
// moves.
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useMatches, useNavigation, useNavigationType } from 'react-router'

const STORAGE_KEY = 'scroll-positions'
const MAX_SAVED = 50

export interface ScrollHandle {
  keepScroll?: boolean
}

export type ScrollDecision =
  { to: 'none' } | { to: 'hash'; id: string; smooth: boolean } | { to: 'position'; y: number }

/** The scroll rule as a pure function, so it is tested without a browser. */
export function decideScroll(input: {
  hash: string
  saved: number | undefined
  isPop: boolean
  keepBoth: boolean
  initial: boolean
}): ScrollDecision {
  if (input.hash === '#no-scroll') return { to: 'none' }
  if (input.hash.length > 1) return { to: 'hash', id: decodeURIComponent(input.hash.slice(1)), smooth: !input.initial }
  if (input.isPop && input.saved !== undefined) return { to: 'position', y: input.saved }
  if (input.keepBoth || input.initial) return { to: 'none' }
  return { to: 'position', y: 0 }
}

/**
 * The saved position's key of a history entry. Every document's first entry has react-router's key 'default', so
 * that key alone would carry one page's position to the next page loaded in the tab; its address tells them apart.
 */
const keyOf = (location: { key: string; pathname: string; search: string }) =>
  location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key

/** Whether this document was reached by back/forward or a reload (then its first entry may get its position back). */
function documentRestored(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  return entry?.type === 'back_forward' || entry?.type === 'reload'
}

function readSaved(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {}
  } catch {
    return {}
  }
}

function save(key: string, y: number) {
  const saved = readSaved()
  saved[key] = y
  const keys = Object.keys(saved)
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_SAVED))) delete saved[old]
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved))
  } catch {
    // storage full or blocked: back/forward then go to the top, nothing worse
  }
}

export function useScrollBehaviour() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const navigation = useNavigation()
  const matches = useMatches()
  const keepScroll = matches.some((m) => (m.handle as ScrollHandle | undefined)?.keepScroll)
  const previous = useRef<{ key: string; keepScroll: boolean } | null>(null)
  const entryKey = keyOf(location)

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
  }, [])

  // Remember where the page was when a navigation starts (and when the page is left altogether).
  useEffect(() => {
    if (navigation.state === 'loading') save(entryKey, window.scrollY)
  }, [navigation.state, entryKey])
  useEffect(() => {
    const onHide = () => save(entryKey, window.scrollY)
    window.addEventListener('pagehide', onHide)
    return () => window.removeEventListener('pagehide', onHide)
  }, [entryKey])

  useLayoutEffect(() => {
    const before = previous.current
    previous.current = { key: location.key, keepScroll }
    const decision = decideScroll({
      hash: location.hash,
      saved: readSaved()[entryKey],
      // A document's first render is a POP too; only back/forward or a reload of the document restores it.
      isPop: navigationType === 'POP' && (before !== null || documentRestored()),
      keepBoth: before !== null && before.keepScroll && keepScroll,
      initial: before === null,
    })
    if (decision.to === 'hash') {
      document.getElementById(decision.id)?.scrollIntoView({ behavior: decision.smooth ? 'smooth' : 'auto' })
    } else if (decision.to === 'position') {
      window.scrollTo(0, decision.y)
    }
    // Which address the scroll was decided for: tests wait for it, also when the decision was not to move.
    document.documentElement.dataset.scrolledFor = location.pathname + location.search + location.hash
  }, [entryKey, location.key, location.pathname, location.search, location.hash, navigationType, keepScroll])
}
