// One call of an account page (orders, an order, invoices, the account's information), read after mount: the answers
// are personal and never stored, not on the device nor in the service worker's caches, so a page without a network
// says so instead of showing something old.
import { useCallback, useEffect, useState } from 'react'
import { ApiRequestError } from '../../browser/transport.ts'
import { isUnreachable } from '../checkout/checkout-state.ts'

export type CallState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'offline' }
  | { status: 'notFound' }
  | { status: 'signedOut' }
  | { status: 'failed' }

export function stateOfError(error: unknown): CallState<never> {
  if (error instanceof ApiRequestError && error.status === 401) return { status: 'signedOut' }
  if (error instanceof ApiRequestError && error.status === 404) return { status: 'notFound' }
  return isUnreachable(error) ? { status: 'offline' } : { status: 'failed' }
}

/** The answer of `load` (asked again when `key` changes, or by `reload`), with what went wrong instead. */
export function useAccountCall<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<CallState<T>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  // `load` is a new function on every render; `key` says when it asks something else.
  // oxlint-disable-next-line react-hooks/exhaustive-deps
  const stableLoad = useCallback(load, [key])
  useEffect(() => {
    const abort = new AbortController()
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }))
    stableLoad(abort.signal).then(
      (data) => !abort.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !abort.signal.aborted && setState(stateOfError(error)),
    )
    return () => abort.abort()
  }, [stableLoad, round])
  // Back online: ask again what could not be asked.
  useEffect(() => {
    const again = () => setRound((n) => n + 1)
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { state, reload }
}
