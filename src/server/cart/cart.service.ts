// The cart's rules on the server (issue #5): carts belong to a site and a language; changes go through the domain's
// change function (the same the app uses offline) after the checks only the server can make: the product is sold on
// this site and can be ordered, the stock (read in the change's transaction) covers the quantity and its free
// products, a discount code exists here and runs now. Prices come from the site's catalogue in memory, the same data
// the app keeps offline, so its provisional totals match the server's.
import { createHash, randomBytes, randomUUID, scryptSync } from 'node:crypto'
import type { Transaction } from 'kysely'
import { PasswordSchema, type Address, type Company } from '../../domain/address.ts'
import type { Billing, CartDescription, CartNotice } from '../../domain/cart-api.ts'
import {
  calculateCart,
  freeQuantity,
  type CartCalculation,
  type DiscountCodeRule,
  type PricingRules,
} from '../../domain/cart-calculation.ts'
import {
  applyCartMutation,
  EMPTY_CART_CONTENTS,
  holdsScanProductsOnly,
  isSampleProduct,
  mutationProblem,
  type CartContents,
  type CartMutation,
} from '../../domain/cart-mutations.ts'
import { calculationTexts } from '../../domain/cart-texts.ts'
import { CartSchema, type Cart, type ShippingMethodOption } from '../../domain/cart.ts'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import type { ShippingMethod } from '../../domain/enums.ts'
import { AppError } from '../../domain/errors.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { summaryOf, utcDay } from '../../domain/search/catalogue-search.ts'
import type { CatalogueCache, CatalogueEntry } from '../catalogue/catalogue-cache.ts'
import type { Db, Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { RequestScope } from '../http/scope.ts'
import { translate } from '../i18n.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import type { PricingCache } from './cart-pricing.ts'
import {
  countryExists,
  findCart,
  findCartLines,
  findDiscountCode,
  findStock,
  insertCart,
  lockCart,
  replaceCartLines,
  updateCart,
  useImpersonationKey,
  type CartLineRow,
  type CartRow,
} from './cart.repository.ts'

export interface CartServices {
  db: Db
  dialect: Dialect
  catalogue: CatalogueCache
  pricing: PricingCache
}

type Trx = Transaction<Database>

/**
 * A request's scope with what its cart changes read from memory: the catalogue and the prices of its site. Made before
 * a change's transaction begins, because both may have to be loaded from the database, and inside a transaction every
 * query must go through that transaction (SQLite has one connection: a query beside it would wait for it for ever).
 */
export type CartScope = RequestScope & { entry: CatalogueEntry; rules: PricingRules }

const cartNotFound = (id: string) => new AppError('cartNotFound', 404, `Cart ${id} was not found.`)

function contentsOf(row: CartRow, lines: CartLineRow[]): CartContents {
  return {
    products: lines.map((line) => ({
      productId: line.productId,
      productVariantId: line.productVariantId,
      count: line.count,
      rqsSamples: line.samples.map((sampleName, i) => ({ sequence: i + 1, sampleName })),
    })),
    discountCode: row.discountCode,
    shippingMethod: row.shippingMethod as ShippingMethod,
    paymentMethodId: row.paymentMethodId,
  }
}

const linesOf = (contents: CartContents): CartLineRow[] =>
  contents.products.map((p) => ({
    productVariantId: p.productVariantId,
    productId: p.productId,
    count: p.count,
    samples: p.rqsSamples.map((s) => s.sampleName),
  }))

/** A cart as the API answers it (SPEC §3 Cart). */
function cartOf(row: CartRow, contents: CartContents, entry: CatalogueEntry | null): Cart {
  return CartSchema.parse({
    shoppingcartId: row.id,
    created: row.createdAt,
    lastModified: row.lastModified,
    storeDeviceInfo: row.storeId === null ? null : { storeId: row.storeId },
    siteId: row.siteId,
    languageId: row.languageId,
    clientIp: row.clientIp,
    billing: row.billing,
    shipping: { address: row.shippingAddress, shippingMethod: contents.shippingMethod },
    company: row.company,
    alternativeShippingAddress: row.alternativeShippingAddress,
    newsletterSubscribe: row.newsletterSubscribe,
    payment: contents.paymentMethodId === null ? null : { paymentMethodId: contents.paymentMethodId },
    mailplusId: row.mailplusId,
    products: contents.products,
    discountCode: contents.discountCode,
    dealerId: row.dealerId,
    dpdParcelShopId: row.dpdParcelShopId,
    dpdParcelShopZipcodeOrCity: row.dpdParcelShopZipcodeOrCity,
    scanProductsOnly: holdsScanProductsOnly(contents, (id) => entry?.byVariant.get(id)?.productType),
  })
}

/** The product of a variant this site sells. */
function soldProduct(scope: CartScope, productVariantId: number): CatalogueProduct {
  const product = scope.entry.byVariant.get(productVariantId)
  if (!product) throw new AppError('variantNotSold', 404, `Product variant ${productVariantId} is not sold here.`)
  return product
}

/** The words of the calculation in the request's language; one set per language and currency, kept. */
const texts = new Map<string, ReturnType<typeof calculationTexts>>()
function textsFor(scope: RequestScope) {
  const language = scope.language.code
  const key = `${language}:${scope.site.currencyCode}`
  let found = texts.get(key)
  if (!found) {
    found = calculationTexts((k, params) => translate(language, k, params), language, scope.site.currencyCode)
    texts.set(key, found)
  }
  return found
}

const ruleOf = (row: Awaited<ReturnType<typeof findDiscountCode>>): DiscountCodeRule | null =>
  row
    ? {
        code: row.code,
        kind: row.kind,
        value: row.value,
        minimumOrderCents: row.minimumOrderCents,
        validFrom: row.validFrom,
        validTo: row.validTo,
      }
    : null

function hashPassword(password: string): string {
  const salt = randomBytes(16)
  return `scrypt$${salt.toString('base64url')}$${scryptSync(password, salt, 32).toString('base64url')}`
}

export const impersonationKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url')

export class CartService {
  readonly #services: CartServices

  constructor(services: CartServices) {
    this.#services = services
  }

  #entry(scope: RequestScope): Promise<CatalogueEntry> {
    return this.#services.catalogue.entry(scope.site, scope.language.languageId)
  }

  rules(site: SiteRecord): Promise<PricingRules> {
    return this.#services.pricing.rules(site)
  }

  async prepare(scope: RequestScope): Promise<CartScope> {
    const [entry, rules] = await Promise.all([this.#entry(scope), this.rules(scope.site)])
    return { ...scope, entry, rules }
  }

  /** A new, empty cart of the request's site and language. */
  async create(trx: Trx, scope: RequestScope, details: { clientIp: string | null }): Promise<Cart> {
    if (scope.site.type === 2)
      throw new AppError('cartNotAvailable', 404, `Site ${scope.site.id} does not sell online.`)
    const at = scope.now.toISOString()
    const row: CartRow = {
      id: randomUUID(),
      siteId: scope.site.id,
      languageId: scope.language.languageId,
      createdAt: at,
      lastModified: at,
      clientIp: details.clientIp,
      storeId: null,
      billing: null,
      shippingAddress: null,
      shippingMethod: 0,
      company: null,
      alternativeShippingAddress: false,
      newsletterSubscribe: false,
      paymentMethodId: null,
      mailplusId: null,
      discountCode: null,
      dealerId: null,
      dpdParcelShopId: null,
      dpdParcelShopZipcodeOrCity: null,
      passwordHash: null,
      confirmUrl: null,
    }
    await insertCart(trx, row)
    return cartOf(row, EMPTY_CART_CONTENTS, null)
  }

  /** A cart of the request's site; another site's cart is as unknown as a cart that does not exist. */
  async read(scope: RequestScope, id: string, db: Db | Trx = this.#services.db) {
    const row = await findCart(db, id)
    if (!row || row.siteId !== scope.site.id) throw cartNotFound(id)
    const contents = contentsOf(row, await findCartLines(db, id))
    return { row, contents }
  }

  async get(scope: RequestScope, id: string): Promise<Cart> {
    const { row, contents } = await this.read(scope, id)
    return cartOf(row, contents, await this.#entry(scope))
  }

  /** Locks the cart for a change in this transaction and hands back its row and contents. */
  async #locked(trx: Trx, scope: RequestScope, id: string) {
    const row = await lockCart(trx, this.#services.dialect, id)
    if (!row || row.siteId !== scope.site.id) throw cartNotFound(id)
    return { row, contents: contentsOf(row, await findCartLines(trx, id)) }
  }

  /** Applies one change of the cart's contents, after the server's checks. */
  async change(trx: Trx, scope: CartScope, id: string, mutation: CartMutation): Promise<void> {
    const { contents } = await this.#locked(trx, scope, id)
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
    const rule = ruleOf(await findDiscountCode(trx, scope.site.id, code))
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

  /** Changes details of the cart that do not change its price (checkout data). */
  async #update(trx: Trx, scope: RequestScope, id: string, patch: Parameters<typeof updateCart>[2]) {
    await this.#locked(trx, scope, id)
    await updateCart(trx, id, { ...patch, lastModified: scope.now.toISOString() })
  }

  async #checkAddress(trx: Trx, address: Address | null) {
    if (address?.countryId != null && !(await countryExists(trx, address.countryId)))
      throw new AppError('unknownCountry', 400, `There is no country ${address.countryId}.`)
  }

  async setBilling(trx: Trx, scope: RequestScope, id: string, billing: Billing) {
    await this.#checkAddress(trx, billing.address)
    await this.#update(trx, scope, id, { billing })
  }

  async setShipping(
    trx: Trx,
    scope: RequestScope,
    id: string,
    shipping: { address?: Address | null | undefined; shippingMethod: ShippingMethod },
  ) {
    await this.#checkAddress(trx, shipping.address ?? null)
    await this.#update(trx, scope, id, {
      ...(shipping.address !== undefined && { shippingAddress: shipping.address }),
      shippingMethod: shipping.shippingMethod,
    })
  }

  setAlternativeShipping(trx: Trx, scope: RequestScope, id: string, alternative: boolean) {
    return this.#update(trx, scope, id, { alternativeShippingAddress: alternative })
  }

  setCompany(trx: Trx, scope: RequestScope, id: string, company: Company) {
    return this.#update(trx, scope, id, { company })
  }

  async setPayment(trx: Trx, scope: CartScope, id: string, paymentMethodId: number) {
    if (!scope.site.paymentMethods.some((m) => m.paymentMethodId === paymentMethodId))
      throw new AppError('unknownPaymentMethod', 400, `Payment method ${paymentMethodId} is not offered here.`)
    await this.change(trx, scope, id, { type: 'setPaymentMethod', paymentMethodId })
  }

  setNewsletter(trx: Trx, scope: RequestScope, id: string, subscribe: boolean) {
    return this.#update(trx, scope, id, { newsletterSubscribe: subscribe })
  }

  /** Keeps a password for the account the checkout will create (SPEC §1: optional), hashed. */
  setPassword(trx: Trx, scope: RequestScope, id: string, password: string, confirmUrl: string) {
    if (!PasswordSchema.safeParse(password).success)
      throw new AppError('weakPassword', 400, 'The password does not meet the requirements.')
    // The confirmation link goes out in an e-mail: it must lead to this site, never elsewhere.
    const host = new URL(confirmUrl).hostname
    if (!scope.site.domains.includes(host) && host !== 'localhost')
      throw new AppError('invalidParameter', 400, "The parameter 'confirmUrl' must be an address of this site.", {
        name: 'confirmUrl',
      })
    return this.#update(trx, scope, id, { passwordHash: hashPassword(password), confirmUrl })
  }

  setDealer(trx: Trx, scope: RequestScope, id: string, dealerId: number) {
    return this.#update(trx, scope, id, { dealerId })
  }

  /** A pickup point also makes the delivery go there. */
  setPickupPoint(trx: Trx, scope: RequestScope, id: string, parcelShopId: string, zipcodeOrCity: string) {
    return this.#update(trx, scope, id, {
      dpdParcelShopId: parcelShopId,
      dpdParcelShopZipcodeOrCity: zipcodeOrCity,
      shippingMethod: 1,
    })
  }

  /** Customer service's key opens a customer's cart once (it is spent by the attempt). */
  async impersonate(trx: Trx, scope: CartScope, key: string): Promise<Cart> {
    const cartId = await useImpersonationKey(trx, impersonationKeyHash(key), new Date().toISOString())
    const invalid = new AppError('impersonationKeyInvalid', 404, 'This key opens no cart.')
    if (!cartId) throw invalid
    const row = await findCart(trx, cartId)
    if (!row || row.siteId !== scope.site.id) throw invalid
    return cartOf(row, contentsOf(row, await findCartLines(trx, cartId)), scope.entry)
  }

  // Calculation.

  /** The calculation of some contents, with what the shop says about each line now. */
  async calculate(
    scope: RequestScope,
    contents: CartContents,
  ): Promise<{ calculation: CartCalculation; notices: CartNotice[] }> {
    const [entry, rules] = await Promise.all([this.#entry(scope), this.rules(scope.site)])
    const code = contents.discountCode
    const discount = code
      ? { code, rule: ruleOf(await findDiscountCode(this.#services.db, scope.site.id, code)) }
      : null
    const lines = contents.products.flatMap((item) => {
      const product = entry.byVariant.get(item.productVariantId)
      return product ? [{ item, product }] : []
    })
    const calculation = calculateCart({
      lines,
      rules,
      discount,
      shippingMethod: contents.shippingMethod,
      paymentMethodId: contents.paymentMethodId,
      now: scope.now,
      texts: textsFor(scope),
    })
    const notices = contents.products.flatMap((item): CartNotice[] => {
      const product = entry.byVariant.get(item.productVariantId)
      const base = { productVariantId: item.productVariantId, amount: null }
      if (!product) return [{ ...base, kind: 'withdrawn' }]
      if (product.state !== 'available') return [{ ...base, kind: 'notAvailable' }]
      const stock = product.variants.find((v) => v.productVariantId === item.productVariantId)!.stock
      if (stock === 0) return [{ ...base, kind: 'outOfStock' }]
      const needed = item.count + freeQuantity(rules, item.productVariantId, item.count, scope.now)
      return needed > stock ? [{ ...base, kind: 'onlyInStock', amount: stock }] : []
    })
    return { calculation, notices }
  }

  async calculateStored(scope: RequestScope, id: string) {
    const { row, contents } = await this.read(scope, id)
    const result = await this.calculate(scope, contents)
    return { ...result, cart: cartOf(row, contents, await this.#entry(scope)) }
  }

  /** A described cart (not stored): variants not sold here are left out of it. */
  async calculateDescribed(scope: RequestScope, description: CartDescription) {
    const entry = await this.#entry(scope)
    if (
      description.paymentMethodId !== null &&
      !scope.site.paymentMethods.some((m) => m.paymentMethodId === description.paymentMethodId)
    )
      throw new AppError(
        'unknownPaymentMethod',
        400,
        `Payment method ${description.paymentMethodId} is not offered here.`,
      )
    const contents: CartContents = {
      products: description.products.flatMap((p) => {
        const product = entry.byVariant.get(p.productVariantId)
        return product
          ? [{ productId: product.productId, productVariantId: p.productVariantId, count: p.count, rqsSamples: [] }]
          : []
      }),
      discountCode: description.discountCode,
      shippingMethod: description.shippingMethod,
      paymentMethodId: description.paymentMethodId,
    }
    return (await this.calculate(scope, contents)).calculation
  }

  /** The delivery choices with what each costs this cart (free above the threshold; nothing to ship for samples). */
  async shippingMethods(scope: RequestScope, id: string): Promise<ShippingMethodOption[]> {
    const { contents } = await this.read(scope, id)
    const rules = await this.rules(scope.site)
    const options: ShippingMethodOption[] = []
    for (const rate of rules.shippingRates) {
      const { calculation } = await this.calculate(scope, { ...contents, shippingMethod: rate.shippingMethod })
      const empty = calculation.products.length === 0
      // An empty cart shows what delivery costs; a filled one what it costs this cart.
      const price = empty ? rate.priceCents : calculation.shippingCosts
      const vat = Math.round((price * rules.vatPercentageHigh) / (100 + rules.vatPercentageHigh))
      options.push({
        shippingMethod: rate.shippingMethod,
        price,
        priceExVat: empty ? price - vat : calculation.shippingCostsExclVat,
      })
    }
    return options
  }

  /** Up to four products that go with the cart: related products first, then others of the same groups, in stock. */
  async recommendations(scope: RequestScope, id: string): Promise<ProductSummary[]> {
    const { contents } = await this.read(scope, id)
    const entry = await this.#entry(scope)
    const inCart = new Set(contents.products.map((p) => p.productId))
    const cartProducts = contents.products.flatMap((p) => entry.byId.get(p.productId) ?? [])
    const candidates = [
      ...cartProducts.flatMap((p) => p.related),
      ...entry.catalogue.products
        .filter((p) => cartProducts.some((c) => c.productGroup === p.productGroup))
        .toSorted((a, b) => (b.rating?.average ?? 0) - (a.rating?.average ?? 0))
        .map((p) => p.productId),
    ]
    const today = utcDay(scope.now)
    const chosen: ProductSummary[] = []
    for (const productId of new Set(candidates)) {
      const product = entry.byId.get(productId)
      if (!product || inCart.has(productId) || product.state !== 'available') continue
      if (!product.variants.some((v) => v.stock > 0)) continue
      chosen.push(summaryOf(product, today))
      if (chosen.length === 4) break
    }
    return chosen
  }
}
