// The account state (spec §4): unknown until "ensure" asks the server whether the visitor is signed in, and then
// loads the account; sign-in loads it, sign-out clears it. In the browser it lives in jotai's default store; the
// server renders each page with a store of its own (entry.server.tsx), seeded with what it asked, and hands that to
// the browser (`ACCOUNT_STATE_GLOBAL`), so the first render of an account page matches the server's HTML. Nothing
// of it is kept on the device: the account's answers are no-store and the state lives only in memory.
import { atom, getDefaultStore, useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import type { AccountAnswer } from '../../domain/account-api.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import type { ShopApi } from '../api/shop-api.ts'
import { useServices } from '../services.tsx'
import { whenIdle } from '../when-idle.ts'

export type AccountState =
  { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; account: AccountAnswer }

export const UNKNOWN: AccountState = { status: 'unknown' }
export const SIGNED_OUT: AccountState = { status: 'signedOut' }

export const accountAtom = atom<AccountState>(UNKNOWN)

/** Where the server puts the state it rendered with, for the browser to start from. */
export const ACCOUNT_STATE_GLOBAL = '__accountState'

type Store = ReturnType<typeof getDefaultStore>

/** Whether the server said "not signed in" (401 notSignedIn): the session ended, or there never was one. */
export const isNotSignedIn = (error: unknown) => error instanceof ApiRequestError && error.status === 401

/** Asks the server: signed in, and then the account. Network and server failures are thrown. */
export async function fetchAccountState(api: ShopApi, signal?: AbortSignal): Promise<AccountState> {
  if (!(await api.isAuthenticated(signal))) return SIGNED_OUT
  try {
    return { status: 'signedIn', account: await api.account(signal) }
  } catch (error) {
    // Signed out between the two calls (another tab, an expired session).
    if (isNotSignedIn(error)) return SIGNED_OUT
    throw error
  }
}

const pending = new WeakMap<Store, Promise<AccountState>>()

/** "Ensure": the state as known, else asked once (callers at the same time share the one question). */
export function ensureAccount(api: ShopApi, store: Store = getDefaultStore()): Promise<AccountState> {
  const known = store.get(accountAtom)
  if (known.status !== 'unknown') return Promise.resolve(known)
  let asking = pending.get(store)
  if (!asking) {
    asking = fetchAccountState(api)
      .then((state) => {
        // A sign-in or sign-out while asking knows better than the answer to the question asked before it.
        if (store.get(accountAtom).status === 'unknown') store.set(accountAtom, state)
        return store.get(accountAtom)
      })
      .finally(() => pending.delete(store))
    pending.set(store, asking)
  }
  return asking
}

/** Loads the account again (its unread counts change as pages are read); a 401 means signed out. */
export async function refreshAccount(api: ShopApi, store: Store = getDefaultStore()): Promise<AccountState> {
  const state = await fetchAccountState(api)
  store.set(accountAtom, state)
  announce(state.status)
  return state
}

/** After a successful sign-in: the account is loaded (spec §4), other tabs are told. */
export async function signedIn(api: ShopApi, store: Store = getDefaultStore()): Promise<AccountState> {
  const account = await api.account()
  const state: AccountState = { status: 'signedIn', account }
  store.set(accountAtom, state)
  announce('signedIn')
  return state
}

/** After sign-out: the state is cleared (what else a sign-out clears is in sign-out.ts). */
export function signedOut(store: Store = getDefaultStore()): void {
  store.set(accountAtom, SIGNED_OUT)
  announce('signedOut')
}

// Other tabs of the shop learn of a sign-in or sign-out, so none of them goes on showing the account of someone who
// left, or a signed-out page to someone who signed in. One channel per tab: a channel never hears its own messages.
const CHANNEL = 'shop-account'
let channel: BroadcastChannel | null = null
const channelOf = () => (channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL))

function announce(status: AccountState['status']) {
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a BroadcastChannel has no target origin
  channelOf()?.postMessage({ status })
}

/** Mounted once (the frame): another tab's sign-in or sign-out makes this tab ask again. */
export function useAccountBroadcasts(): void {
  const { api } = useServices()
  useEffect(() => {
    const listener = channelOf()
    if (!listener) return
    const onMessage = (event: MessageEvent<{ status?: string }>) => {
      const store = getDefaultStore()
      if (event.data.status === 'signedOut') store.set(accountAtom, SIGNED_OUT)
      else {
        store.set(accountAtom, UNKNOWN)
        void ensureAccount(api, store).catch(() => undefined)
      }
    }
    listener.addEventListener('message', onMessage)
    return () => listener.removeEventListener('message', onMessage)
  }, [api])
}

/**
 * The account state for a component, asked for once when still unknown, after the page has loaded and the main
 * thread is idle (the header's link, the checkout). A failure (no network) leaves it unknown.
 */
export function useAccountState(): AccountState {
  const state = useAtomValue(accountAtom)
  const store = useStore()
  const { api } = useServices()
  // Not before the page is in: nobody waits for it, and its first call loads the API's schemas.
  useEffect(() => {
    if (state.status !== 'unknown') return
    return whenIdle(() => void ensureAccount(api, store).catch(() => undefined))
  }, [state.status, api, store])
  return state
}

/** The signed-in account; for pages behind the signedIn guard, which renders them only then. */
export function useAccount(): AccountAnswer | null {
  const state = useAtomValue(accountAtom)
  return state.status === 'signedIn' ? state.account : null
}
