// Who may open a page (spec §2, §6): a route's handle says `access: 'signedIn'` (the account area) or `'signedOut'`
// (login, register, forgot, reset, confirm, resend confirmation). Signed-out visitors of an account page go to the
// login page of their language and come back after signing in (`returnUrl`, only ever a path of this site); signed-in
// visitors of a signed-out page go to the account (or where `returnUrl` says). The browser checks on every navigation
// (the routes' middleware), the server before it renders a first page (entry.server.tsx): the same rule.
import { getDefaultStore } from 'jotai'
import { redirect, type MiddlewareFunction } from 'react-router'
import { servicesOf } from '../router-context.ts'
import { accountAtom, ensureAccount, refreshAccount, type AccountState } from './account-state.ts'

export type Access = 'signedIn' | 'signedOut'

export interface AccessHandle {
  access?: Access
}

/** The query parameter of the page to come back to after signing in. */
export const RETURN_PARAM = 'returnUrl'

/** A page of the account area in a language: '/account/', '/account/orders/', '/fr/account/login/'. */
export function accountPath(prefix: string, page = ''): string {
  const base = prefix ? `/${prefix}/account/` : '/account/'
  return page ? `${base}${page}/` : base
}

/** The login page that brings the visitor back to `back` (a path of this site) after signing in. */
export function loginPath(prefix: string, back?: string | null): string {
  const path = accountPath(prefix, 'login')
  return back ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: back })}` : path
}

const NOWHERE = 'http://return.invalid'

/**
 * A place to come back to, only when it is a path of this site: '/account/orders/?p=2' yes; 'https://evil.example/',
 * '//evil.example/', '/\\evil.example', 'javascript:…' and anything with control characters no.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || /^\/[/\\]/.test(value)) return null
  // oxlint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null
  try {
    const url = new URL(value, NOWHERE)
    if (url.origin !== NOWHERE) return null
    return url.pathname + url.search + url.hash
  } catch {
    return null
  }
}

/** Where a visitor in `state` is sent instead of a page with `access`, or null to show the page. */
export function accessRedirect(access: Access, state: AccountState, url: URL, prefix: string): string | null {
  if (access === 'signedIn' && state.status === 'signedOut') return loginPath(prefix, url.pathname + url.search)
  if (access === 'signedOut' && state.status === 'signedIn')
    return safeReturnPath(url.searchParams.get(RETURN_PARAM)) ?? accountPath(prefix)
  return null
}

/** The language prefix of a route's params ('' for the site's default language). */
export const prefixOf = (params: Record<string, string | undefined>) => params.language ?? ''

/**
 * The browser's guard, as a route's middleware. The state is asked once and then known (sign-in and sign-out keep
 * it); an account page read again asks for the account again in the background, so its counts are fresh. Without
 * the network the page opens and says what it cannot show (account-area.tsx).
 */
export function accessMiddleware(access: Access): MiddlewareFunction {
  return async ({ request, params, context }) => {
    const { api } = servicesOf(context)
    const store = getDefaultStore()
    const known = store.get(accountAtom).status !== 'unknown'
    let state: AccountState
    try {
      state = await ensureAccount(api, store)
    } catch {
      return
    }
    if (known && access === 'signedIn' && state.status === 'signedIn')
      void refreshAccount(api, store).catch(() => undefined)
    const to = accessRedirect(access, state, new URL(request.url), prefixOf(params))
    if (to) throw redirect(to, 302)
  }
}
