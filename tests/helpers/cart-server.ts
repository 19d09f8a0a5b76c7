// What the cart sender's tests share: a server as the sender sees it (FakeServer), a site and language, the pricing
// the server answers, an addition, a cart's lines, the device's view of its cart and a fresh database for each test.
import { freshDatabase } from './indexed-db.ts'
import type { CartCalculation2 } from '../../src/domain/cart-api.ts'
import type { CartCalculation, PricingRules } from '../../src/domain/cart-calculation.ts'
import {
  applyCartMutation,
  EMPTY_CART_CONTENTS,
  mutationProblem,
  type CartContents,
  type CartMutation,
} from '../../src/domain/cart-mutations.ts'
import type { Cart } from '../../src/domain/cart.ts'
import { ApiRequestError } from '../../src/browser/transport.ts'
import { readCartView } from '../../src/browser/cart-store.ts'
import type { CartSyncApi } from '../../src/browser/cart-sync.ts'
import type { ShopDatabase } from '../../src/browser/db.ts'

export const SITE = 1
export const LANGUAGE = 12
export const add = (productVariantId: number, quantity = 1): CartMutation => ({
  type: 'add',
  productId: Math.floor(productVariantId / 100),
  productVariantId,
  quantity,
})
export const PRICING: PricingRules = {
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
export class FakeServer implements CartSyncApi {
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
      giftCard: null,
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

/** A cart's lines as [variant, count] pairs. */
export const lines = (contents: CartContents) => contents.products.map((p) => [p.productVariantId, p.count])

/** What the device shows of its cart on the tests' site. */
export const view = () => readCartView(SITE, LANGUAGE)

/** A fresh device database and server, for each test. */
export function freshOutbox(): { db: ShopDatabase; server: FakeServer } {
  return { db: freshDatabase(), server: new FakeServer() }
}
