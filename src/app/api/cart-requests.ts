// The requests of SPEC §7 that change a stored cart, one per kind of change (src/domain/cart-mutations.ts). A plain
// module: the app's API client and the service worker's background sync both build their requests here.
import type { CartMutation } from '../../domain/cart-mutations.ts'
import type { ApiRequest } from './transport.ts'

/** The request of SPEC §7 that makes a change of a stored cart. */
export function cartChange(id: string, mutation: CartMutation): ApiRequest {
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
