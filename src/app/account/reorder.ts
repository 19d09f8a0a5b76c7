// Reorder: a past order's lines back in the cart in one tap. What goes is decided against the device's catalogue
// (the offline copy, so it works in the stable without a network): a product no longer sold here or not orderable
// yet, and a variant out of stock, are named and skipped; a line larger than the stock or the cart allows goes in as
// far as it can and is named with what went in. Free pieces are not added: the promotion gives them again if it
// still runs. The additions then go through the cart's outbox like any other change (cart-state.ts).
import { MAX_QUANTITY } from '../../domain/cart-constants.ts'
import {
  applyCartMutation,
  mutationProblem,
  type CartContents,
  type CartMutation,
} from '../../domain/cart-mutations.ts'
import { isSampleProduct } from '../../domain/cart-constants.ts'
import type { OrderLine } from '../../domain/orders.ts'
import type { CatalogueProduct } from '../../domain/product.ts'

export type AddMutation = Extract<CartMutation, { type: 'add' }>

export type ReorderSkipReason = 'notSold' | 'outOfStock' | 'fullCart'

export interface ReorderSkip {
  name: string
  reason: ReorderSkipReason
}

export interface ReorderLimit {
  name: string
  /** What went in. */
  quantity: number
  /** What the order had. */
  ordered: number
}

export interface ReorderPlan {
  add: AddMutation[]
  skipped: ReorderSkip[]
  limited: ReorderLimit[]
}

/** How a line is named in the messages: the product and its package, as the order has them. */
export const lineName = (line: Pick<OrderLine, 'description' | 'productLabel'>) =>
  line.productLabel ? `${line.description} (${line.productLabel})` : line.description

/**
 * What is known of a variant's product: the product (from the device's catalogue, or the server's), 'notSold' (the
 * catalogue has it no more), or 'unknown' (no catalogue on the device and no network: the server decides when the
 * change is sent, and refuses in the cart what it cannot take).
 */
export type KnownProduct = CatalogueProduct | 'notSold' | 'unknown'

/**
 * Which of the order's lines go back in the cart and how many. `cart` is the cart as it is now, so the stock and the
 * cart's limits count what it already holds.
 */
export function planReorder(
  lines: readonly OrderLine[],
  productOf: (productVariantId: number) => KnownProduct,
  cart: CartContents,
): ReorderPlan {
  const plan: ReorderPlan = { add: [], skipped: [], limited: [] }
  let contents = cart
  for (const line of lines) {
    const name = lineName(line)
    const known = productOf(line.productVariantId)
    const product = typeof known === 'string' ? null : known
    const variant = product?.variants.find((v) => v.productVariantId === line.productVariantId)
    if (known === 'notSold' || (product && (!variant || product.state !== 'available'))) {
      plan.skipped.push({ name, reason: 'notSold' })
      continue
    }
    const held = contents.products.find((p) => p.productVariantId === line.productVariantId)?.count ?? 0
    const stock = variant ? variant.stock : Number.POSITIVE_INFINITY
    const room = Math.min(stock, MAX_QUANTITY) - held
    if (room <= 0) {
      plan.skipped.push({ name, reason: stock - held <= 0 ? 'outOfStock' : 'fullCart' })
      continue
    }
    const quantity = Math.min(line.quantity, room)
    const mutation: AddMutation = {
      type: 'add',
      productId: product?.productId ?? line.productId,
      productVariantId: line.productVariantId,
      quantity,
    }
    if (mutationProblem(contents, mutation) !== null) {
      plan.skipped.push({ name, reason: 'fullCart' })
      continue
    }
    contents = applyCartMutation(contents, mutation, () => isSampleProduct(line.productType))
    plan.add.push(mutation)
    if (quantity < line.quantity) plan.limited.push({ name, quantity, ordered: line.quantity })
  }
  return plan
}
