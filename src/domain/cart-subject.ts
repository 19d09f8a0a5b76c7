// What a cart change is about, as a plain module (no zod): the product page names a refused change with it.
import type { CartMutation } from './cart-mutations.ts'

/** What a change is about: a line, one sample of a line, the discount code, the delivery or the payment. */
export type ChangeSubject =
  | { kind: 'line'; productVariantId: number }
  | { kind: 'sample'; productVariantId: number; sequence: number }
  | { kind: 'discountCode' | 'shippingMethod' | 'paymentMethod' }

export function subjectOf(mutation: CartMutation): ChangeSubject {
  switch (mutation.type) {
    case 'add':
    case 'setQuantity':
    case 'remove':
      return { kind: 'line', productVariantId: mutation.productVariantId }
    case 'removeSample':
    case 'setSampleName':
      return { kind: 'sample', productVariantId: mutation.productVariantId, sequence: mutation.sequence }
    case 'setDiscountCode':
    case 'removeDiscountCode':
      return { kind: 'discountCode' }
    case 'setShippingMethod':
      return { kind: 'shippingMethod' }
    case 'setPaymentMethod':
      return { kind: 'paymentMethod' }
  }
}
