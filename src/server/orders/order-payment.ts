// Paying for an order: the payment is started after the order is placed, and the order follows its payment.
//
// The provider is called outside every transaction (a provider call must never hold SQLite's write lock or an order
// row lock): the placement commits the order as `created`, then the payment is created at the provider and recorded
// (`payments.reference` is the order's id), then a short transaction moves the order `created` → `open`. Starting
// again (a retry of the place-order call with the same Idempotency-Key) finds the order's payment by its reference
// and answers its checkout again: never a second payment. A provider that cannot be reached leaves the order
// `created`; the same call again starts the payment then.
//
// The order follows its payment in the transaction that moved the payment (PaymentService's onStatus): paid → paid;
// failed or cancelled → the order stays open, so the payer can pay again until it expires; expired → expired, with
// the stock back, when it was the order's latest payment. A move the order's transitions refuse (an `expired` after
// `paid`) changes nothing: replayed and out-of-order events end right. A `paid` the order cannot follow (it expired
// or was cancelled first, or another payment of it paid already) is paid back: its refund job is queued there
// (order-refund.ts).
import type { Transaction } from 'kysely'
import { z } from 'zod'
import { AppError } from '../../domain/errors.ts'
import { isUnpaid, orderTransition, type OrderStatus } from '../../domain/orders.ts'
import type { PaymentStatus } from '../../domain/payment-status.ts'
import type { DatabaseHandle } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { translate } from '../i18n.ts'
import { GIFT_CARD_METHOD } from '../gift-cards/gift-card.service.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { PaymentProviderError } from '../payments/payment-provider.ts'
import { latestPaymentOf, type PaymentRow } from '../payments/payments.repository.ts'
import type { PaymentService } from '../payments/payments.service.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { findOrder, type StoredOrder } from './order.repository.ts'
import { refundLatePayment } from './order-refund.ts'
import { orderNotFound, setOrderStatus, type StatusMoves } from './order.service.ts'

export const PAYMENT_SOURCE = 'payment'

/** What a payment start answers: the order's status after it, and where to pay (null when nothing is to be paid). */
export interface PaymentStart {
  status: OrderStatus
  paymentUrl: string | null
}

/** The checkout's complete page for an order, in the order's language: where the payer returns from the provider. */
export function completeUrl(origin: string, pathPrefix: string, orderId: string, orderKey: string, status: string) {
  const query = new URLSearchParams({ id: orderId, key: orderKey, status })
  return `${origin}${pathPrefix ? `/${pathPrefix}` : ''}/checkout/complete/?${query.toString()}`
}

const isOrderId = (reference: string) => z.uuid().safeParse(reference).success

/**
 * Moves the order a payment is for as the payment moved, in the payment's transaction (see above); `jobs` queues the
 * refund of a payment the order cannot follow. Payments that pay no order (another reference) are left alone.
 */
export async function followPayment(
  trx: Transaction<Database>,
  { moves, jobs }: { moves: StatusMoves; jobs: Pick<JobQueue, 'enqueue'> },
  payment: PaymentRow,
  status: PaymentStatus,
  now: Date,
): Promise<void> {
  if (!isOrderId(payment.reference)) return
  const order = await findOrder(trx, payment.reference, moves.dialect)
  if (!order) return
  let to: OrderStatus | undefined
  if (status === 'paid') {
    // Called only when the payment just became paid, so an order that is paid already was paid by something else
    // (another payment of it): this payment is one too many, as it is for an order that ended.
    if (orderTransition(order.status, 'paid') !== 'move') return refundLatePayment(trx, jobs, payment, now)
    to = 'paid'
  }
  // An older payment that expires while a newer one is under way does not end the order.
  else if (status === 'expired' && (await latestPaymentOf(trx, order.orderId))?.id === payment.id) to = 'expired'
  if (to === undefined || orderTransition(order.status, to) !== 'move') return
  await setOrderStatus(trx, moves, order.orderId, to, PAYMENT_SOURCE, now)
}

export class OrderPayments {
  readonly #database: DatabaseHandle
  readonly #payments: PaymentService
  readonly #moves: StatusMoves
  readonly #now: () => Date
  /** Starts under way in this process, by order: two at once for one order start one payment. */
  readonly #starting = new Map<string, Promise<PaymentStart>>()

  constructor({
    database,
    payments,
    moves,
    now = () => new Date(),
  }: {
    database: DatabaseHandle
    payments: PaymentService
    moves: StatusMoves
    now?: () => Date
  }) {
    this.#database = database
    this.#payments = payments
    this.#moves = moves
    this.#now = now
  }

  /**
   * Starts the payment of an unpaid order, or answers the one under way. `again`: after a failed, cancelled or expired
   * payment, a new one (the complete page's "pay again"); without it the latest payment is answered whatever its
   * status (a retry of the place-order call answers what the first call started). An order with nothing to pay is
   * paid at once.
   */
  start(
    orderId: string,
    orderKey: string,
    { site, origin, again = false }: { site: SiteRecord; origin: string; again?: boolean },
  ): Promise<PaymentStart> {
    const running = this.#starting.get(orderId)
    if (running) return running
    const started = this.#start(orderId, orderKey, site, origin, again).finally(() => this.#starting.delete(orderId))
    this.#starting.set(orderId, started)
    return started
  }

  async #start(orderId: string, orderKey: string, site: SiteRecord, origin: string, again: boolean) {
    const { db } = this.#database
    const order = await findOrder(db, orderId)
    if (!order || order.siteId !== site.id) throw orderNotFound(orderId)
    if (!isUnpaid(order.status)) return { status: order.status, paymentUrl: null }
    // The spec's "an order with nothing to pay is finalised by completing it"; so is one a gift card paid in full.
    if (order.totals.paymentAmount === 0) {
      const change = await db
        .transaction()
        .execute((trx) => setOrderStatus(trx, this.#moves, orderId, 'paid', PAYMENT_SOURCE, this.#now()))
      return { status: change.to, paymentUrl: null }
    }

    const latest = await latestPaymentOf(db, orderId)
    if (latest && (latest.status === 'open' || !again)) {
      const status = latest.status === 'open' ? await this.#open(orderId) : order.status
      return { status, paymentUrl: status === 'open' && latest.status === 'open' ? latest.checkoutUrl : null }
    }

    const payment = await this.#create(order, orderKey, site, origin)
    const status = await this.#open(orderId)
    return { status, paymentUrl: status === 'open' ? payment.checkoutUrl : null }
  }

  /** The checkout of the order's payment under way, while the order awaits it (for "pay again" on the complete page). */
  async checkoutUrl(orderId: string): Promise<string | null> {
    const latest = await latestPaymentOf(this.#database.db, orderId)
    return latest?.status === 'open' ? latest.checkoutUrl : null
  }

  /**
   * Asks the provider about the order's open payment (the payer may be back before the webhook) and applies what it
   * says; a provider that cannot be asked now changes nothing (the webhook still comes).
   */
  async refresh(orderId: string): Promise<void> {
    const latest = await latestPaymentOf(this.#database.db, orderId)
    if (latest?.status !== 'open' || latest.provider !== this.#payments.provider.name) return
    try {
      await this.#payments.refresh(latest.providerPaymentId)
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error
    }
  }

  async #create(order: StoredOrder, orderKey: string, site: SiteRecord, origin: string): Promise<PaymentRow> {
    const language = site.languages.find((l) => l.languageId === order.languageId) ?? site.languages[0]!
    const method = site.paymentMethods.find(
      (m) => m.paymentMethodId === order.paymentMethodId && m.code !== GIFT_CARD_METHOD,
    )
    if (!method)
      throw new AppError('checkoutIncomplete', 409, `Order ${order.orderNumber} has no payment method of this site.`)
    try {
      return await this.#payments.create({
        reference: order.orderId,
        // What the gift card did not pay.
        amount: { value: order.totals.paymentAmount, currency: order.totals.currency },
        description: translate(language.code, 'mail.orderConfirmation.subject', {
          number: String(order.orderNumber),
          brand: site.brandName,
        }),
        method: method.code,
        ...(order.paymentIssuer !== null && { issuer: order.paymentIssuer }),
        redirectUrl: completeUrl(origin, language.pathPrefix, order.orderId, orderKey, 'open'),
        locale: language.code,
      })
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error
      throw new AppError(
        'paymentUnavailable',
        503,
        `The payment of order ${order.orderNumber} could not be started: the payment provider could not be reached. ` +
          'Try again with the same Idempotency-Key.',
      )
    }
  }

  /** created → open in a short transaction of its own; answers the order's status after it. */
  #open(orderId: string): Promise<OrderStatus> {
    const { db, dialect } = this.#database
    return db.transaction().execute(async (trx) => {
      const order = await findOrder(trx, orderId, dialect)
      if (!order) throw orderNotFound(orderId)
      if (order.status !== 'created') return order.status
      return (await setOrderStatus(trx, this.#moves, orderId, 'open', PAYMENT_SOURCE, this.#now())).to
    })
  }
}
