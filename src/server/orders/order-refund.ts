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
import type { Transaction } from 'kysely'
import { z } from 'zod'
import type { DatabaseHandle } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { PermanentJobError, type JobQueue } from '../jobs/job-queue.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { PaymentProvider } from '../payments/payment-provider.ts'
import { findPaymentById, markRefundDue, recordRefund, type PaymentRow } from '../payments/payments.repository.ts'
import type { SiteDirectory } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'
import { findOrder } from './order.repository.ts'
import { paymentRefunded, refundDescription, type RefundReason } from './order-refund-mail.ts'

export const REFUND_JOB = 'payments.refund'
const RefundJobSchema = z.object({ paymentId: z.number().int().positive() })
/** With the queue's backoff (5 s doubling to an hour) about ten hours of trying before a person has to look. */
export const REFUND_MAX_ATTEMPTS = 15

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
