// Loads one of the account's answers in the browser (personal data is never part of the server-rendered page) and
// tells the page where it stands: loading, ready, signed out (401: the guard sends the visitor to login), or failed.
import { useCallback, useEffect, useState } from 'react'
import { ApiRequestError } from '../../browser/transport.ts'
import { useServices } from '../services.tsx'
import { accountDataApi, type AccountDataApi } from './account-data-api.ts'

export type AccountData<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'signedOut' } | { status: 'error'; error: unknown }

export function useAccountApi(): AccountDataApi {
  const { api } = useServices()
  const [accountApi] = useState(() => accountDataApi(api))
  return accountApi
}

/** The answer of `load`, asked again by `reload` (after a change) or when `key` changes. */
export function useAccountData<T>(
  load: (api: AccountDataApi, signal: AbortSignal) => Promise<T>,
  key: string | number = '',
): { state: AccountData<T>; reload: () => void } {
  const api = useAccountApi()
  const [state, setState] = useState<AccountData<T>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    const abort = new AbortController()
    load(api, abort.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (abort.signal.aborted) return
        setState(
          error instanceof ApiRequestError && error.status === 401
            ? { status: 'signedOut' }
            : { status: 'error', error },
        )
      },
    )
    return () => abort.abort()
    // `load` is a new function on every render; what it asks for is named by `key`.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key, round])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { state, reload }
}
