// The cart requests that the sending of queued changes makes (src/browser/cart-sync.ts): a plain module, so
// the app's API client and the service worker's background sync build the same requests here.
import { IDEMPOTENCY_HEADER } from '../domain/cart-constants.ts'
import type { CartMutation } from '../domain/cart-mutations.ts'
import type { ApiRequest } from './transport.ts'

/** A new cart, made once per key. */
export const createCartRequest = (idempotencyKey: string): ApiRequest => ({
  method: 'POST',
  path: '/api/cart',
  headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
})

/** A change of a stored cart, applied once per key (the queued change's id). */
export const changeCartRequest = (id: string, mutation: CartMutation, idempotencyKey: string): ApiRequest => ({
  ...cartChange(id, mutation),
  headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
})

/** The stored cart with its calculation and notices. */
export const calculate2Request = (id: string, signal?: AbortSignal): ApiRequest => ({
  method: 'POST',
  path: `/api/cartcalculation/${id}/calculate2`,
  signal,
})

/** The site's prices around the cart. */
export const cartPricingRequest = (signal?: AbortSignal): ApiRequest => ({ path: '/api/cart/pricing', signal })

/** The request that makes a change of a stored cart. */
function cartChange(id: string, mutation: CartMutation): ApiRequest {
  const cart = `/api/cart/${id}`
  switch (mutation.type) {
    case 'add':
      return {
        method: 'POST',
        path: `${cart}/products`,
        query: { productVariantId: mutation.productVariantId, quantity: mutation.quantity },
      }
    case 'setQuantity':
      return {
        method: 'POST',
        path: `${cart}/products/${mutation.productVariantId}`,
        query: { quantity: mutation.quantity },
      }
    case 'remove':
      return { method: 'DELETE', path: `${cart}/products/${mutation.productVariantId}` }
    case 'removeSample':
      return { method: 'DELETE', path: `${cart}/products/${mutation.productVariantId}/${mutation.sequence}` }
    case 'setSampleName':
      return {
        method: 'POST',
        path: `${cart}/rqssamplename`,
        query: {
          productVariantId: mutation.productVariantId,
          sequence: mutation.sequence,
          samplename: mutation.sampleName,
        },
      }
    case 'setDiscountCode':
      return { method: 'POST', path: `${cart}/discountcode`, query: { code: mutation.code } }
    case 'removeDiscountCode':
      return { method: 'DELETE', path: `${cart}/discountcode` }
    case 'setShippingMethod':
      return { method: 'PUT', path: `${cart}/shipping`, body: { shippingMethod: mutation.shippingMethod } }
    case 'setPaymentMethod':
      return { method: 'POST', path: `${cart}/payment`, body: { paymentMethodId: mutation.paymentMethodId } }
  }
}
