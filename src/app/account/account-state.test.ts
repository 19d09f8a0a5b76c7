// The account state (spec §4): ensure asks once and loads the account when signed in; sign-in loads it, sign-out
// clears it; a session that ended between the two questions counts as signed out.
import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import type { AccountAnswer } from '../../domain/account-api.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import type { ShopApi } from '../api/shop-api.ts'
import { accountAtom, ensureAccount, refreshAccount, signedIn, signedOut, SIGNED_OUT } from './account-state.ts'

const ACCOUNT = { userId: 7, firstName: 'Anna', emailAddress: 'anna@example.nl' } as AccountAnswer
const fakeApi = (api: Partial<ShopApi>) => api as ShopApi

describe('ensureAccount', () => {
  it('marks a visitor who is not signed in as signed out, without asking for the account', async () => {
    const store = createStore()
    const api = fakeApi({
      isAuthenticated: async () => false,
      account: async () => {
        throw new Error('not asked')
      },
    })
    expect(await ensureAccount(api, store)).toEqual(SIGNED_OUT)
    expect(store.get(accountAtom)).toEqual(SIGNED_OUT)
  })

  it('loads the account of a signed-in visitor, once for callers at the same time', async () => {
    const store = createStore()
    let asked = 0
    const api = fakeApi({ isAuthenticated: async () => (asked++, true), account: async () => ACCOUNT })
    const [a, b] = await Promise.all([ensureAccount(api, store), ensureAccount(api, store)])
    expect(a).toEqual({ status: 'signedIn', account: ACCOUNT })
    expect(b).toBe(a)
    expect(await ensureAccount(api, store)).toBe(a)
    expect(asked).toBe(1)
  })

  it('counts a session that ended between the questions (401) as signed out', async () => {
    const store = createStore()
    const api = fakeApi({
      isAuthenticated: async () => true,
      account: async () => {
        throw new ApiRequestError(401, { code: 'notSignedIn' })
      },
    })
    expect(await ensureAccount(api, store)).toEqual(SIGNED_OUT)
  })

  it('throws when the server cannot be reached, the state staying unknown', async () => {
    const store = createStore()
    const api = fakeApi({
      isAuthenticated: async () => {
        throw new ApiRequestError(503, null)
      },
    })
    await expect(ensureAccount(api, store)).rejects.toThrow()
    expect(store.get(accountAtom).status).toBe('unknown')
  })

  it('lets a sign-in made while asking win over the older answer', async () => {
    const store = createStore()
    let answer!: (value: boolean) => void
    const api = fakeApi({
      isAuthenticated: () => new Promise<boolean>((resolve) => (answer = resolve)),
      account: async () => ACCOUNT,
    })
    const asking = ensureAccount(api, store)
    await signedIn(api, store)
    answer(false)
    expect((await asking).status).toBe('signedIn')
  })
})

describe('sign-in, refresh and sign-out', () => {
  it('loads the account on sign-in and clears it on sign-out', async () => {
    const store = createStore()
    const api = fakeApi({ account: async () => ACCOUNT })
    await signedIn(api, store)
    expect(store.get(accountAtom)).toEqual({ status: 'signedIn', account: ACCOUNT })
    signedOut(store)
    expect(store.get(accountAtom)).toEqual(SIGNED_OUT)
  })

  it('refreshes the account with its new counts', async () => {
    const store = createStore()
    const api = fakeApi({
      isAuthenticated: async () => true,
      account: async () => ({ ...ACCOUNT, unreadQuickscanResults: 3 }),
    })
    await refreshAccount(api, store)
    const state = store.get(accountAtom)
    expect(state.status === 'signedIn' && state.account.unreadQuickscanResults).toBe(3)
  })
})
