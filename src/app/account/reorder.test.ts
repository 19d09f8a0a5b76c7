// Which lines of a past order go back in the cart, and which are named: decided against the device's catalogue.
import { describe, expect, it } from 'vitest'
import { EMPTY_CART_CONTENTS, type CartContents } from '../../domain/cart-mutations.ts'
import type { OrderLine } from '../../domain/orders.ts'
import { product, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import { planReorder, type KnownProduct } from './reorder.ts'

const line = (productVariantId: number, quantity: number, overrides: Partial<OrderLine> = {}): OrderLine => ({
  productId: Math.floor(productVariantId / 100),
  productVariantId,
  productType: 2,
  description: `Muesli ${productVariantId}`,
  productLabel: 'Zak · 20 kg',
  quantity,
  freeQuantity: 0,
  unitAmount: 2995,
  vatRatePercentage: 9,
  totalAmount: 2995 * quantity,
  ...overrides,
})

/** A catalogue of products 1..4 with one variant each (101, 201, …) and the stock given. */
const catalogue = (stock: Record<number, number>, states: Record<number, 'comingSoon'> = {}) => {
  const products = new Map<number, KnownProduct>()
  for (const id of [1, 2, 3, 4])
    products.set(
      id * 100 + 1,
      product(id, { state: states[id] ?? 'available', variants: [variant(id * 100 + 1, { stock: stock[id] ?? 20 })] }),
    )
  return (variantId: number) => products.get(variantId) ?? 'notSold'
}

const cartWith = (...lines: [number, number][]): CartContents => ({
  ...EMPTY_CART_CONTENTS,
  products: lines.map(([productVariantId, count]) => ({
    productId: Math.floor(productVariantId / 100),
    productVariantId,
    count,
    rqsSamples: [],
  })),
})

describe('reorder', () => {
  it('puts every line of an order back with its quantity, free pieces left to the promotion', () => {
    const plan = planReorder([line(101, 2, { freeQuantity: 1 }), line(201, 1)], catalogue({}), EMPTY_CART_CONTENTS)
    expect(plan.add).toEqual([
      { type: 'add', productId: 1, productVariantId: 101, quantity: 2 },
      { type: 'add', productId: 2, productVariantId: 201, quantity: 1 },
    ])
    expect(plan.skipped).toEqual([])
    expect(plan.limited).toEqual([])
  })

  it.each([
    ['no longer in the catalogue', line(901, 1, { description: 'Oude muesli' }), 'notSold'],
    ['not orderable yet', line(301, 1, { description: 'Nieuwe muesli' }), 'notSold'],
    ['out of stock', line(201, 1, { description: 'Lege muesli' }), 'outOfStock'],
  ] as const)('names and skips a line whose product is %s', (_, skipped, reason) => {
    const plan = planReorder([line(101, 1), skipped], catalogue({ 2: 0 }, { 3: 'comingSoon' }), EMPTY_CART_CONTENTS)
    expect(plan.add.map((m) => m.productVariantId)).toEqual([101])
    expect(plan.skipped).toEqual([{ name: `${skipped.description} (Zak · 20 kg)`, reason }])
  })

  it('adds what the stock allows, counting what the cart holds, and names the line with both numbers', () => {
    const plan = planReorder([line(101, 5)], catalogue({ 1: 4 }), cartWith([101, 1]))
    expect(plan.add).toEqual([{ type: 'add', productId: 1, productVariantId: 101, quantity: 3 }])
    expect(plan.limited).toEqual([{ name: 'Muesli 101 (Zak · 20 kg)', quantity: 3, ordered: 5 }])
  })

  it('skips a line whose stock is all in the cart already, as out of stock', () => {
    const plan = planReorder([line(101, 2)], catalogue({ 1: 2 }), cartWith([101, 2]))
    expect(plan.add).toEqual([])
    expect(plan.skipped).toEqual([{ name: 'Muesli 101 (Zak · 20 kg)', reason: 'outOfStock' }])
  })

  it('skips a new line once the cart holds as many lines as it may', () => {
    const full = cartWith(...Array.from({ length: 100 }, (_, i): [number, number] => [10_001 + i, 1]))
    const plan = planReorder([line(101, 1)], catalogue({}), full)
    expect(plan.skipped).toEqual([{ name: 'Muesli 101 (Zak · 20 kg)', reason: 'fullCart' }])
  })

  it('adds a line the device cannot check (no catalogue, no network) and leaves the check to the server', () => {
    const plan = planReorder([line(101, 3)], () => 'unknown', EMPTY_CART_CONTENTS)
    expect(plan.add).toEqual([{ type: 'add', productId: 1, productVariantId: 101, quantity: 3 }])
    expect(plan.skipped).toEqual([])
  })
})
