import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'

let firstLocationKey: string | undefined

/**
 * The page's <h1>. After a client-side navigation focus moves to it (without scrolling), so screen-reader and
 * keyboard users start reading the new page; on the first page load focus stays where the browser puts it.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  const { key, hash } = useLocation()
  useEffect(() => {
    firstLocationKey ??= key
    if (key === firstLocationKey || hash) return
    ref.current?.focus({ preventScroll: true })
  }, [key, hash])
  return (
    <h1 ref={ref} tabIndex={-1} id="page-heading">
      {children}
    </h1>
  )
}
