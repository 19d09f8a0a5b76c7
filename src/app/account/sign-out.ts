// Sign-out (spec §4, issue 14 part 5): the server ends the session, then this device forgets the person. Another
// person signing in on the same phone or family tablet sees nothing of the first:
// - the account state (memory) is cleared and other tabs are told (account-state.ts);
// - the checkout's drafts (names, addresses, e-mail, phone typed at the checkout) and the order attempt are deleted;
// - the cart on this device is started anew. Its lines were chosen by the person signing out, and the server's cart
//   holds the billing details they gave: a shop must not show them to the next person, so the device drops the cart
//   (as after an order, under the cart sender's lock). The lines are not restored for the next person;
// - form values kept for an update reload and return reports being typed (session storage) are dropped;
// - the service worker's caches never hold personal answers (no-store; sw/rules.ts); any that would (a page of the
//   account area, an account or authentication answer) are deleted all the same, so an older worker's mistake
//   cannot outlive the session.
import { getDefaultStore } from 'jotai'
import type { ShopApi } from '../api/shop-api.ts'
import { signedOut } from './account-state.ts'

/** Paths whose answers belong to one person: the account area's pages and the account's API calls. */
export const PERSONAL_PATH = /^\/(?:[a-z]{2}\/)?account(?:\/|$)|^\/api\/(?:account|authentication)(?:\/|$)/i

export async function signOut(
  api: ShopApi,
  device: { siteId: number; languageId: number },
  store = getDefaultStore(),
): Promise<void> {
  // Without the server's word the session lives on: better to say so than to pretend (the caller shows the error).
  await api.signOut()
  signedOut(store)
  await forgetPerson(device)
}

/** What this device knows of the person who signed out (also after a session ended elsewhere). */
export async function forgetPerson(device: { siteId: number; languageId: number }): Promise<void> {
  // The cart's and the drafts' stores (Dexie, zod) load here, not with the header that offers "sign out".
  const results = await Promise.allSettled([
    import('../data/checkout-drafts.ts').then(({ clearAllDrafts }) => clearAllDrafts()),
    import('../../browser/cart-sync.ts').then(({ startCartAfterOrderWhenIdle }) =>
      startCartAfterOrderWhenIdle(device.siteId, device.languageId),
    ),
    clearPersonalCaches(),
    import('./use-draft.ts').then(({ clearReturnDrafts }) => clearReturnDrafts()),
  ])
  try {
    sessionStorage.removeItem('drafts')
  } catch {
    // storage blocked: nothing was kept there either
  }
  for (const result of results) if (result.status === 'rejected') console.warn('sign-out clean-up', result.reason)
}

/** Deletes every entry of the shop's caches whose path is personal; the number deleted (0 when all is well). */
export async function clearPersonalCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0
  let deleted = 0
  for (const name of await caches.keys()) {
    if (!name.startsWith('shop-')) continue
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      if (PERSONAL_PATH.test(new URL(request.url).pathname) && (await cache.delete(request))) deleted++
    }
  }
  return deleted
}
