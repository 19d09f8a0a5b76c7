// The notices at the bottom of the screen take turns: one at a time, the most pressing first, so on a phone they never
// pile up over the page, and one arriving never moves another: the country prompt (it may take the visitor to another
// site, where the cookie question is asked anew), the cookie choice, storage trouble, a new version, the connection.
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'

export const NOTICES = ['localization', 'cookies', 'storage', 'update', 'connectivity'] as const
export type NoticeName = (typeof NOTICES)[number]

export const wantedNoticesAtom = atom<ReadonlySet<NoticeName>>(new Set<NoticeName>())

/** Which notice shows of those that want to: the first in NOTICES order. */
export function shownNotice(wanted: ReadonlySet<NoticeName>): NoticeName | undefined {
  return NOTICES.find((name) => wanted.has(name))
}

/**
 * Says whether a notice that wants to show may show now. Before the first effect (and on the server) a notice counts
 * itself as wanting, so the server's cookie banner is in the first HTML.
 */
export function useNoticeSlot(name: NoticeName, wanted: boolean): boolean {
  const setWanted = useSetAtom(wantedNoticesAtom)
  const all = useAtomValue(wantedNoticesAtom)
  useEffect(() => {
    if (!wanted) return
    setWanted((current) => new Set(current).add(name))
    return () =>
      setWanted((current) => {
        const next = new Set(current)
        next.delete(name)
        return next
      })
  }, [name, wanted, setWanted])
  if (!wanted) return false
  return shownNotice(new Set(all).add(name)) === name
}
