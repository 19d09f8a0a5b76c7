// Cart changes as a pure function (cart, mutation) -> cart: the server applies them to the stored cart,
// and the app applies the very same to its copy at once (the optimistic cart) and again when it replays the changes it
// queued offline. What a change may not do (more than the stock, a product not for sale) is the server's to refuse;
// here only what holds for any cart: quantities stay within 1..MAX_QUANTITY, a line is one per variant.
import { z } from 'zod'
import { IdSchema } from './ids.ts'
import { ShippingMethodSchema, type ProductType } from './enums.ts'
import { DISCOUNT_CODE_MAX, isSampleProduct, MAX_LINES, MAX_QUANTITY, SAMPLE_NAME_MAX } from './cart-constants.ts'
import { subjectOf } from './cart-subject.ts'

export const CartQuantitySchema = z.number().int().min(1).max(MAX_QUANTITY)

export const SampleNameSchema = z.string().trim().max(SAMPLE_NAME_MAX)

/** A sample of a roughage scan (Rqs, Qs): each piece in the cart is one sample, named by the customer. */
export const CartSampleSchema = z.object({ sequence: z.number().int().min(1), sampleName: SampleNameSchema })
export type CartSample = z.infer<typeof CartSampleSchema>

export const CartItemSchema = z.object({
  productId: IdSchema,
  productVariantId: IdSchema,
  count: CartQuantitySchema,
  rqsSamples: z.array(CartSampleSchema).max(MAX_QUANTITY),
})
export type CartItem = z.infer<typeof CartItemSchema>

/** What the cart holds that decides its price: the part of a cart the offline queue changes. */
export const CartContentsSchema = z.object({
  products: z.array(CartItemSchema).max(MAX_LINES),
  discountCode: z.string().max(40).nullable(),
  shippingMethod: ShippingMethodSchema,
  paymentMethodId: IdSchema.nullable(),
})
export type CartContents = z.infer<typeof CartContentsSchema>

export const EMPTY_CART_CONTENTS: CartContents = {
  products: [],
  discountCode: null,
  shippingMethod: 0,
  paymentMethodId: null,
}

/** A discount code as typed: letters, digits and dashes, compared without case. */
export const DiscountCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(DISCOUNT_CODE_MAX)
  .regex(/^[\p{L}\p{N}_-]+$/u)
  .transform((code) => code.toUpperCase())

export const CartMutationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), productId: IdSchema, productVariantId: IdSchema, quantity: CartQuantitySchema }),
  z.object({ type: z.literal('setQuantity'), productVariantId: IdSchema, quantity: CartQuantitySchema }),
  z.object({ type: z.literal('remove'), productVariantId: IdSchema }),
  z.object({ type: z.literal('removeSample'), productVariantId: IdSchema, sequence: z.number().int().min(1) }),
  z.object({
    type: z.literal('setSampleName'),
    productVariantId: IdSchema,
    sequence: z.number().int().min(1),
    sampleName: SampleNameSchema,
  }),
  z.object({ type: z.literal('setDiscountCode'), code: DiscountCodeSchema }),
  z.object({ type: z.literal('removeDiscountCode') }),
  z.object({ type: z.literal('setShippingMethod'), shippingMethod: ShippingMethodSchema }),
  z.object({ type: z.literal('setPaymentMethod'), paymentMethodId: IdSchema }),
])
export type CartMutation = z.infer<typeof CartMutationSchema>

/** Samples numbered 1..count, keeping the names of those that stay. */
function samplesFor(count: number, samples: readonly CartSample[]): CartSample[] {
  return Array.from({ length: count }, (_, i) => ({ sequence: i + 1, sampleName: samples[i]?.sampleName ?? '' }))
}

/**
 * Why a change does not apply to a cart, or null when it does. A change that does not apply leaves the cart as it is
 * (the server answers it with an error; the app shows the refusal by what it was about).
 */
export type MutationProblem = 'notInCart' | 'tooMany' | 'fullCart' | 'noSuchSample'

export function mutationProblem(cart: CartContents, mutation: CartMutation): MutationProblem | null {
  const line =
    'productVariantId' in mutation && cart.products.find((p) => p.productVariantId === mutation.productVariantId)
  switch (mutation.type) {
    case 'add':
      if (line) return line.count + mutation.quantity > MAX_QUANTITY ? 'tooMany' : null
      return cart.products.length >= MAX_LINES ? 'fullCart' : null
    case 'setQuantity':
    case 'remove':
      return line ? null : 'notInCart'
    case 'removeSample':
    case 'setSampleName':
      if (!line) return 'notInCart'
      return line.rqsSamples.some((s) => s.sequence === mutation.sequence) ? null : 'noSuchSample'
    default:
      return null
  }
}

/**
 * The cart after a change. `sampleProduct` tells whether a product's pieces are samples (see isSampleProduct); a
 * change with a problem (mutationProblem) returns the cart unchanged.
 */
export function applyCartMutation(
  cart: CartContents,
  mutation: CartMutation,
  sampleProduct: (productVariantId: number) => boolean = () => false,
): CartContents {
  if (mutationProblem(cart, mutation) !== null) return cart
  const withLine = (productVariantId: number, change: (line: CartItem) => CartItem | null): CartContents => ({
    ...cart,
    products: cart.products.flatMap((line) => {
      if (line.productVariantId !== productVariantId) return [line]
      const next = change(line)
      return next ? [next] : []
    }),
  })
  const counted = (line: CartItem, count: number): CartItem => ({
    ...line,
    count,
    rqsSamples: sampleProduct(line.productVariantId) ? samplesFor(count, line.rqsSamples) : [],
  })
  switch (mutation.type) {
    case 'add': {
      const present = cart.products.some((p) => p.productVariantId === mutation.productVariantId)
      if (present) return withLine(mutation.productVariantId, (line) => counted(line, line.count + mutation.quantity))
      const line: CartItem = {
        productId: mutation.productId,
        productVariantId: mutation.productVariantId,
        count: mutation.quantity,
        rqsSamples: [],
      }
      return { ...cart, products: [...cart.products, counted(line, mutation.quantity)] }
    }
    case 'setQuantity':
      return withLine(mutation.productVariantId, (line) => counted(line, mutation.quantity))
    case 'remove':
      return withLine(mutation.productVariantId, () => null)
    case 'removeSample':
      // The sample goes, the others keep their names and are numbered again; the last sample takes the line with it.
      return withLine(mutation.productVariantId, (line) => {
        const rest = line.rqsSamples.filter((s) => s.sequence !== mutation.sequence)
        return rest.length === 0 ? null : { ...line, count: rest.length, rqsSamples: samplesFor(rest.length, rest) }
      })
    case 'setSampleName':
      return withLine(mutation.productVariantId, (line) => ({
        ...line,
        rqsSamples: line.rqsSamples.map((s) =>
          s.sequence === mutation.sequence ? { ...s, sampleName: mutation.sampleName } : s,
        ),
      }))
    case 'setDiscountCode':
      return { ...cart, discountCode: mutation.code }
    case 'removeDiscountCode':
      return { ...cart, discountCode: null }
    case 'setShippingMethod':
      return { ...cart, shippingMethod: mutation.shippingMethod }
    case 'setPaymentMethod':
      return { ...cart, paymentMethodId: mutation.paymentMethodId }
  }
}

/**
 * Whether a new change answers an earlier one the server refused: it is about the same thing (the shopper has decided
 * again), or it removes the line the refused change was about.
 */
export function supersedes(next: CartMutation, refused: CartMutation): boolean {
  const a = subjectOf(next)
  const b = subjectOf(refused)
  switch (a.kind) {
    case 'line':
      return (
        'productVariantId' in b &&
        b.productVariantId === a.productVariantId &&
        (b.kind === 'line' || next.type === 'remove')
      )
    case 'sample':
      return b.kind === 'sample' && b.productVariantId === a.productVariantId && b.sequence === a.sequence
    default:
      return b.kind === a.kind
  }
}

/** Whether a cart holds only scan products (scanProductsOnly: no delivery, nothing to ship). */
export function holdsScanProductsOnly(
  cart: Pick<CartContents, 'products'>,
  productType: (productVariantId: number) => ProductType | undefined,
): boolean {
  return (
    cart.products.length > 0 &&
    cart.products.every((p) => {
      const type = productType(p.productVariantId)
      return type !== undefined && isSampleProduct(type)
    })
  )
}
