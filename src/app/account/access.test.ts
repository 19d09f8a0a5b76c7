// The guard's rule (who goes where) and the browser's middleware around it.
import { getDefaultStore } from 'jotai'
import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccountAnswer } from '../../domain/account-api.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import type { ShopApi } from '../api/shop-api.ts'
import { servicesContext, type AppServices } from '../router-context.ts'
import { accessMiddleware, accessRedirect, accountPath, loginPath, safeReturnPath } from './access.ts'
import { accountAtom, SIGNED_OUT, UNKNOWN, type AccountState } from './account-state.ts'

const ACCOUNT = { userId: 7, firstName: 'Anna', emailAddress: 'anna@example.nl' } as AccountAnswer
const SIGNED_IN: AccountState = { status: 'signedIn', account: ACCOUNT }

describe('safeReturnPath', () => {
  it.each([
    ['/account/orders/', '/account/orders/'],
    ['/fr/account/?p=2#top', '/fr/account/?p=2#top'],
    ['/checkout/login/?i=1', '/checkout/login/?i=1'],
    ['https://evil.example/', null],
    ['//evil.example/account/', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['account/', null],
    ['/account/\nSet-Cookie: x', null],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected)
  })
})

describe('accessRedirect', () => {
  const url = (path: string) => new URL(path, 'https://www.equivera.nl')

  it('sends a signed-out visitor of an account page to the login page, to come back', () => {
    expect(accessRedirect('signedIn', SIGNED_OUT, url('/account/?p=2'), '')).toBe(
      '/account/login/?returnUrl=%2Faccount%2F%3Fp%3D2',
    )
    expect(accessRedirect('signedIn', SIGNED_OUT, url('/fr/account/'), 'fr')).toBe(
      '/fr/account/login/?returnUrl=%2Ffr%2Faccount%2F',
    )
  })

  it('sends a signed-in visitor of a signed-out page to the account, or back where returnUrl says', () => {
    expect(accessRedirect('signedOut', SIGNED_IN, url('/account/register/'), '')).toBe('/account/')
    expect(accessRedirect('signedOut', SIGNED_IN, url('/account/login/?returnUrl=%2Faccount%2Forders%2F'), '')).toBe(
      '/account/orders/',
    )
    expect(
      accessRedirect('signedOut', SIGNED_IN, url('/account/login/?returnUrl=https%3A%2F%2Fevil.example'), ''),
    ).toBe('/account/')
  })

  it.each([
    ['signedIn', SIGNED_IN],
    ['signedOut', SIGNED_OUT],
    ['signedIn', UNKNOWN],
    ['signedOut', UNKNOWN],
  ] as const)('lets a %s page open in state %j', (access, state) => {
    expect(accessRedirect(access, state, url('/account/'), '')).toBeNull()
  })

  it('names the pages in a language', () => {
    expect(accountPath('')).toBe('/account/')
    expect(accountPath('fr', 'login')).toBe('/fr/account/login/')
    expect(loginPath('', '/account/')).toBe('/account/login/?returnUrl=%2Faccount%2F')
  })
})

describe('accessMiddleware (the browser)', () => {
  afterEach(() => getDefaultStore().set(accountAtom, UNKNOWN))

  const run = async (access: 'signedIn' | 'signedOut', path: string, api: Partial<ShopApi>) => {
    const context = new RouterContextProvider()
    context.set(servicesContext, { api } as AppServices)
    const middleware = accessMiddleware(access)
    try {
      await middleware(
        { request: new Request(`https://www.equivera.nl${path}`), params: {}, context } as never,
        async () => new Response(),
      )
      return null
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get('location')
      throw thrown
    }
  }

  it('asks once, then redirects a signed-out visitor of an account page', async () => {
    let asked = 0
    const api = { isAuthenticated: async () => (asked++, false) }
    expect(await run('signedIn', '/account/', api)).toBe('/account/login/?returnUrl=%2Faccount%2F')
    expect(await run('signedIn', '/account/', api)).toBe('/account/login/?returnUrl=%2Faccount%2F')
    expect(asked).toBe(1)
  })

  it('lets a signed-in visitor in and reads the account again in the background', async () => {
    getDefaultStore().set(accountAtom, SIGNED_IN)
    let accountReads = 0
    const api = {
      isAuthenticated: async () => true,
      account: async () => (accountReads++, { ...ACCOUNT, unreadQuickscanResults: 2 }),
    }
    expect(await run('signedIn', '/account/', api)).toBeNull()
    await expect.poll(() => accountReads).toBe(1)
    expect(await run('signedOut', '/account/login/', api)).toBe('/account/')
  })

  it('opens the page without the network, the state left unknown', async () => {
    const api = {
      isAuthenticated: async () => {
        throw new ApiRequestError(503, null)
      },
    }
    expect(await run('signedIn', '/account/', api)).toBeNull()
    expect(getDefaultStore().get(accountAtom)).toEqual(UNKNOWN)
  })
})
