import { useEffect, useState } from 'react'

/** True once this part of the page has hydrated and reacts to input (its lazy chunk may come after the frame). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
