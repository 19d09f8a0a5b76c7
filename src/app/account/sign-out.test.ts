// Sign-out forgets the person on this device: the state, what was typed at the checkout, the cart and any personal
// entry of a cache; another person signing in next finds none of it. A sign-out the server did not confirm changes
// nothing (the session lives on, so the page says so).
import { createStore } from 'jotai'
import { beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import type { ShopDatabase } from '../../browser/db.ts'
import { queueChange, readCartView } from '../../browser/cart-store.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import type { ShopApi } from '../api/shop-api.ts'
import { readDraft, saveDraft } from '../data/checkout-drafts.ts'
import { accountAtom, SIGNED_OUT } from './account-state.ts'
import { PERSONAL_PATH, signOut } from './sign-out.ts'

const DEVICE = { siteId: 1, languageId: 1 }
const SIGNED_IN = { status: 'signedIn', account: { userId: 7 } } as never

describe('signOut', () => {
  let db: ShopDatabase
  beforeEach(async () => {
    db = freshDatabase()
    await saveDraft(1, 'billing', { firstName: 'Anna', phoneNumber: '0612345678' })
    await saveDraft(2, 'billing', { firstName: 'Anna' })
    await queueChange(1, 1, { type: 'add', productId: 1, productVariantId: 101, quantity: 2 })
  })

  it('clears the state, the drafts of every site and the cart on this device', async () => {
    const store = createStore()
    store.set(accountAtom, SIGNED_IN)
    let signedOutOnServer = false
    await signOut({ signOut: async () => ((signedOutOnServer = true), null) } as unknown as ShopApi, DEVICE, store)
    expect(signedOutOnServer).toBe(true)
    expect(store.get(accountAtom)).toEqual(SIGNED_OUT)
    expect(await readDraft(1, 'billing')).toBeNull()
    expect(await readDraft(2, 'billing')).toBeNull()
    expect(await db.checkoutDrafts.count()).toBe(0)
    const cart = await readCartView(1, 1)
    expect(cart.queued).toEqual([])
    expect(cart.contents.products).toEqual([])
  })

  it('changes nothing when the server could not end the session', async () => {
    const store = createStore()
    store.set(accountAtom, SIGNED_IN)
    const api = {
      signOut: async () => {
        throw new ApiRequestError(503, null)
      },
    } as unknown as ShopApi
    await expect(signOut(api, DEVICE, store)).rejects.toThrow()
    expect(store.get(accountAtom)).toBe(SIGNED_IN)
    expect(await readDraft(1, 'billing')).not.toBeNull()
  })
})

describe('PERSONAL_PATH', () => {
  it.each([
    ['/account/', true],
    ['/fr/account/orders/12/', true],
    ['/api/account', true],
    ['/api/authentication/isauthenticated', true],
    ['/accountancy/', false],
    ['/muesli/', false],
    ['/api/sites/1', false],
  ])('%s is personal: %s', (path, personal) => {
    expect(PERSONAL_PATH.test(path)).toBe(personal)
  })
})
