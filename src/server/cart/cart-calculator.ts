// A cart's calculation on the server: of stored contents, of a described cart (not stored), and what each delivery
// choice costs. The domain's calculateCart does the maths, with the site's catalogue and pricing rules from memory
// and the words of the request's language; beside it, what the shop says about each line now (notices).
import type { CartDescription, CartNotice } from '../../domain/cart-api.ts'
import type { CartCalculation } from '../../domain/cart-calculation.ts'
import { calculateCart } from '../../domain/cart-pricing.ts'
import { freeQuantity } from '../../domain/promotions.ts'
import type { CartContents } from '../../domain/cart-mutations.ts'
import { calculationTexts } from '../../domain/cart-texts.ts'
import type { ShippingMethodOption } from '../../domain/cart.ts'
import { AppError } from '../../domain/errors.ts'
import type { RequestScope } from '../http/scope.ts'
import { translate } from '../i18n.ts'
import { cartOf } from './cart-rows.ts'
import type { Db } from '../db/database.ts'
import type { CartScope, CartService, Trx } from './cart.service.ts'

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

export class CartCalculator {
  readonly #carts: CartService

  constructor(carts: CartService) {
    this.#carts = carts
  }

  /** The calculation of some contents, with what the shop says about each line now. */
  async calculate(
    scope: RequestScope,
    contents: CartContents,
  ): Promise<{ calculation: CartCalculation; notices: CartNotice[] }> {
    return this.calculateIn(undefined, await this.#carts.prepare(scope), contents)
  }

  /**
   * The same inside a transaction: with the catalogue and prices read before it began (`CartScope`) and the discount
   * code's rule read through it, so no query runs beside the transaction (SQLite would wait for it for ever).
   */
  async calculateIn(
    db: Db | Trx | undefined,
    scope: CartScope,
    contents: CartContents,
  ): Promise<{ calculation: CartCalculation; notices: CartNotice[] }> {
    const { entry, rules } = scope
    const code = contents.discountCode
    const discount = code ? { code, rule: await this.#carts.discountRule(scope, code, db) } : null
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

  /** A stored cart with its calculation and notices. */
  async calculateStored(scope: RequestScope, id: string) {
    const { row, contents } = await this.#carts.read(scope, id)
    const result = await this.calculate(scope, contents)
    return { ...result, cart: cartOf(row, contents, await this.#carts.entry(scope)) }
  }

  /** A described cart (not stored): variants not sold here are left out of it. */
  async calculateDescribed(scope: RequestScope, description: CartDescription) {
    const entry = await this.#carts.entry(scope)
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
    const { contents } = await this.#carts.read(scope, id)
    const rules = await this.#carts.rules(scope.site)
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
}
