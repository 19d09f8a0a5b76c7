// At start-up the site id and language id (and later the cart id) are kept in browser storage, so
// work queued offline knows which site and language it belongs to. Never on the server.
import type { ScopeIds } from '../domain/scope.ts'
import { assertClient } from './client-only.ts'

export const SCOPE_KEY = 'scope'

export function persistScope({ siteId, languageId }: ScopeIds): void {
  assertClient()
  try {
    localStorage.setItem(SCOPE_KEY, JSON.stringify({ siteId, languageId } satisfies ScopeIds))
  } catch {
    // storage blocked or full: the scope is still known from the URL
  }
}
