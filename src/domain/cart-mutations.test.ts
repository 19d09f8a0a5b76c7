import { describe, expect, it } from 'vitest'
import {
  applyCartMutation,
  CartMutationSchema,
  EMPTY_CART_CONTENTS,
  holdsScanProductsOnly,
  mutationProblem,
  supersedes,
  type CartContents,
  type CartMutation,
} from './cart-mutations.ts'
import { MAX_LINES, MAX_QUANTITY } from './cart-constants.ts'

const SAMPLE = 5301 // a quick-scan variant: each piece is a sample
const isSample = (id: number) => id === SAMPLE
const apply = (cart: CartContents, ...mutations: CartMutation[]) =>
  mutations.reduce((next, m) => applyCartMutation(next, m, isSample), cart)
const add = (productVariantId: number, quantity = 1): CartMutation => ({
  type: 'add',
  productId: Math.floor(productVariantId / 100),
  productVariantId,
  quantity,
})

describe('cart mutations', () => {
  it('adds a product, and adding it again adds to its line', () => {
    const cart = apply(EMPTY_CART_CONTENTS, add(101, 2), add(201), add(101, 3))
    expect(cart.products.map((p) => [p.productVariantId, p.count])).toEqual([
      [101, 5],
      [201, 1],
    ])
  })

  it('sets a quantity and removes a line, leaving the others in their order', () => {
    const cart = apply(EMPTY_CART_CONTENTS, add(101), add(201), add(301), {
      type: 'setQuantity',
      productVariantId: 201,
      quantity: 7,
    })
    expect(
      apply(cart, { type: 'remove', productVariantId: 101 }).products.map((p) => [p.productVariantId, p.count]),
    ).toEqual([
      [201, 7],
      [301, 1],
    ])
  })

  it('never changes the cart it is given', () => {
    const cart = apply(EMPTY_CART_CONTENTS, add(101))
    const copy = structuredClone(cart)
    apply(cart, add(101), { type: 'setDiscountCode', code: 'X' }, { type: 'remove', productVariantId: 101 })
    expect(cart).toEqual(copy)
  })

  it('numbers the samples of a scan product, keeps their names, and renumbers when one is removed', () => {
    let cart = apply(EMPTY_CART_CONTENTS, add(SAMPLE, 3))
    expect(cart.products[0]!.rqsSamples).toEqual([
      { sequence: 1, sampleName: '' },
      { sequence: 2, sampleName: '' },
      { sequence: 3, sampleName: '' },
    ])
    cart = apply(
      cart,
      { type: 'setSampleName', productVariantId: SAMPLE, sequence: 1, sampleName: 'Weide 1' },
      { type: 'setSampleName', productVariantId: SAMPLE, sequence: 3, sampleName: 'Hooi 2025' },
      { type: 'removeSample', productVariantId: SAMPLE, sequence: 2 },
    )
    expect(cart.products[0]).toMatchObject({
      count: 2,
      rqsSamples: [
        { sequence: 1, sampleName: 'Weide 1' },
        { sequence: 2, sampleName: 'Hooi 2025' },
      ],
    })
    cart = apply(cart, { type: 'setQuantity', productVariantId: SAMPLE, quantity: 1 })
    expect(cart.products[0]!.rqsSamples).toEqual([{ sequence: 1, sampleName: 'Weide 1' }])
    expect(apply(cart, { type: 'removeSample', productVariantId: SAMPLE, sequence: 1 }).products).toEqual([])
  })

  it('keeps no samples for other products', () => {
    expect(apply(EMPTY_CART_CONTENTS, add(101, 2)).products[0]!.rqsSamples).toEqual([])
  })

  it.each<[string, CartContents, CartMutation, string]>([
    [
      'a quantity for a line not in the cart',
      EMPTY_CART_CONTENTS,
      { type: 'setQuantity', productVariantId: 1, quantity: 2 },
      'notInCart',
    ],
    ['removing a line not in the cart', EMPTY_CART_CONTENTS, { type: 'remove', productVariantId: 1 }, 'notInCart'],
    ['more than the most of one variant', apply(EMPTY_CART_CONTENTS, add(101, MAX_QUANTITY)), add(101), 'tooMany'],
    [
      'a line more than a cart holds',
      {
        ...EMPTY_CART_CONTENTS,
        products: Array.from({ length: MAX_LINES }, (_, i) => ({
          productId: i + 1,
          productVariantId: i + 1,
          count: 1,
          rqsSamples: [],
        })),
      },
      add(99_999),
      'fullCart',
    ],
    [
      'a sample that is not there',
      apply(EMPTY_CART_CONTENTS, add(SAMPLE, 1)),
      { type: 'removeSample', productVariantId: SAMPLE, sequence: 2 },
      'noSuchSample',
    ],
  ])('refuses %s and leaves the cart as it was', (_, cart, mutation, problem) => {
    expect(mutationProblem(cart, mutation)).toBe(problem)
    expect(applyCartMutation(cart, mutation, isSample)).toBe(cart)
  })

  it('sets and removes a discount code (kept in capitals), the shipping and the payment method', () => {
    const code = CartMutationSchema.parse({ type: 'setDiscountCode', code: ' welkom10 ' })
    let cart = apply(
      EMPTY_CART_CONTENTS,
      code,
      { type: 'setShippingMethod', shippingMethod: 1 },
      { type: 'setPaymentMethod', paymentMethodId: 3 },
    )
    expect(cart).toMatchObject({ discountCode: 'WELKOM10', shippingMethod: 1, paymentMethodId: 3 })
    cart = apply(cart, { type: 'removeDiscountCode' })
    expect(cart.discountCode).toBeNull()
  })

  it.each([
    { type: 'add', productId: 1, productVariantId: 1, quantity: 0 },
    { type: 'add', productId: 1, productVariantId: 1, quantity: 1.5 },
    { type: 'add', productId: 1, productVariantId: 1, quantity: MAX_QUANTITY + 1 },
    { type: 'add', productId: 1, productVariantId: -1, quantity: 1 },
    { type: 'setDiscountCode', code: '' },
    { type: 'setDiscountCode', code: 'a b' },
    { type: 'setDiscountCode', code: 'x'.repeat(41) },
    { type: 'explode' },
  ])('refuses the malformed change %j', (mutation) => {
    expect(CartMutationSchema.safeParse(mutation).success).toBe(false)
  })

  it('knows a cart of scan samples only', () => {
    const typeOf = (id: number) => (id === SAMPLE ? 4 : id === 101 ? 2 : undefined)
    expect(holdsScanProductsOnly(EMPTY_CART_CONTENTS, typeOf)).toBe(false)
    expect(holdsScanProductsOnly(apply(EMPTY_CART_CONTENTS, add(SAMPLE)), typeOf)).toBe(true)
    expect(holdsScanProductsOnly(apply(EMPTY_CART_CONTENTS, add(SAMPLE), add(101)), typeOf)).toBe(false)
  })
})

describe('supersedes', () => {
  const setQuantity = (productVariantId: number, quantity: number): CartMutation => ({
    type: 'setQuantity',
    productVariantId,
    quantity,
  })
  const remove = (productVariantId: number): CartMutation => ({ type: 'remove', productVariantId })
  const name = (sequence: number): CartMutation => ({
    type: 'setSampleName',
    productVariantId: SAMPLE,
    sequence,
    sampleName: 'Weide 1',
  })
  const code = (value: string): CartMutation => ({ type: 'setDiscountCode', code: value })
  const delivery = (shippingMethod: 0 | 1): CartMutation => ({ type: 'setShippingMethod', shippingMethod })

  it.each<[string, boolean, CartMutation, CartMutation]>([
    ['a new quantity answers a refused quantity of the line', true, setQuantity(101, 2), setQuantity(101, 5)],
    ['an addition answers a refused addition to the line', true, add(101), add(101, 9)],
    ['a removal answers a refused quantity of the line', true, remove(101), setQuantity(101, 5)],
    ['a quantity of another line', false, setQuantity(201, 2), setQuantity(101, 5)],
    ['a removal of the line answers a refused sample name in it', true, remove(SAMPLE), name(2)],
    ['a new quantity of the line, for a refused sample name', false, setQuantity(SAMPLE, 3), name(2)],
    ['a new name of the sample answers its refused name', true, name(2), name(2)],
    ['a name of another sample', false, name(1), name(2)],
    ['a code answers a refused code', true, code('WELKOM10'), code('ZOMER2025')],
    ['removing the code answers a refused code', true, { type: 'removeDiscountCode' }, code('ZOMER2025')],
    ['a code, for a refused quantity', false, code('WELKOM10'), setQuantity(101, 5)],
    ['a delivery answers a refused delivery', true, delivery(1), delivery(0)],
    ['a delivery, for a refused payment method', false, delivery(1), { type: 'setPaymentMethod', paymentMethodId: 2 }],
  ])('%s: %s', (_what, expected, next, refused) => {
    expect(supersedes(next, refused)).toBe(expected)
  })
})
