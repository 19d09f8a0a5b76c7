// Placing the order, once. Each attempt has one Idempotency-Key, kept on the device before the call (order-attempt.ts);
// what the server answers decides what becomes of the key:
// - the order (200): done with; the caller sends the payer on;
// - no answer (network, timeout, 5xx), too many requests (429: nothing was done), the same key still being handled
//   (requestInProgress), the payment not started (503 paymentUnavailable: the order is kept): the key stays, and the
//   next try with it finds the one order (or places it, if the first call never arrived);
// - a refusal (4xx with the server's reason): the server keeps it as that key's answer, so the key goes, and the next
//   try, once the shopper has put things right, is a new attempt.
// An attempt left from before (a reload mid-call) is tried first, for the cart it was made for: that cart may be the
// one that became the order while the device has started a new one since.
import { ApiErrorSchema, type ErrorCode } from '../../domain/errors.ts'
import type { PlacedOrder } from '../../domain/orders.ts'
import { ApiRequestError, retryAfterMinutes } from '../../browser/transport.ts'
import { newAttempt, type AttemptStore, type OrderAttempt } from '../data/order-attempt.ts'

export type PlaceOutcome =
  | { kind: 'placed'; order: PlacedOrder }
  | { kind: 'unreachable' }
  | { kind: 'failed' }
  | { kind: 'paymentUnavailable' }
  | { kind: 'inProgress' }
  | { kind: 'rateLimited'; minutes: number }
  | { kind: 'refused'; code: ErrorCode; params: Record<string, string> }

export interface PlaceOrderApi {
  placeOrder(cartId: string, idempotencyKey: string): Promise<PlacedOrder>
}

/** What an error answer means for the attempt (see the file's header). */
export function outcomeOf(error: unknown): Exclude<PlaceOutcome, { kind: 'placed' }> {
  if (!(error instanceof ApiRequestError)) return { kind: 'unreachable' }
  const minutes = retryAfterMinutes(error)
  if (minutes !== null) return { kind: 'rateLimited', minutes }
  const body = ApiErrorSchema.safeParse(error.body)
  if (!body.success) return error.status >= 500 || error.status === 0 ? { kind: 'unreachable' } : { kind: 'failed' }
  const { code, params = {} } = body.data
  if (code === 'paymentUnavailable') return { kind: 'paymentUnavailable' }
  if (code === 'requestInProgress') return { kind: 'inProgress' }
  if (error.status >= 500)
    return error.status === 503 || error.status === 504 ? { kind: 'unreachable' } : { kind: 'failed' }
  return { kind: 'refused', code, params }
}

async function attempt(api: PlaceOrderApi, attempts: AttemptStore, siteId: number, current: OrderAttempt) {
  try {
    const order = await api.placeOrder(current.cartId, current.idempotencyKey)
    await attempts.clear(siteId)
    return { kind: 'placed', order } as const
  } catch (error) {
    const outcome = outcomeOf(error)
    if (outcome.kind === 'refused') await attempts.clear(siteId)
    return outcome
  }
}

/**
 * Places the order of `cartId` (or finds the one an earlier attempt placed). Never called offline: the caller
 * disables it; a call that finds no network anyway keeps its key for the next.
 */
export async function placeOrderOnce(
  api: PlaceOrderApi,
  attempts: AttemptStore,
  siteId: number,
  cartId: string | null,
): Promise<PlaceOutcome> {
  const earlier = await attempts.read(siteId)
  if (earlier && earlier.cartId !== cartId) {
    // An attempt for a cart the device has since left behind: its order, if it was placed, is the one.
    const outcome = await attempt(api, attempts, siteId, earlier)
    // That cart was never placed (and cannot be now): this cart's own attempt follows, if there is a cart.
    if (outcome.kind !== 'refused' || cartId === null) return outcome
  }
  if (cartId === null) return { kind: 'refused', code: 'cartNotFound', params: {} }
  const current = earlier?.cartId === cartId ? earlier : newAttempt(cartId)
  if (current !== earlier) await attempts.save(siteId, current)
  return attempt(api, attempts, siteId, current)
}
