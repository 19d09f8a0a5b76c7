// The payment step of a cart: the methods the site offers with what each costs this cart and, for iDEAL, the banks
// (from the payment provider); the payment selection kept on the cart (method, issuer, gift card); gift cards checked
// and added or removed.
//
// The provider is asked (issuers) and pins are checked (scrypt) before the change's transaction begins, never inside
// it: neither may hold SQLite's write lock or a cart's row lock. Inside, the cart is locked and the selection written.
import type { PaymentBody } from '../../domain/cart-api.ts'
import type { GiftCardCheck, PaymentMethodOption } from '../../domain/cart.ts'
import { AppError } from '../../domain/errors.ts'
import type { PaymentMethod } from '../../domain/site.ts'
import type { Db } from '../db/database.ts'
import { findGiftCard, type GiftCardRow } from '../gift-cards/gift-card.repository.ts'
import { checkGiftCard, GIFT_CARD_METHOD, giftCardInvalid, maskCardNumber } from '../gift-cards/gift-card.service.ts'
import type { RequestScope } from '../http/scope.ts'
import { translate } from '../i18n.ts'
import { PaymentProviderError, type PaymentIssuer, type PaymentProvider } from '../payments/payment-provider.ts'
import type { CartCalculator } from './cart-calculator.ts'
import type { CartScope, CartService, Trx } from './cart.service.ts'

/** A payment selection whose issuer and gift card have been checked (before the transaction). */
export interface CheckedSelection {
  method: PaymentMethod
  issuer: string | null
  /** A card given with the selection, its pin right; null leaves the cart's card as it is. */
  giftCard: GiftCardRow | null
}

const unknownPaymentMethod = (id: number) =>
  new AppError('unknownPaymentMethod', 400, `Payment method ${id} is not offered here.`)

const providerUnavailable = () =>
  new AppError('serviceUnavailable', 503, 'The payment provider could not be asked for the issuers; try again.')

export class CartPayment {
  readonly #db: Db
  readonly #carts: CartService
  readonly #calculator: CartCalculator
  readonly #provider: PaymentProvider

  constructor({
    db,
    carts,
    calculator,
    provider,
  }: {
    db: Db
    carts: CartService
    calculator: CartCalculator
    provider: PaymentProvider
  }) {
    this.#db = db
    this.#carts = carts
    this.#calculator = calculator
    this.#provider = provider
  }

  /**
   * The site's methods in the site's order, named in the request's language, with what each would cost this cart and
   * their issuers. A provider that cannot be asked now leaves the issuers empty (its own page then asks for the bank).
   */
  async methods(scope: RequestScope, id: string): Promise<PaymentMethodOption[]> {
    const { contents } = await this.#carts.read(scope, id)
    const prepared = await this.#carts.prepare(scope)
    return Promise.all(
      scope.site.paymentMethods.map(async (method) => {
        const { calculation } = await this.#calculator.calculateIn(undefined, prepared, {
          ...contents,
          paymentMethodId: method.paymentMethodId,
        })
        // An empty cart shows what the method costs; a filled one what it costs this cart.
        const paymentCosts =
          calculation.products.length === 0
            ? (prepared.rules.paymentCosts.find((c) => c.paymentMethodId === method.paymentMethodId)?.costCents ?? 0)
            : calculation.paymentCosts
        const issuers = await this.#provider.issuers(method.code).catch((error: unknown) => {
          if (error instanceof PaymentProviderError) return []
          throw error
        })
        return {
          paymentMethodId: method.paymentMethodId,
          code: method.code,
          name: this.#name(scope, method),
          paymentCosts,
          issuers,
          giftCard: method.code === GIFT_CARD_METHOD,
        }
      }),
    )
  }

  /** The method's name in the request's language; the site's own name for a method the locales do not know. */
  #name(scope: RequestScope, method: PaymentMethod): string {
    const key = `payments.methods.${method.code}`
    const name = translate(scope.language.code, key)
    return name === key ? method.name : name
  }

  /**
   * Checks a selection before its transaction: the method is the site's, the issuer one the provider offers for it
   * (400 `unknownIssuer`; 503 `paymentUnavailable` when the provider cannot be asked), the gift card's number and pin.
   */
  async check(scope: RequestScope, body: PaymentBody): Promise<CheckedSelection> {
    const method = scope.site.paymentMethods.find((m) => m.paymentMethodId === body.paymentMethodId)
    if (!method) throw unknownPaymentMethod(body.paymentMethodId)
    if (body.issuer !== null) {
      const issuers = await this.#issuers(method.code)
      if (!issuers.some((i) => i.id === body.issuer))
        throw new AppError('unknownIssuer', 400, `'${body.issuer}' is not an issuer of ${method.code} here.`)
    }
    const giftCard =
      body.giftCardNumber === null ? null : await this.checkCard(scope, body.giftCardNumber, body.giftCardPin ?? '')
    return { method, issuer: body.issuer, giftCard }
  }

  async #issuers(method: string): Promise<PaymentIssuer[]> {
    try {
      return await this.#provider.issuers(method)
    } catch (error) {
      if (error instanceof PaymentProviderError) throw providerUnavailable()
      throw error
    }
  }

  /** A card's number and pin checked for this site (outside the transaction; see gift-card.service.ts). */
  checkCard(scope: RequestScope, number: string, pin: string): Promise<GiftCardRow> {
    return checkGiftCard(this.#db, scope.site, number, pin)
  }

  /** Keeps a checked selection: the method is part of the contents (it may cost something), the rest details. */
  async select(trx: Trx, scope: CartScope, id: string, selection: CheckedSelection): Promise<void> {
    await this.#carts.change(trx, scope, id, {
      type: 'setPaymentMethod',
      paymentMethodId: selection.method.paymentMethodId,
    })
    await this.#carts.update(trx, scope, id, {
      paymentIssuer: selection.issuer,
      ...(selection.giftCard && { giftCardNumber: selection.giftCard.number }),
    })
  }

  /** Keeps a checked card on the cart and answers what it pays of the cart now. */
  async addGiftCard(trx: Trx, scope: CartScope, id: string, card: GiftCardRow): Promise<GiftCardCheck> {
    await this.#carts.update(trx, scope, id, { giftCardNumber: card.number })
    return this.#giftCardCheck(trx, scope, id, card)
  }

  removeGiftCard(trx: Trx, scope: RequestScope, id: string): Promise<void> {
    return this.#carts.update(trx, scope, id, { giftCardNumber: null })
  }

  /** The cart's card with its balance now and what it pays of the cart; null when the cart has none. */
  async giftCard(scope: CartScope, id: string): Promise<GiftCardCheck | null> {
    const { row } = await this.#carts.read(scope, id)
    if (row.giftCardNumber === null) return null
    const card = await findGiftCard(this.#db, row.giftCardNumber)
    if (!card) return null
    return this.#giftCardCheck(this.#db, scope, id, card)
  }

  async #giftCardCheck(db: Db | Trx, scope: CartScope, id: string, card: GiftCardRow): Promise<GiftCardCheck> {
    const { contents } = await this.#carts.read(scope, id, db)
    const { calculation } = await this.#calculator.calculateIn(db, scope, contents)
    if (card.currency !== calculation.currency) throw giftCardInvalid()
    const amount = Math.min(card.balance, calculation.totalAmount)
    return {
      giftCardNumber: maskCardNumber(card.number),
      currency: card.currency as GiftCardCheck['currency'],
      balance: card.balance,
      amount,
      remainingAmount: calculation.totalAmount - amount,
    }
  }
}
