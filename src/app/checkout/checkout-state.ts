// The checkout's view of the cart: the server's cart (its checkout details: billing, delivery, payment) with its
// calculation, read once the device's waiting changes have reached the server, so the checkout never shows or sends
// an order the server has not seen. The checkout needs the network: without it the state says so and the forms keep
// what was typed (checkout-drafts.ts) until it is back.
import { atom, useAtom, useAtomValue } from 'jotai'
import { useCallback, useEffect } from 'react'
import { useNavigate } from 'react-router'
import type { CartCalculation } from '../../domain/cart-calculation.ts'
import type { Cart } from '../../domain/cart.ts'
import type { CartNotice } from '../../domain/cart-api.ts'
import { CART_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import { gateStep, type FormStep } from '../../domain/checkout.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { useCart } from '../cart/cart-state.ts'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'

export type CheckoutState =
  | { status: 'loading' }
  /** The device's changes are still on their way, or the server cannot be reached: the checkout waits. */
  | { status: 'offline' }
  /** Nothing in the cart: the checkout has nothing to do. */
  | { status: 'empty' }
  | { status: 'error' }
  | { status: 'ready'; cart: Cart; calculation: CartCalculation; notices: CartNotice[] }

export const checkoutAtom = atom<CheckoutState>({ status: 'loading' })

/** The path of a checkout step in the page's language: '/checkout/billing/', '/fr/checkout/payment/'. */
export function checkoutPath(prefix: string, step: FormStep | 'complete'): string {
  return localPath(prefix, `checkout/${step}`)
}

/** Whether an error means the server could not be reached (a timeout, no network, a gateway in between). */
export const isUnreachable = (error: unknown) =>
  error instanceof ApiRequestError ? error.status === 503 || error.status === 504 || error.status === 0 : true

/**
 * The checkout's cart. Loads when the device's cart has no changes waiting; `reload` reads it again after a
 * change of its details.
 */
export function useCheckout() {
  const [state, setState] = useAtom(checkoutAtom)
  const { view, sending } = useCart()
  const { api } = useServices()
  const cartId = view?.cartId ?? null
  const waiting = (view?.queued.length ?? 0) > 0
  const known = view !== null
  const empty = known && view.contents.products.length === 0 && view.queued.length === 0
  // Only whether the sender found no network counts here: its other changes (a sync starting and ending) would ask
  // for the same cart again, aborting the question already on its way.
  const senderOffline = sending === 'offline'
  const deviceOnline = useAtomValue(connectivityAtom) !== 'offline'

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      if (!cartId) return
      try {
        const answer = await api.calculateCart2(cartId, signal)
        if (signal?.aborted) return
        if (answer.cart.products.length === 0) setState({ status: 'empty' })
        else setState({ status: 'ready', cart: answer.cart, calculation: answer.calculation, notices: answer.notices })
      } catch (error) {
        if (signal?.aborted) return
        setState(isUnreachable(error) ? { status: 'offline' } : { status: 'error' })
      }
    },
    [api, cartId, setState],
  )

  useEffect(() => {
    if (!known) return
    if (empty) {
      setState({ status: 'empty' })
      return
    }
    if (waiting || !cartId) {
      // The changes made on this device go first; the cart's sender is on it.
      if (senderOffline) setState({ status: 'offline' })
      return
    }
    const abort = new AbortController()
    void reload(abort.signal)
    return () => abort.abort()
  }, [known, empty, waiting, cartId, senderOffline, reload, setState])

  // A cart that could not be asked for is asked for again when the device's network comes back.
  const unanswered = state.status === 'offline' && !waiting && cartId !== null
  useEffect(() => {
    if (!deviceOnline || !unanswered) return
    const abort = new AbortController()
    void reload(abort.signal)
    return () => abort.abort()
  }, [deviceOnline, unanswered, reload])

  return { state, reload, cartId }
}

/**
 * Sends the shopper to the step the cart may reach (spec §4): the asked-for step when it may, else the last one
 * before it with something left to fill in, or the cart page for an empty cart.
 */
export function useGate(step: FormStep, state: CheckoutState): boolean {
  const navigate = useNavigate()
  const { language } = useRootData()
  const target = state.status === 'empty' ? null : state.status === 'ready' ? gateStep(step, state.cart) : step
  const allowed = target === step
  useEffect(() => {
    if (allowed) return
    const to =
      target === null
        ? localPath(language.pathPrefix, CART_SLUGS[language.code])
        : checkoutPath(language.pathPrefix, target)
    void navigate(to, { replace: true })
  }, [allowed, target, navigate, language])
  return allowed
}
