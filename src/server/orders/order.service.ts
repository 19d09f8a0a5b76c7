// Orders: placing a cart and moving an order through its statuses.
//
// Placing is one transaction (the caller's): the cart is locked and must hold orderable lines and pass the checkout's
// gating and rules again (src/domain/checkout-rules.ts: refused with the step to go back to);
// its calculation (the cart calculator, with the catalogue and prices read before the transaction) is frozen into the
// order; the stock of every line is taken with a conditional UPDATE (`amount >= n`), and a single line that cannot be
// taken refuses the whole order; the products whose stock moved get a new catalogue version, as a back-office stock
// update does, so catalogues and search see it; the site's next order number is counted; the order and its lines are
// written, the cart is closed, the confirmation mail and the expiry job are queued. All of it commits or none of it.
// A gift card on the cart pays what its balance covers, taken in the same transaction with a conditional UPDATE
// (`balance >= n`) like stock; only the rest goes to the payment provider. An unpaid order that is cancelled or
// expires gives its stock and its gift card's part back.
//
// Locks are taken in one order everywhere (cart or order row, then the catalogue state row, then stock, then the gift
// card, then the order counter), the order the back-office stock update takes them in too, so PostgreSQL never
// deadlocks.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Transaction } from 'kysely'
import { z } from 'zod'
import { checkoutRefusal } from '../../domain/checkout-rules.ts'
import { AppError } from '../../domain/errors.ts'
import {
  isUnpaid,
  OrderSchema,
  orderTransition,
  returnsStock,
  type Order,
  type OrderLine,
  type OrderStatus,
} from '../../domain/orders.ts'
import { lockCatalogueState, stampProducts } from '../backoffice/backoffice.repository.ts'
import { findGiftCard, giveGiftCardBalanceBack, takeGiftCardBalance } from '../gift-cards/gift-card.repository.ts'
import { giftCardInvalid, maskCardNumber } from '../gift-cards/gift-card.service.ts'
import type { CartCalculator } from '../cart/cart-calculator.ts'
import { cartOf } from '../cart/cart-rows.ts'
import type { CartScope, CartService } from '../cart/cart.service.ts'
import { updateCart, type CartRow } from '../cart/cart.repository.ts'
import { checkoutFacts, checkoutIncomplete } from '../cart/checkout-rules.ts'
import type { DatabaseHandle, Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { nextCatalogueVersion } from '../db/seed/catalogue-seed.repository.ts'
import type { RequestScope } from '../http/scope.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import type { AccountService } from '../accounts/account.service.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import type { MailService } from '../mail/mail.service.ts'
import { noteRestocked } from '../stock-reminders/stock-reminder.service.ts'
import { orderConfirmation } from './order-mail.ts'
import {
  findOrder,
  findProductsOfVariants,
  giveStockBack,
  insertOrder,
  nextOrderNumber,
  takeStock,
  updateOrderStatus,
  type StoredOrder,
} from './order.repository.ts'

type Trx = Transaction<Database>

/**
 * How long an unpaid order holds its stock: an hour. Longer than a payment provider's checkout takes (an iDEAL or
 * card payment times out within 15–30 minutes), short enough that stock held by an abandoned checkout is back on sale
 * soon. A slow method (a bank transfer) may later set a later time; see docs/orders.md.
 */
export const UNPAID_ORDER_MS = 60 * 60_000
export const ORDER_EXPIRE_JOB = 'orders.expire'
const ExpireJobSchema = z.object({ orderId: z.uuid() })

export const orderNotFound = (id: string) => new AppError('orderNotFound', 404, `Order ${id} was not found.`)

const keyHash = (key: string) => createHash('sha256').update(key).digest('base64url')

/**
 * The key a guest opens an order with: 32 base64url characters (192 bits) of HMAC-SHA256 over the order's id under a
 * key derived from SESSION_SECRET (its own derivation, as the test provider's webhook key). Derived rather than random
 * so that the mails sent when the order is paid (by a webhook, long after the placement answered the key) can link to
 * the order and its invoice; only its hash is stored, as before. Changing SESSION_SECRET changes the keys of later
 * mails; the stored hashes keep the keys already given working.
 */
export function orderKeyOf(secret: string, orderId: string): string {
  const key = createHmac('sha256', secret).update('orders:key').digest()
  return createHmac('sha256', key).update(orderId).digest().subarray(0, 24).toString('base64url')
}

/** What a status move needs besides its transaction. */
export interface StatusMoves {
  /** The database's dialect: how the order row is locked. */
  dialect: Dialect
  /**
   * Called in the move's transaction when an order becomes paid, whatever moved it (a payment, nothing to pay, the
   * back office): the invoice is issued and the payment-received mail queued there (src/server/invoices/), so they
   * exist exactly when the paid status does.
   */
  paid: (trx: Trx, order: StoredOrder, now: Date) => Promise<void>
}

/** What a status move did. */
export interface StatusChange {
  orderId: string
  orderNumber: number
  from: OrderStatus
  to: OrderStatus
  changed: boolean
}

/**
 * Moves an order to `status` if the transitions allow it (a move to the status it has changes nothing); throws
 * `orderStatusRefused` (409) otherwise. Leaving an unpaid status for cancelled or expired gives the stock back: once,
 * since those statuses are final and the order row is locked for the move.
 */
export async function setOrderStatus(
  trx: Trx,
  moves: StatusMoves,
  orderId: string,
  status: OrderStatus,
  source: string,
  now: Date,
): Promise<StatusChange> {
  const { dialect } = moves
  const order = await findOrder(trx, orderId, dialect)
  if (!order) throw orderNotFound(orderId)
  const from = order.status
  const base = { orderId, orderNumber: order.orderNumber, from, to: status }
  const transition = orderTransition(from, status)
  if (transition === 'refused')
    throw new AppError('orderStatusRefused', 409, `Order ${order.orderNumber} cannot move from ${from} to ${status}.`, {
      from,
      to: status,
    })
  if (transition === 'same') return { ...base, changed: false }
  if (returnsStock(status)) {
    await moveStock(trx, dialect, stockOf(order.lines), 'giveBack', now)
    // The final status is reached once (the order row is locked), so the card gets its part back exactly once.
    if (order.giftCardNumber !== null && order.totals.giftCardAmount > 0)
      await giveGiftCardBalanceBack(trx, order.giftCardNumber, order.totals.giftCardAmount, now)
  }
  const expiresAt = isUnpaid(status) ? order.expiresAt : null
  await updateOrderStatus(trx, orderId, { status, source, at: now, expiresAt })
  // Only an unpaid order moves to paid (the transitions), so this runs once per order.
  if (status === 'paid') await moves.paid(trx, { ...order, status, expiresAt }, now)
  return { ...base, changed: true }
}

/** The stock an order's lines take, per variant: the quantity and the pieces a promotion gives free. */
function stockOf(lines: readonly Pick<OrderLine, 'productVariantId' | 'quantity' | 'freeQuantity'>[]) {
  const amounts = new Map<number, number>()
  for (const line of lines)
    amounts.set(line.productVariantId, (amounts.get(line.productVariantId) ?? 0) + line.quantity + line.freeQuantity)
  // Variant order: two placements that share variants take their row locks in the same order.
  return new Map([...amounts].toSorted(([a], [b]) => a - b))
}

/**
 * Takes or gives back stock, under the catalogue state's lock, and stamps the products with a new catalogue version
 * so every server's catalogue and the offline deltas see the new stock. Answers the variants whose stock did not cover
 * the amount (taking only; the caller refuses the order then and its transaction rolls everything back).
 */
async function moveStock(
  trx: Trx,
  dialect: Dialect,
  amounts: Map<number, number>,
  direction: 'take' | 'giveBack',
  now: Date,
): Promise<number[]> {
  await lockCatalogueState(trx, dialect)
  const short: number[] = []
  const restocked: number[] = []
  for (const [variantId, amount] of amounts) {
    if (direction === 'giveBack') {
      const stock = await giveStockBack(trx, variantId, amount, now)
      if (stock && stock.before <= 0 && stock.after > 0) restocked.push(variantId)
    } else if (!(await takeStock(trx, variantId, amount, now))) short.push(variantId)
  }
  if (short.length > 0) return short
  // A cancelled or expired order that brings a variant back in stock: its back-in-stock reminders go.
  await noteRestocked(trx, restocked, now)
  const version = await nextCatalogueVersion(trx)
  await stampProducts(trx, await findProductsOfVariants(trx, [...amounts.keys()]), version)
  return []
}

export interface OrderServices {
  database: DatabaseHandle
  carts: CartService
  calculator: CartCalculator
  mail: Pick<MailService, 'queueMail'>
  jobs: JobQueue
  /** After stock moved outside a request (an order expired): this server's catalogue reads it at once. */
  onStockMoved?: () => Promise<void>
  /** What becoming paid does besides (the invoice and its mail), in the move's transaction. */
  onPaid: StatusMoves['paid']
  /** SESSION_SECRET: order keys are derived from it (orderKeyOf). */
  secret: string
  /** Makes the account a guest asked for at checkout (a password on the cart), in the placement's transaction. */
  accounts?: Pick<AccountService, 'createFromCheckout'>
}

export class OrderService {
  readonly #services: OrderServices

  /** Registers the expiry job on the queue (buildApp makes the service before the worker starts). */
  constructor(services: OrderServices) {
    this.#services = services
    services.jobs.register(ORDER_EXPIRE_JOB, ExpireJobSchema, async ({ orderId }, { db, now }) => {
      const expired = await db.transaction().execute((trx) => this.expire(trx, orderId, now))
      if (expired) await services.onStockMoved?.()
    })
  }

  /**
   * Places a cart as an order in `trx`. `scope` is prepared before the transaction (CartService.prepare); `origin` is
   * the site's address for the mail's links; `accountId` the signed-in account placing it (null for a guest). Answers
   * the order and its key (given to the customer once: only its hash is stored). The caller refreshes the catalogue
   * after the commit.
   */
  async place(
    trx: Trx,
    scope: CartScope,
    cartId: string,
    { origin, accountId = null }: { origin: string; accountId?: number | null },
  ): Promise<{ order: Order; orderKey: string }> {
    const { database, carts, calculator } = this.#services
    const { row, contents } = await carts.locked(trx, scope, cartId)
    if (contents.products.length === 0) throw new AppError('cartEmpty', 409, `Cart ${cartId} is empty.`)
    const unavailable = contents.products
      .filter((p) => scope.entry.byVariant.get(p.productVariantId)?.state !== 'available')
      .map((p) => p.productVariantId)
    if (unavailable.length > 0)
      throw new AppError('productNotAvailable', 409, `Product variants ${unavailable.join(', ')} cannot be ordered.`, {
        ids: unavailable.join(', '),
      })
    // The gating and the rules again: the details may have been stored before a rule existed, or changed since.
    const cart = cartOf(row, contents, scope.entry)
    const facts = await checkoutFacts(trx, scope.site, [row.billing?.address.countryId, row.shippingAddress?.countryId])
    const refusal = checkoutRefusal(cart, facts)
    if (refusal) throw checkoutIncomplete(cartId, refusal, scope.language.code)
    const billing = row.billing!

    const { calculation } = await calculator.calculateIn(trx, scope, contents)
    const lines: OrderLine[] = calculation.products.map((line) => ({
      productId: line.productId,
      productVariantId: line.productVariantId,
      productType: line.productType,
      description: line.description,
      productLabel: line.productLabel,
      quantity: line.quantity,
      freeQuantity: line.freeProducts.reduce((sum, p) => sum + p.quantity, 0),
      unitAmount: Math.round(line.originalAmount / line.quantity),
      vatRatePercentage: line.vatRatePercentage,
      totalAmount: line.totalAmount,
    }))
    // Free products may be another variant than their line's: stock is taken for what leaves the warehouse.
    const amounts = stockOf([
      ...lines.map((l) => ({ ...l, freeQuantity: 0 })),
      ...calculation.products.flatMap((l) =>
        l.freeProducts.map((p) => ({ productVariantId: p.productVariantId, quantity: p.quantity, freeQuantity: 0 })),
      ),
    ])
    const short = await moveStock(trx, database.dialect, amounts, 'take', scope.now)
    if (short.length > 0)
      throw new AppError('outOfStock', 409, `Not enough stock of product variants ${short.join(', ')}.`, {
        ids: short.join(', '),
      })

    const giftCardAmount = await this.#takeGiftCard(trx, scope, row.giftCardNumber, calculation)

    const orderId = randomUUID()
    const orderKey = this.keyOf(orderId)
    const alternative = row.alternativeShippingAddress && row.shippingAddress
    const order: Order = {
      orderId,
      orderNumber: await nextOrderNumber(trx, scope.site.id),
      siteId: scope.site.id,
      languageId: scope.language.languageId,
      status: 'created',
      created: scope.now.toISOString(),
      expiresAt: new Date(scope.now.getTime() + UNPAID_ORDER_MS).toISOString(),
      customer: {
        emailAddress: billing.emailAddress,
        firstName: billing.firstName,
        lastName: billing.lastName,
        phoneNumber: billing.phoneNumber,
      },
      billingAddress: billing.address,
      shippingAddress: alternative ? row.shippingAddress! : billing.address,
      company: row.company,
      shippingMethod: contents.shippingMethod,
      dpdParcelShopId: row.dpdParcelShopId,
      paymentMethodId: contents.paymentMethodId,
      paymentIssuer: row.paymentIssuer,
      lines,
      totals: {
        currency: calculation.currency,
        subTotalAmount: calculation.subTotalAmount,
        orderDiscounts: calculation.orderDiscounts,
        shippingCosts: calculation.shippingCosts,
        paymentCosts: calculation.paymentCosts,
        vatAmountLow: calculation.vatAmountLow,
        vatAmountHigh: calculation.vatAmountHigh,
        totalAmountExclVat: calculation.totalAmountExclVat,
        totalAmount: calculation.totalAmount,
        giftCardAmount,
        paymentAmount: calculation.totalAmount - giftCardAmount,
      },
    }
    const owner = accountId ?? (await this.#guestAccount(trx, scope, row))
    await insertOrder(trx, {
      ...order,
      keyHash: keyHash(orderKey),
      cartId,
      giftCardNumber: row.giftCardNumber,
      accountId: owner,
    })
    await updateCart(trx, cartId, { orderId: order.orderId, lastModified: scope.now.toISOString() })
    await this.#queueConfirmation(trx, scope, order, origin, row.giftCardNumber)
    await this.#services.jobs.enqueue(
      trx,
      ORDER_EXPIRE_JOB,
      { orderId: order.orderId },
      { dedupeKey: `order:${order.orderId}:expire`, runAt: new Date(order.expiresAt!) },
    )
    return { order, orderKey }
  }

  /**
   * The account of a guest who chose a password at checkout: made now, inactive, its activation mail queued to the
   * cart's `confirmUrl`. None when the address has an account on the site already (the order is placed all the same,
   * as a guest's), or for a password stored before checkout passwords were argon2id hashes (the shopper registers
   * or resets instead).
   */
  async #guestAccount(trx: Trx, scope: CartScope, row: CartRow): Promise<number | null> {
    const { accounts } = this.#services
    const billing = row.billing
    if (!accounts || !billing || !row.passwordHash?.startsWith('$argon2id$') || !row.confirmUrl) return null
    const alternative = Boolean(row.alternativeShippingAddress && row.shippingAddress)
    return accounts.createFromCheckout(
      trx,
      scope.site,
      scope.language.languageId,
      {
        emailAddress: billing.emailAddress,
        passwordHash: row.passwordHash,
        firstName: billing.firstName,
        lastName: billing.lastName,
        phoneNumber: billing.phoneNumber,
        billing: billing.address,
        shipping: alternative ? row.shippingAddress : null,
        alternativeShippingAddress: alternative,
        company: row.company,
        newsletter: row.newsletterSubscribe,
      },
      row.confirmUrl,
    )
  }

  /**
   * Takes what the cart's gift card pays of the total: its balance, at most the total. The card's row is locked
   * (PostgreSQL) and the take is conditional (`balance >= n`), so two orders paid with one card at once never take
   * more than its balance: the second waits for the first and takes what is left. A card that is gone, of another
   * site or currency, or empty by now refuses the order (409 `giftCardInvalid`): the shopper removes it or checks it
   * again. Answers the amount taken (0 without a card).
   */
  async #takeGiftCard(
    trx: Trx,
    scope: CartScope,
    number: string | null,
    calculation: { currency: string; totalAmount: number },
  ): Promise<number> {
    if (number === null) return 0
    const card = await findGiftCard(trx, number, this.#services.database.dialect)
    if (!card || card.siteId !== scope.site.id || card.currency !== calculation.currency || card.balance <= 0)
      throw giftCardInvalid(409)
    const amount = Math.min(card.balance, calculation.totalAmount)
    if (amount > 0 && !(await takeGiftCardBalance(trx, number, amount, scope.now))) throw giftCardInvalid(409)
    return amount
  }

  /**
   * Rendered inside the transaction, since the mail names the order number counted in it: a few milliseconds of MJML
   * while the counter row is held, which only the same site's next placement waits for.
   */
  async #queueConfirmation(trx: Trx, scope: RequestScope, order: Order, origin: string, giftCard: string | null) {
    const layout = mailLayout(scope.site, scope.language.code, origin)
    const masked = giftCard === null ? null : maskCardNumber(giftCard)
    const rendered = await renderMail(layout, orderConfirmation(layout, order, masked))
    await this.#services.mail.queueMail(
      trx,
      {
        dedupeKey: `order:${order.orderId}:confirmation`,
        kind: 'order-confirmation',
        site: scope.site,
        language: scope.language.code,
        to: order.customer.emailAddress,
        rendered,
      },
      scope.now,
    )
  }

  /** What moving an order's status needs: every move goes through setOrderStatus with these. */
  get moves(): StatusMoves {
    return { dialect: this.#services.database.dialect, paid: this.#services.onPaid }
  }

  /** The key of an order (the one handed to the customer at placement). */
  keyOf(orderId: string): string {
    return orderKeyOf(this.#services.secret, orderId)
  }

  setStatus(trx: Trx, orderId: string, status: OrderStatus, source: string, now: Date): Promise<StatusChange> {
    return setOrderStatus(trx, this.moves, orderId, status, source, now)
  }

  /**
   * The expiry job's work: an order still unpaid at its expiry time becomes expired and gives its stock back. A paid
   * (or already ended) order is left alone, and so is one whose expiry was moved later. True when it expired.
   */
  async expire(trx: Trx, orderId: string, now: Date): Promise<boolean> {
    const order = await findOrder(trx, orderId, this.#services.database.dialect)
    if (!order || !isUnpaid(order.status)) return false
    if (order.expiresAt !== null && now.getTime() < Date.parse(order.expiresAt)) return false
    await this.setStatus(trx, orderId, 'expired', 'expiry', now)
    return true
  }

  /** An order of the request's site opened with its key; a wrong key is as unknown as a missing order. */
  async get(scope: RequestScope, orderId: string, key: string): Promise<Order> {
    const order = await findOrder(this.#services.database.db, orderId)
    if (!order || order.siteId !== scope.site.id || !sameKey(order, key)) throw orderNotFound(orderId)
    // The schema leaves the stored-only fields (the key's hash, the cart, the gift card's number) out.
    return OrderSchema.parse(order)
  }
}

function sameKey(order: StoredOrder, key: string): boolean {
  const given = Buffer.from(keyHash(key))
  const stored = Buffer.from(order.keyHash)
  return given.length === stored.length && timingSafeEqual(given, stored)
}
