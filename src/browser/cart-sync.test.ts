import { beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../tests/helpers/indexed-db.ts'
import type { CartCalculation2 } from '../domain/cart-api.ts'
import type { CartCalculation, PricingRules } from '../domain/cart-calculation.ts'
import {
  applyCartMutation,
  EMPTY_CART_CONTENTS,
  mutationProblem,
  type CartContents,
  type CartMutation,
} from '../domain/cart-mutations.ts'
import type { Cart } from '../domain/cart.ts'
import { ApiRequestError } from './transport.ts'
import { discardChanges, queueChange, readCartView, updateCart } from './cart-store.ts'
import { differencesOf, syncCart, type CartSyncApi } from './cart-sync.ts'
import type { ShopDatabase } from './db.ts'

const SITE = 1
const LANGUAGE = 12
const add = (productVariantId: number, quantity = 1): CartMutation => ({
  type: 'add',
  productId: Math.floor(productVariantId / 100),
  productVariantId,
  quantity,
})
const PRICING: PricingRules = {
  currency: 'EUR',
  vatPercentageHigh: 21,
  vatPercentageLow: 9,
  shippingRates: [],
  paymentCosts: [],
  promotions: [],
}

/**
 * A server as the sender sees it: carts changed by the domain's change function, once per idempotency key, stock per
 * variant, and switches for the trouble a rural connection brings.
 */
class FakeServer implements CartSyncApi {
  carts = new Map<string, CartContents>()
  created = new Map<string, string>()
  keys = new Set<string>()
  stock = new Map<number, number>()
  price = new Map<number, number>()
  offline = false
  /** The next change is made, but its answer is lost on the way. */
  loseNextAnswer = false
  sent: string[] = []
  /** Runs before the calculation answers: a look at the device while the sending is under way. */
  beforeCalculation?: () => Promise<void>

  async createCart(key: string): Promise<Cart> {
    if (this.offline) throw new ApiRequestError(503, null)
    // One cart per creation key, as the server's idempotency keys give.
    let id = this.created.get(key)
    if (!id) {
      id = `${key.slice(0, 8)}-0000-4000-8000-000000000000`
      this.created.set(key, id)
      this.carts.set(id, EMPTY_CART_CONTENTS)
    }
    return this.cartOf(id)
  }

  async changeCart(id: string, mutation: CartMutation, key: string): Promise<unknown> {
    if (this.offline) throw new ApiRequestError(503, null)
    this.sent.push(key)
    const cart = this.carts.get(id)
    if (!cart)
      throw new ApiRequestError(404, { status: 404, code: 'cartNotFound', message: '', localizedMessage: 'weg' })
    if (!this.keys.has(key)) {
      if (mutation.type === 'add' || mutation.type === 'setQuantity') {
        const next = applyCartMutation(cart, mutation)
        const count = next.products.find((p) => p.productVariantId === mutation.productVariantId)?.count ?? 0
        const stock = this.stock.get(mutation.productVariantId) ?? 100
        if (count > stock)
          throw new ApiRequestError(409, {
            status: 409,
            code: 'insufficientStock',
            message: 'Only',
            localizedMessage: `Nog maar ${stock} op voorraad`,
            params: { amount: String(stock) },
          })
      }
      if (mutationProblem(cart, mutation))
        throw new ApiRequestError(404, {
          status: 404,
          code: 'lineNotFound',
          message: '',
          localizedMessage: 'niet in je winkelwagen',
        })
      this.carts.set(id, applyCartMutation(cart, mutation))
      this.keys.add(key)
    }
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false
      throw new ApiRequestError(503, null)
    }
    return null
  }

  async calculateCart2(id: string): Promise<CartCalculation2> {
    if (this.offline) throw new ApiRequestError(503, null)
    await this.beforeCalculation?.()
    const cart = this.carts.get(id)
    if (!cart)
      throw new ApiRequestError(404, { status: 404, code: 'cartNotFound', message: '', localizedMessage: 'weg' })
    return { cart: await this.cartOf(id), calculation: this.calculationOf(cart), notices: [] }
  }

  async cartPricing() {
    return PRICING
  }

  countOf(variant: number) {
    return [...this.carts.values()][0]?.products.find((p) => p.productVariantId === variant)?.count ?? 0
  }

  calculationOf(cart: CartContents): CartCalculation {
    const products = cart.products.map((p) => {
      const price = this.price.get(p.productVariantId) ?? 1000
      return {
        productId: p.productId,
        productVariantId: p.productVariantId,
        productType: 2 as const,
        quantity: p.count,
        description: `Product ${p.productId}`,
        productLabel: '',
        originalAmount: price * p.count,
        totalAmount: price * p.count,
        vatRatePercentage: 9,
        vatAmount: 0,
        vatType: 'low' as const,
        productDiscounts: [],
        rqsSamples: [],
        freeProducts: [],
      }
    })
    const total = products.reduce((s, l) => s + l.totalAmount, 0)
    return {
      currency: 'EUR',
      products,
      shippingDiscounts: [],
      orderDiscounts: [],
      originalShippingCosts: 0,
      shippingCosts: 0,
      paymentCosts: 0,
      totalAmount: total,
      vatAmountLow: 0,
      vatAmountHigh: 0,
      subTotalAmount: total,
      totalAmountExclVat: total,
      shippingCostsExclVat: 0,
      discountCode: null,
    }
  }

  async cartOf(id: string): Promise<Cart> {
    const contents = this.carts.get(id)!
    return {
      shoppingcartId: id,
      created: '2026-11-25T12:00:00.000Z',
      lastModified: '2026-11-25T12:00:00.000Z',
      storeDeviceInfo: null,
      siteId: SITE,
      languageId: LANGUAGE,
      clientIp: null,
      billing: null,
      shipping: { address: null, shippingMethod: contents.shippingMethod },
      company: null,
      alternativeShippingAddress: false,
      newsletterSubscribe: false,
      payment: null,
      mailplusId: null,
      products: contents.products,
      discountCode: contents.discountCode,
      dealerId: null,
      dpdParcelShopId: null,
      dpdParcelShopZipcodeOrCity: null,
      scanProductsOnly: false,
    }
  }
}

const lines = (contents: CartContents) => contents.products.map((p) => [p.productVariantId, p.count])

describe('the cart outbox', () => {
  let server: FakeServer
  let db: ShopDatabase
  beforeEach(() => {
    db = freshDatabase()
    server = new FakeServer()
  })
  const sync = () => syncCart(server, SITE, LANGUAGE)
  const view = () => readCartView(SITE, LANGUAGE)

  it('shows a change at once, queued, and sends the queue in order when the network returns', async () => {
    server.offline = true
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await queueChange(SITE, LANGUAGE, add(201))
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 5 })
    await queueChange(SITE, LANGUAGE, { type: 'remove', productVariantId: 201 })
    const offline = await view()
    expect(lines(offline.contents)).toEqual([[101, 5]])
    expect(offline.queued).toHaveLength(4)
    expect(await sync()).toBe('offline')
    expect((await view()).queued).toHaveLength(4)

    server.offline = false
    expect(await sync()).toBe('synced')
    const online = await view()
    expect(online.queued).toEqual([])
    expect(lines(online.base)).toEqual([[101, 5]])
    expect(lines(online.contents)).toEqual([[101, 5]])
    expect(online.calculation?.totalAmount).toBe(5000)
    expect(online.pricing).toEqual(PRICING)
    expect(server.countOf(101)).toBe(5)
  })

  it('shows the same cart all through the sending: a change the server took stays in view until its cart is read', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await queueChange(SITE, LANGUAGE, add(201))
    const shown = lines((await view()).contents)
    const during: ReturnType<typeof lines>[] = []
    let stale: boolean | undefined
    server.beforeCalculation = async () => {
      const now = await view()
      during.push(lines(now.contents))
      // Its old calculation is not of this cart any more: the totals are worked out on the device meanwhile.
      stale = now.syncedAt === null
    }
    expect(await sync()).toBe('synced')
    expect(during).toEqual([shown])
    expect(stale).toBe(true)
    const after = await view()
    expect(lines(after.contents)).toEqual(shown)
    expect(after.syncedAt).not.toBeNull()
  })

  it('survives a reload: a new connection to the same database has the same queue and cart', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 3))
    const { ShopDatabase, useDatabase } = await import('./db.ts')
    useDatabase(new ShopDatabase(db.name))
    const reopened = await view()
    expect(reopened.queued.map((e) => e.mutation)).toEqual([add(101, 3)])
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(3)
  })

  it('sends a change whose answer was lost again with the same key, and the server makes it once', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    server.loseNextAnswer = true
    expect(await sync()).toBe('offline')
    expect((await view()).queued).toHaveLength(1)
    expect(server.countOf(101)).toBe(2)
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(2)
    expect(new Set(server.sent).size).toBe(1)
    expect(server.sent).toHaveLength(2)
  })

  it('keeps a refused change, final, with the server’s reason, and goes on with the others', async () => {
    server.stock.set(301, 2)
    await queueChange(SITE, LANGUAGE, add(101))
    await queueChange(SITE, LANGUAGE, add(301, 5))
    await queueChange(SITE, LANGUAGE, add(201))
    expect(await sync()).toBe('synced')
    const after = await view()
    expect(after.queued).toEqual([])
    expect(after.refused).toHaveLength(1)
    expect(after.refused[0]).toMatchObject({
      mutation: add(301, 5),
      error: { code: 'insufficientStock', message: 'Nog maar 2 op voorraad', params: { amount: '2' } },
    })
    expect(lines(after.contents)).toEqual([
      [101, 1],
      [201, 1],
    ])
    // Final: sending again sends nothing of it.
    const sent = server.sent.length
    expect(await sync()).toBe('synced')
    expect(server.sent).toHaveLength(sent)
    expect((await view()).refused).toHaveLength(1)
  })

  it('lets a new change about the same thing answer a refusal; the shopper dismisses the others', async () => {
    server.stock.set(101, 3)
    server.stock.set(201, 0)
    await queueChange(SITE, LANGUAGE, add(101))
    await queueChange(SITE, LANGUAGE, add(201))
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 5 })
    await sync()
    expect((await view()).refused.map((e) => e.mutation)).toEqual([
      add(201),
      { type: 'setQuantity', productVariantId: 101, quantity: 5 },
    ])

    // Another quantity of line 101: its refusal goes, the refused addition of 201 stays.
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 3 })
    const answered = await view()
    expect(answered.refused.map((e) => e.mutation)).toEqual([add(201)])
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(3)

    await discardChanges(answered.refused.map((e) => e.id))
    expect((await view()).refused).toEqual([])
  })

  it.each([
    ['too many requests', 429, { status: 429, code: 'tooManyRequests', message: '', localizedMessage: 'Te veel' }],
    ['a timeout', 408, null],
    ['a 4xx without the server’s reason (a proxy)', 403, '<html>Forbidden</html>'],
  ])('takes %s as no answer: the change waits, to be sent again', async (_what, status, body) => {
    await queueChange(SITE, LANGUAGE, add(101))
    await sync()
    const changeCart = server.changeCart.bind(server)
    server.changeCart = async () => {
      throw new ApiRequestError(status, body)
    }
    await queueChange(SITE, LANGUAGE, add(101))
    expect(await sync()).toBe('offline')
    const waiting = await view()
    expect(waiting.queued.map((e) => e.mutation)).toEqual([add(101)])
    expect(waiting.refused).toEqual([])
    server.changeCart = changeCart
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(2)
  })

  it('lets one sender at a time send a site’s outbox', async () => {
    await queueChange(SITE, LANGUAGE, add(101))
    const results = await Promise.all([sync(), sync(), sync()])
    expect(results.filter((r) => r === 'synced')).toHaveLength(1)
    expect(results.filter((r) => r === 'busy')).toHaveLength(2)
    expect(server.countOf(101)).toBe(1)
  })

  it('starts a new server cart when the old one is gone, sending what it held before the waiting changes', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await queueChange(SITE, LANGUAGE, { type: 'setDiscountCode', code: 'WELKOM10' })
    await sync()
    server.carts.clear() // expired on the server
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 4 })
    expect(await sync()).toBe('synced')
    const after = await view()
    expect(after.queued).toEqual([])
    expect(after.refused).toEqual([])
    expect(server.carts.size).toBe(1)
    expect(lines([...server.carts.values()][0]!)).toEqual([[101, 4]])
    expect([...server.carts.values()][0]!.discountCode).toBe('WELKOM10')
  })

  it('makes one server cart however often its creation is sent', async () => {
    await queueChange(SITE, LANGUAGE, add(101))
    await sync()
    await queueChange(SITE, LANGUAGE, add(201))
    await sync()
    expect(server.carts.size).toBe(1)
  })

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

  it('rebuilds a corrupt stored cart from the server, keeping its id, and shows an unreadable change as refused', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await sync()
    const cartId = (await view()).cartId
    await db.carts.update(SITE, { base: { products: 'rubbish' }, calculation: 42 })
    await db.cartOutbox.add({
      id: crypto.randomUUID(),
      siteId: SITE,
      mutation: { type: 'explode' },
      createdAt: 'x',
      state: 'queued',
      error: null,
    })
    const broken = await view()
    expect(broken.cartId).toBe(cartId)
    expect(broken.base.products).toEqual([])
    expect(broken.refused).toMatchObject([{ error: { code: 'unreadable' } }])
    expect(await sync()).toBe('synced')
    expect(lines((await view()).base)).toEqual([[101, 2]])
  })

  it('says "Payload is incorrect" for a cart without its site or language', async () => {
    await expect(queueChange(0, LANGUAGE, add(101))).rejects.toThrow('Payload is incorrect')
    await expect(syncCart(server, SITE, Number.NaN)).rejects.toThrow('Payload is incorrect')
  })

  it('refuses the change with the server’s reason when the server will not make the cart', async () => {
    server.createCart = async () => {
      throw new ApiRequestError(404, {
        status: 404,
        code: 'cartNotAvailable',
        message: 'Site 18 does not sell online.',
        localizedMessage: 'Op deze site kun je niet online bestellen.',
      })
    }
    await queueChange(SITE, LANGUAGE, add(101))
    expect(await sync()).toBe('empty')
    expect((await view()).refused[0]?.error).toMatchObject({ code: 'cartNotAvailable' })
  })

  it('keeps the stored cart checked on write: a bad cart is never saved', async () => {
    await expect(updateCart(SITE, LANGUAGE, (cart) => ({ ...cart, cartId: 'not-a-uuid' }))).rejects.toThrow()
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
