// The cart's sender tells what the server answered differently from what the device showed: prices and lines.
import { beforeEach, describe, expect, it } from 'vitest'
import { EMPTY_CART_CONTENTS } from '../domain/cart-mutations.ts'
import { add, FakeServer, freshOutbox, LANGUAGE, SITE, view } from '../../tests/helpers/cart-server.ts'
import { queueChange } from './cart-store.ts'
import { differencesOf, syncCart } from './cart-sync.ts'

describe('the cart outbox’s differences', () => {
  let server: FakeServer
  beforeEach(() => {
    ;({ server } = freshOutbox())
  })
  const sync = () => syncCart(server, SITE, LANGUAGE)

  it('tells the prices the server answered differently from what was shown', async () => {
    server.price.set(101, 3295)
    await queueChange(SITE, LANGUAGE, add(101))
    await sync()
    server.price.set(101, 3495)
    await queueChange(SITE, LANGUAGE, add(101))
    await sync()
    expect((await view()).differences).toEqual([
      { kind: 'price', productVariantId: 101, name: 'Product 1', before: 3295, after: 3495 },
    ])
  })
})

describe('differencesOf', () => {
  const server = new FakeServer()
  it('finds changed unit prices and lines the server no longer has', () => {
    const shown = server.calculationOf({
      ...EMPTY_CART_CONTENTS,
      products: [
        { productId: 1, productVariantId: 101, count: 2, rqsSamples: [] },
        { productId: 2, productVariantId: 201, count: 1, rqsSamples: [] },
      ],
    })
    server.price.set(101, 1100)
    const answer = server.calculationOf({
      ...EMPTY_CART_CONTENTS,
      products: [{ productId: 1, productVariantId: 101, count: 2, rqsSamples: [] }],
    })
    expect(differencesOf(shown, answer)).toEqual([
      { kind: 'price', productVariantId: 101, name: 'Product 1', before: 1000, after: 1100 },
      { kind: 'removed', productVariantId: 201, name: 'Product 2', before: null, after: null },
    ])
    expect(differencesOf(null, answer)).toEqual([])
  })
})
