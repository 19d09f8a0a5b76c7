// Sends a site's waiting cart changes to the server, in the order they were made, each once. Run by the app
// on start, when the network returns and after each change, and by the service worker's background sync, under one
// Web Lock per site, so two tabs and the service worker never send the same outbox at the same time.
//
// Each change goes with its own Idempotency-Key (its outbox id), so a change whose answer was lost, or that was sent
// by a tab that then closed, has its effect once when sent again. What the server answers decides the change's fate:
// - taken (2xx): it leaves the outbox;
// - refused (4xx with the server's reason: stock, a product withdrawn, a code run out): final; it stays, refused, with
//   that reason, for the app to show by what it was about (sending it again would be refused again); the changes
//   after it go on;
// - no answer (offline, a timeout, 5xx, "too many requests", a 4xx without the server's reason, as a proxy or a
//   captive portal gives): the sending stops, everything stays queued (waiting) for the next time;
// - the cart is gone from the server (it expired): a new one is made and what the old one held is sent again first.
// When nothing is left queued, the server's cart and its calculation (calculate2) replace the device's, and any
// price that differs from what the shopper was shown is kept to be told.
import { ApiErrorSchema } from '../domain/errors.ts'
import { IdSchema } from '../domain/ids.ts'
import type { CartCalculation2 } from '../domain/cart-api.ts'
import type { CartCalculation, PricingRules } from '../domain/cart-calculation.ts'
import type { CartContents, CartMutation } from '../domain/cart-mutations.ts'
import type { Cart } from '../domain/cart.ts'
import { unitAmount } from '../domain/cart-constants.ts'
import { ApiRequestError, retryAfterMinutes } from './transport.ts'
import {
  completeChange,
  readCartView,
  refuseChange,
  restartCart,
  startCartAfterOrder,
  updateCart,
  type CartDifference,
  type CartView,
  type Refusal,
} from './cart-store.ts'

/** The calls the sending needs (ShopApi has them; tests give their own). */
export interface CartSyncApi {
  createCart(idempotencyKey: string): Promise<Cart>
  changeCart(id: string, mutation: CartMutation, idempotencyKey: string): Promise<unknown>
  calculateCart2(id: string): Promise<CartCalculation2>
  cartPricing(): Promise<PricingRules>
}

/** synced: the server has everything; offline: it could not be reached; busy: another tab is sending; empty: no cart. */
export type SyncResult = 'synced' | 'offline' | 'busy' | 'empty'

export const lockName = (siteId: number) => `shop-cart-outbox:${siteId}`
/** Waits and tries again this often while the server is still handling the same change from another sender. */
const IN_PROGRESS_WAIT_MS = 1000
const IN_PROGRESS_TRIES = 5

const running = new Set<string>()

/** Runs `task` holding the site's lock across tabs and the service worker; 'busy' when another holds it. */
async function withLock<T>(name: string, task: () => Promise<T>): Promise<T | 'busy'> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks) return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? task() : ('busy' as const)))
  // Without Web Locks (an old browser): one sender at a time in this page.
  if (running.has(name)) return 'busy'
  running.add(name)
  try {
    return await task()
  } finally {
    running.delete(name)
  }
}

/**
 * Once an order is placed, the device's cart starts empty: after the sending under way (if any) has finished, under
 * the same lock, so a change still on its way (a cart restarted with the old lines) cannot put the ordered products
 * back into the new cart.
 */
export async function startCartAfterOrderWhenIdle(siteId: number, languageId: number): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  const reset = () => startCartAfterOrder(siteId, languageId)
  await (locks ? locks.request(lockName(siteId), reset) : reset())
}

type Fate = 'offline' | 'gone' | 'inProgress' | { refused: Refusal }

/** Answers that say "not now" rather than "no": the same change may go through later. */
const TRANSIENT = new Set([408, 425, 429])

function fateOf(error: unknown): Fate {
  if (!(error instanceof ApiRequestError) || error.status >= 500 || TRANSIENT.has(error.status)) return 'offline'
  const body = ApiErrorSchema.safeParse(error.body)
  if (!body.success) return error.status === 404 ? 'gone' : 'offline'
  if (body.data.code === 'cartNotFound') return 'gone'
  if (body.data.code === 'requestInProgress') return 'inProgress'
  return { refused: { code: body.data.code, message: body.data.localizedMessage, params: body.data.params ?? {} } }
}

export const contentsOfCart = (cart: Cart): CartContents => ({
  products: cart.products,
  discountCode: cart.discountCode,
  shippingMethod: cart.shipping?.shippingMethod ?? 0,
  paymentMethodId: cart.payment?.paymentMethodId ?? null,
})

/** Lines whose price differs from what was shown, and lines the server no longer has. */
export function differencesOf(shown: CartCalculation | null, answer: CartCalculation): CartDifference[] {
  if (!shown) return []
  return shown.products.flatMap((before): CartDifference[] => {
    const after = answer.products.find((l) => l.productVariantId === before.productVariantId)
    if (!after)
      return [
        {
          kind: 'removed',
          productVariantId: before.productVariantId,
          name: before.description,
          before: null,
          after: null,
        },
      ]
    return unitAmount(before) === unitAmount(after)
      ? []
      : [
          {
            kind: 'price',
            productVariantId: before.productVariantId,
            name: before.description,
            before: unitAmount(before),
            after: unitAmount(after),
          },
        ]
  })
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * Sends the outbox of a site's cart and brings the device's cart up to date. `shown` gives the calculation the shopper
 * is looking at (the device's provisional one), to tell what the server answered differently. `onLimited` hears the
 * minutes to wait when the server refused for too many requests (a rate limit); the result is then 'offline'.
 */
export async function syncCart(
  api: CartSyncApi,
  siteId: number,
  languageId: number,
  shown?: (view: CartView) => CartCalculation | null,
  onLimited?: (minutes: number) => void,
): Promise<SyncResult> {
  // Ensuring a cart needs both the site and the language.
  if (!IdSchema.safeParse(siteId).success || !IdSchema.safeParse(languageId).success)
    throw new Error('Payload is incorrect')
  return withLock(lockName(siteId), async (): Promise<SyncResult> => {
    let view = await readCartView(siteId, languageId)
    const shownBefore = shown?.(view) ?? view.calculation
    let inProgress = 0
    for (;;) {
      const entry = view.queued[0]
      if (!entry) {
        if (!view.cartId) return 'empty'
        let answer: CartCalculation2
        try {
          answer = await api.calculateCart2(view.cartId)
        } catch (error) {
          const fate = fateOf(error)
          if (fate !== 'gone') return 'offline'
          await restartCart(siteId, languageId)
          view = await readCartView(siteId, languageId)
          continue
        }
        const pricing = await api.cartPricing().catch(() => view.pricing)
        await updateCart(siteId, languageId, (cart) => ({
          ...cart,
          languageId,
          base: contentsOfCart(answer.cart),
          calculation: answer.calculation,
          notices: answer.notices,
          pricing,
          syncedAt: new Date().toISOString(),
          differences: [...cart.differences, ...differencesOf(shownBefore, answer.calculation)].filter(
            (d, i, all) => all.findIndex((o) => o.productVariantId === d.productVariantId) === i,
          ),
        }))
        return 'synced'
      }
      try {
        let cartId = view.cartId
        if (!cartId) {
          cartId = (
            await api.createCart(view.createKey).catch((error: unknown) => {
              // Cart creation failed: the change waits (offline) or is refused with the server's reason.
              if (fateOf(error) !== 'offline') console.warn('Cart creation failed', error)
              throw error
            })
          ).shoppingcartId
          const created = cartId
          await updateCart(siteId, languageId, (cart) => ({ ...cart, cartId: created }))
        }
        await api.changeCart(cartId, entry.mutation, entry.id)
        await completeChange(siteId, languageId, entry)
        inProgress = 0
      } catch (error) {
        const fate = fateOf(error)
        if (fate === 'offline') {
          const minutes = retryAfterMinutes(error)
          if (minutes !== null) onLimited?.(minutes)
          return 'offline'
        }
        if (fate === 'gone') await restartCart(siteId, languageId)
        else if (fate === 'inProgress') {
          if (++inProgress > IN_PROGRESS_TRIES) return 'offline'
          await wait(IN_PROGRESS_WAIT_MS)
        } else await refuseChange(entry.id, fate.refused)
      }
      view = await readCartView(siteId, languageId)
    }
  })
}
