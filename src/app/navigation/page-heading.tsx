import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'

let firstLocationKey: string | undefined

/**
 * The page's <h1>. After a client-side navigation focus moves to it (without scrolling), so screen-reader and
 * keyboard users start reading the new page; on the first page load focus stays where the browser puts it.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  const { key, hash, state } = useLocation()
  // A navigation that changes the page in place (a filter, the sort order) says so, and focus stays where it is.
  const keepFocus = (state as { keepFocus?: boolean } | null)?.keepFocus === true
  useEffect(() => {
    firstLocationKey ??= key
    if (key === firstLocationKey || hash || keepFocus) return
    ref.current?.focus({ preventScroll: true })
  }, [key, hash, keepFocus])
  return (
    <h1 ref={ref} tabIndex={-1} id="page-heading">
      {children}
    </h1>
  )
}
