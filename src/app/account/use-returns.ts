// The account's return reports and the order lines it may still report, read from the server when the page opens
// (never kept on the device: they are personal and answered no-store). Offline, the page says so and reads again
// when the network is back.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ReturnableLine, ReturnReport } from '../../domain/returns.ts'
import { useServices } from '../services.tsx'
import { isSignedOut, isUnreachable, returnsApi } from './returns-api.ts'

export type ReturnsState =
  | { status: 'loading' }
  | { status: 'ready'; reports: ReturnReport[]; returnable: ReturnableLine[] }
  | { status: 'offline' }
  | { status: 'signedOut' }
  | { status: 'error' }

export function useReturnsApi() {
  const { scope } = useServices()
  return useMemo(() => returnsApi(scope), [scope])
}

export function useReturns() {
  const api = useReturnsApi()
  const [state, setState] = useState<ReturnsState>({ status: 'loading' })
  const current = useRef<AbortController | null>(null)

  const load = useCallback(() => {
    current.current?.abort()
    const abort = new AbortController()
    current.current = abort
    Promise.all([api.reports(abort.signal), api.returnable(abort.signal)]).then(
      ([reports, returnable]) => setState({ status: 'ready', reports, returnable }),
      (error: unknown) => {
        if (abort.signal.aborted) return
        setState(
          isSignedOut(error)
            ? { status: 'signedOut' }
            : isUnreachable(error)
              ? { status: 'offline' }
              : { status: 'error' },
        )
      },
    )
  }, [api])

  useEffect(() => {
    load()
    return () => current.current?.abort()
  }, [load])

  useEffect(() => {
    if (state.status !== 'offline') return
    window.addEventListener('online', load)
    return () => window.removeEventListener('online', load)
  }, [state.status, load])

  const reload = useCallback(() => {
    setState({ status: 'loading' })
    load()
  }, [load])
  /** Reads again without leaving what is shown (after a report was sent). */
  return { state, reload, refresh: load }
}
