// Paying back a payment that came in for an order that no longer wanted it: the order had expired or was cancelled
// (its stock and gift card part went back already), or another payment of the order had paid it. The decision is
// taken in the transaction that moved the payment to paid (followPayment): the payment is marked `due` and the job
// `payments.refund` queued there, so there is a job exactly when there is a late payment, however often the webhook
// comes (the payment moves to paid once; the dedupe key `refund:<payment id>` besides).
//
// The job asks the provider outside any transaction (with the idempotency key `refund:<payment id>`, so a retry after
// a lost answer is the same refund), then records the refund on the payment and queues the customer's mail in one
// short transaction. It reads the payment first: a refund recorded already is not asked for again. A provider that
// cannot be asked or refuses is tried again with the queue's backoff.
//
// A provider may answer `pending` (Mollie sends refunds with its next batch; a short balance queues them). Then the
// job `payments.refundStatus` follows the refund: it asks where it stands hourly for a day, then every six hours, for
// two weeks, and records `refunded` or `failed`. A refund the provider gives up on, or one still pending after two
// weeks, fails its job for good with the payment named in the error: a person has to pay it back (docs/payments.md).
import type { Transaction } from 'kysely'
import { z } from 'zod'
import type { DatabaseHandle } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { PermanentJobError, type JobQueue } from '../jobs/job-queue.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { PaymentProvider } from '../payments/payment-provider.ts'
import {
  findPaymentById,
  markRefundDue,
  recordRefund,
  settleRefund,
  type PaymentRow,
} from '../payments/payments.repository.ts'
import type { SiteDirectory } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'
import { findOrder } from './order.repository.ts'
import { paymentRefunded, refundDescription, type RefundReason } from './order-refund-mail.ts'

export const REFUND_JOB = 'payments.refund'
const RefundJobSchema = z.object({ paymentId: z.number().int().positive() })
/** With the queue's backoff (5 s doubling to an hour) about ten hours of trying before a person has to look. */
export const REFUND_MAX_ATTEMPTS = 15

export const REFUND_STATUS_JOB = 'payments.refundStatus'
const RefundStatusJobSchema = z.object({
  paymentId: z.number().int().positive(),
  /** Which check this is, from 1. */
  check: z.number().int().positive(),
})
const HOUR_MS = 60 * 60_000
/** How long after check `check - 1` (or the refund) check `check` comes: hourly for a day, then every six hours. */
export const refundCheckDelayMs = (check: number): number => (check <= 24 ? HOUR_MS : 6 * HOUR_MS)
/** A day of hourly checks and thirteen of four a day: two weeks. */
export const REFUND_MAX_CHECKS = 24 + 13 * 4

/**
 * In the transaction that moved `payment` to paid, for an order that cannot become paid by it: marks the payment
 * to be paid back in full and queues the refund job. Once per payment.
 */
export async function refundLatePayment(
  trx: Transaction<Database>,
  jobs: Pick<JobQueue, 'enqueue'>,
  payment: PaymentRow,
  now: Date,
): Promise<void> {
  if (!(await markRefundDue(trx, payment.id, payment.amount, now.toISOString()))) return
  await jobs.enqueue(
    trx,
    REFUND_JOB,
    { paymentId: payment.id },
    { dedupeKey: `refund:${payment.id}`, maxAttempts: REFUND_MAX_ATTEMPTS },
  )
}

export interface OrderRefundServices {
  database: DatabaseHandle
  sites: SiteDirectory
  mail: Pick<MailService, 'queueMail'>
  jobs: JobQueue
  provider: PaymentProvider
  publicUrl: URL
}

/** Registers the refund job on the queue (buildApp makes it before the worker starts). */
export class OrderRefunds {
  readonly #services: OrderRefundServices

  constructor(services: OrderRefundServices) {
    this.#services = services
    services.jobs.register(REFUND_JOB, RefundJobSchema, ({ paymentId }, { now }) => this.run(paymentId, now), {
      maxAttempts: REFUND_MAX_ATTEMPTS,
    })
    services.jobs.register(
      REFUND_STATUS_JOB,
      RefundStatusJobSchema,
      ({ paymentId, check }, { now }) => this.follow(paymentId, check, now),
      { maxAttempts: 10 },
    )
  }

  /**
   * One check of a pending refund: asks the provider where it stands and records refunded or failed, or queues the
   * next check. A refund no longer pending (recorded by an earlier run) is not asked about.
   */
  async follow(paymentId: number, check: number, now: Date): Promise<void> {
    const { database, provider, jobs } = this.#services
    const payment = await findPaymentById(database.db, paymentId)
    if (!payment) throw new PermanentJobError(`There is no payment ${paymentId}`)
    if (payment.refundStatus !== 'pending' || payment.providerRefundId === null) return
    if (payment.provider !== provider.name)
      throw new PermanentJobError(`Payment ${paymentId} is at ${payment.provider}, not the configured provider`)
    const status = await provider.refundStatus({
      providerPaymentId: payment.providerPaymentId,
      providerRefundId: payment.providerRefundId,
    })
    if (status === 'pending') {
      if (check >= REFUND_MAX_CHECKS)
        throw new PermanentJobError(
          `The refund ${payment.providerRefundId} of payment ${paymentId} is still pending after two weeks: pay it back by hand`,
        )
      await queueRefundCheck(jobs, database.db, paymentId, check + 1)
      return
    }
    await settleRefund(database.db, paymentId, status, now.toISOString())
    if (status === 'failed')
      throw new PermanentJobError(
        `The provider gave up paying back payment ${paymentId} (${payment.providerRefundId}): pay it back by hand`,
      )
  }

  /** One run of the refund job (see above); a run after the refund was recorded changes nothing and asks nothing. */
  async run(paymentId: number, now: Date): Promise<void> {
    const { database, sites, mail, provider, publicUrl } = this.#services
    const payment = await findPaymentById(database.db, paymentId)
    if (!payment) throw new PermanentJobError(`There is no payment ${paymentId}`)
    if (payment.refundStatus !== 'due' || payment.providerRefundId !== null) return
    if (payment.provider !== provider.name)
      throw new PermanentJobError(`Payment ${paymentId} is at ${payment.provider}, not the configured provider`)
    const order = await findOrder(database.db, payment.reference)
    if (!order) throw new PermanentJobError(`Payment ${paymentId} pays no order`)
    const site = sites.byId(order.siteId)
    if (!site) throw new PermanentJobError(`Order ${order.orderId} is of site ${order.siteId}, which does not exist`)
    const language = (site.languages.find((l) => l.languageId === order.languageId) ?? site.languages[0]!).code
    const layout = mailLayout(site, language, originFor(site, publicUrl.hostname, publicUrl))
    const amount = payment.refundAmount ?? payment.amount
    const reason: RefundReason = order.status === 'expired' || order.status === 'cancelled' ? order.status : 'paidTwice'
    // Rendered before the provider is asked: a template mistake fails here, before any money moves.
    const rendered = await renderMail(
      layout,
      paymentRefunded(layout, { orderNumber: order.orderNumber, reason, amount, currency: order.totals.currency }),
    )

    const refund = await provider.refund({
      providerPaymentId: payment.providerPaymentId,
      amount: { value: amount, currency: payment.currency },
      description: refundDescription(layout, order.orderNumber),
      idempotencyKey: `refund:${payment.id}`,
    })

    await database.db.transaction().execute(async (trx) => {
      if (!(await recordRefund(trx, payment.id, refund, now.toISOString()))) return
      if (refund.status === 'failed') return
      if (refund.status === 'pending') await queueRefundCheck(this.#services.jobs, trx, payment.id, 1)
      await mail.queueMail(
        trx,
        {
          dedupeKey: `order:${order.orderId}:refund:${payment.id}`,
          kind: 'payment-refunded',
          site,
          language,
          to: order.customer.emailAddress,
          rendered,
        },
        now,
      )
    })
    if (refund.status === 'failed')
      throw new PermanentJobError(`The provider refused to pay back payment ${paymentId} (${refund.providerRefundId})`)
  }
}

/** Queues check `check` of a pending refund, once (its dedupe key names the payment and the check). */
function queueRefundCheck(
  jobs: Pick<JobQueue, 'enqueue'>,
  db: Parameters<JobQueue['enqueue']>[0],
  paymentId: number,
  check: number,
) {
  return jobs.enqueue(
    db,
    REFUND_STATUS_JOB,
    { paymentId, check },
    { dedupeKey: `refund-status:${paymentId}:${check}`, delayMs: refundCheckDelayMs(check) },
  )
}
