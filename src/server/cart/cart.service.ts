// The cart's rules on the server: carts belong to a site and a language; changes of the contents go through the
// domain's change function (the same the app uses offline) after the checks only the server can make: the product is
// sold on this site and can be ordered, the stock (read in the change's transaction) covers the quantity and its free
// products, a discount code exists here and runs now. Prices come from the site's catalogue in memory, the same data
// the app keeps offline, so its provisional totals match the server's. Beside it: checkout details
// (cart-checkout.ts), calculation (cart-calculator.ts), recommendations, impersonation and the row mapping.
import type { Transaction } from 'kysely'
import type { PricingRules } from '../../domain/cart-calculation.ts'
import { freeQuantity } from '../../domain/promotions.ts'
import {
  applyCartMutation,
  EMPTY_CART_CONTENTS,
  mutationProblem,
  type CartMutation,
} from '../../domain/cart-mutations.ts'
import { isSampleProduct } from '../../domain/cart-constants.ts'
import type { Cart } from '../../domain/cart.ts'
import { AppError } from '../../domain/errors.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { CatalogueCache, CatalogueEntry } from '../catalogue/catalogue-cache.ts'
import type { Db, Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { RequestScope } from '../http/scope.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import type { PricingCache } from './cart-pricing.ts'
import { cartOf, contentsOf, linesOf, newCartRow } from './cart-rows.ts'
import {
  findCart,
  findCartLines,
  findDiscountRule,
  findStock,
  insertCart,
  lockCart,
  replaceCartLines,
  updateCart,
  type CartPatch,
} from './cart.repository.ts'

export interface CartServices {
  db: Db
  dialect: Dialect
  catalogue: CatalogueCache
  pricing: PricingCache
}

export type Trx = Transaction<Database>

/**
 * A request's scope with what its cart changes read from memory: the catalogue and the prices of its site. Made before
 * a change's transaction begins, because both may have to be loaded from the database, and inside a transaction every
 * query must go through that transaction (SQLite has one connection: a query beside it would wait for it for ever).
 */
export type CartScope = RequestScope & { entry: CatalogueEntry; rules: PricingRules }

export const cartNotFound = (id: string) => new AppError('cartNotFound', 404, `Cart ${id} was not found.`)

/** The product of a variant this site sells. */
export function soldProduct(scope: CartScope, productVariantId: number): CatalogueProduct {
  const product = scope.entry.byVariant.get(productVariantId)
  if (!product) throw new AppError('variantNotSold', 404, `Product variant ${productVariantId} is not sold here.`)
  return product
}

export class CartService {
  readonly #services: CartServices

  constructor(services: CartServices) {
    this.#services = services
  }

  /** The site's catalogue in the request's language. */
  entry(scope: RequestScope): Promise<CatalogueEntry> {
    return this.#services.catalogue.entry(scope.site, scope.language.languageId)
  }

  rules(site: SiteRecord): Promise<PricingRules> {
    return this.#services.pricing.rules(site)
  }

  async prepare(scope: RequestScope): Promise<CartScope> {
    const [entry, rules] = await Promise.all([this.entry(scope), this.rules(scope.site)])
    return { ...scope, entry, rules }
  }

  /** The rule of a discount code of the request's site, read in a change's transaction or on its own. */
  discountRule(scope: RequestScope, code: string, db: Db | Trx = this.#services.db) {
    return findDiscountRule(db, scope.site.id, code)
  }

  /** A new, empty cart of the request's site and language. */
  async create(trx: Trx, scope: RequestScope, details: { clientIp: string | null }): Promise<Cart> {
    if (scope.site.type === 2)
      throw new AppError('cartNotAvailable', 404, `Site ${scope.site.id} does not sell online.`)
    const row = newCartRow(scope, details.clientIp)
    await insertCart(trx, row)
    return cartOf(row, EMPTY_CART_CONTENTS, null)
  }

  /**
   * A cart of the request's site; another site's cart is as unknown as a cart that does not exist, and so is a placed
   * one (an order now): the app's cart lifecycle then starts a new cart.
   */
  async read(scope: RequestScope, id: string, db: Db | Trx = this.#services.db) {
    const row = await findCart(db, id)
    if (!row || row.siteId !== scope.site.id || row.orderId !== null) throw cartNotFound(id)
    const contents = contentsOf(row, await findCartLines(db, id))
    return { row, contents }
  }

  async get(scope: RequestScope, id: string): Promise<Cart> {
    const { row, contents } = await this.read(scope, id)
    return cartOf(row, contents, await this.entry(scope))
  }

  /** Locks the cart for a change (or its placing) in this transaction and hands back its row and contents. */
  async locked(trx: Trx, scope: RequestScope, id: string) {
    const row = await lockCart(trx, this.#services.dialect, id)
    if (!row || row.siteId !== scope.site.id || row.orderId !== null) throw cartNotFound(id)
    return { row, contents: contentsOf(row, await findCartLines(trx, id)) }
  }

  /** Changes details of the cart that do not change its price (checkout data). */
  async update(trx: Trx, scope: RequestScope, id: string, patch: CartPatch) {
    await this.locked(trx, scope, id)
    await updateCart(trx, id, { ...patch, lastModified: scope.now.toISOString() })
  }

  /** Applies one change of the cart's contents, after the server's checks. */
  async change(trx: Trx, scope: CartScope, id: string, mutation: CartMutation): Promise<void> {
    const { contents } = await this.locked(trx, scope, id)
    const { entry } = scope
    const counted = mutation.type === 'add' || mutation.type === 'setQuantity' ? mutation : null
    const product = counted && soldProduct(scope, counted.productVariantId)
    if (mutation.type === 'setDiscountCode') await this.#checkCode(trx, scope, mutation.code)
    const problem = mutationProblem(contents, mutation)
    if (problem === 'notInCart')
      throw new AppError(
        'lineNotFound',
        404,
        `The cart holds no product variant ${'productVariantId' in mutation ? mutation.productVariantId : ''}.`,
      )
    if (problem === 'noSuchSample') throw new AppError('sampleNotFound', 404, 'The cart holds no such sample.')
    if (problem !== null) throw new AppError('cartLimit', 409, 'The cart cannot hold more of this.')
    const next = applyCartMutation(contents, mutation, (variantId) =>
      isSampleProduct(entry.byVariant.get(variantId)?.productType ?? 1),
    )
    if (counted && product) {
      const line = next.products.find((p) => p.productVariantId === counted.productVariantId)!
      await this.#checkOrderable(trx, scope, product, line.productVariantId, line.count)
    }
    await replaceCartLines(trx, id, linesOf(next))
    await updateCart(trx, id, {
      discountCode: next.discountCode,
      shippingMethod: next.shippingMethod,
      paymentMethodId: next.paymentMethodId,
      lastModified: scope.now.toISOString(),
      languageId: scope.language.languageId,
    })
  }

  /** The product can be ordered, and the stock (read now, in the change's transaction) covers the count. */
  async #checkOrderable(trx: Trx, scope: CartScope, product: CatalogueProduct, variantId: number, count: number) {
    if (product.state !== 'available')
      throw new AppError('productNotAvailable', 409, `Product ${product.productId} cannot be ordered yet.`)
    const stock = (await findStock(trx, [variantId])).get(variantId) ?? 0
    const needed = count + freeQuantity(scope.rules, variantId, count, scope.now)
    if (stock === 0) throw new AppError('outOfStock', 409, `Product variant ${variantId} is out of stock.`)
    if (needed > stock)
      throw new AppError('insufficientStock', 409, `Only ${stock} of product variant ${variantId} in stock.`, {
        amount: String(stock),
      })
  }

  async #checkCode(trx: Trx, scope: RequestScope, code: string): Promise<void> {
    const rule = await this.discountRule(scope, code, trx)
    if (!rule) throw new AppError('discountCodeUnknown', 404, `There is no discount code '${code}' here.`)
    const now = scope.now.getTime()
    if (rule.validFrom !== null && now < Date.parse(rule.validFrom))
      throw new AppError('discountCodeNotYetValid', 409, `The discount code '${code}' is not valid yet.`)
    if (rule.validTo !== null && now >= Date.parse(rule.validTo))
      throw new AppError('discountCodeExpired', 409, `The discount code '${code}' has expired.`)
  }

  /** Adds a product by its variant (the API names the variant only; the product comes from the catalogue). */
  async addProduct(trx: Trx, scope: CartScope, id: string, productVariantId: number, quantity: number) {
    const { productId } = soldProduct(scope, productVariantId)
    await this.change(trx, scope, id, { type: 'add', productId, productVariantId, quantity })
  }

  /** Adds a bundle (a product of type 6) by its variant. */
  async addBundle(trx: Trx, scope: CartScope, id: string, productVariantBundleId: number, quantity: number) {
    if (soldProduct(scope, productVariantBundleId).productType !== 6)
      throw new AppError('invalidParameter', 400, `Product variant ${productVariantBundleId} is not a bundle.`, {
        name: 'productVariantBundleId',
      })
    await this.addProduct(trx, scope, id, productVariantBundleId, quantity)
  }
}
