// Payments as the shop keeps them: started at the configured provider and recorded, then moved by the provider's
// webhooks (or a fetch of its status) through the transition rules of src/domain/payment-status.ts, so a replayed,
// late or out-of-order event never moves a payment back.
import type { PaymentStatus } from '../../domain/payment-status.ts'
import { nextPaymentStatus } from '../../domain/payment-status.ts'
import type { Transaction } from 'kysely'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { CreatePaymentRequest, PaymentProvider, WebhookCall } from './payment-provider.ts'
import { findPayment, insertPayment, movePayment, type PaymentRow } from './payments.repository.ts'

export interface StatusOutcome {
  /** Whether the shop has this payment; an unknown one changes nothing. */
  known: boolean
  /** Whether the status changed. */
  changed: boolean
  status?: PaymentStatus
}

/** What else moves when a payment's status changes (the order it pays), in the same transaction. */
export type OnPaymentStatus = (trx: Transaction<Database>, payment: PaymentRow, status: PaymentStatus) => Promise<void>

export class PaymentService {
  readonly provider: PaymentProvider
  readonly #db: Db
  readonly #publicUrl: URL
  readonly #now: () => number
  readonly #onStatus: OnPaymentStatus | undefined

  constructor({
    db,
    provider,
    publicUrl,
    now = Date.now,
    onStatus,
  }: {
    db: Db
    provider: PaymentProvider
    publicUrl: URL
    now?: () => number
    /** Called in the transaction that moved a payment (the order follows it there). */
    onStatus?: OnPaymentStatus
  }) {
    this.#onStatus = onStatus
    this.#db = db
    this.provider = provider
    this.#publicUrl = publicUrl
    this.#now = now
  }

  /** Where this provider reports changes. */
  webhookUrl(): string {
    return new URL(`/api/payments/webhook/${this.provider.name}`, this.#publicUrl).href
  }

  /** Starts a payment at the provider and records it; send the payer to its checkoutUrl. */
  async create(request: Omit<CreatePaymentRequest, 'webhookUrl'>): Promise<PaymentRow> {
    // The payer is sent there from the provider's page: only a web address, never javascript: or data:.
    if (!/^https?:$/.test(URL.parse(request.redirectUrl)?.protocol ?? ''))
      throw new TypeError(`Not a web address to return to: ${request.redirectUrl}`)
    const created = await this.provider.createPayment({ ...request, webhookUrl: this.webhookUrl() })
    return insertPayment(
      this.#db,
      {
        provider: this.provider.name,
        providerPaymentId: created.providerPaymentId,
        reference: request.reference,
        amount: request.amount.value,
        currency: request.amount.currency,
        description: request.description,
        method: request.method,
        issuer: request.issuer ?? null,
        locale: request.locale,
        checkoutUrl: created.checkoutUrl,
        redirectUrl: request.redirectUrl,
        status: created.status,
      },
      this.#iso(),
    )
  }

  find(providerPaymentId: string): Promise<PaymentRow | undefined> {
    return findPayment(this.#db, this.provider.name, providerPaymentId)
  }

  /** A webhook call: verified by the provider (which throws WebhookRefusedError), then applied. */
  async handleWebhook(call: WebhookCall): Promise<StatusOutcome> {
    const event = await this.provider.parseWebhook(call)
    if (!event) return { known: false, changed: false }
    return this.applyStatus(event.providerPaymentId, event.status)
  }

  /** Asks the provider for the status now and applies it (e.g. when the payer returns before the webhook). */
  async refresh(providerPaymentId: string): Promise<StatusOutcome> {
    return this.applyStatus(providerPaymentId, await this.provider.fetchStatus(providerPaymentId))
  }

  /**
   * Applies a reported status in one transaction. The update is conditional on the status read, so two events at
   * once cannot both apply from the same starting point: the one that loses reads again and is judged on the new one.
   */
  async applyStatus(providerPaymentId: string, reported: PaymentStatus): Promise<StatusOutcome> {
    return this.#db.transaction().execute(async (trx) => {
      for (;;) {
        const payment = await findPayment(trx, this.provider.name, providerPaymentId)
        if (!payment) return { known: false, changed: false }
        const next = nextPaymentStatus(payment.status, reported)
        if (next === payment.status) return { known: true, changed: false, status: next }
        if (await movePayment(trx, payment.id, payment.status, next, this.#iso())) {
          await this.#onStatus?.(trx, payment, next)
          return { known: true, changed: true, status: next }
        }
      }
    })
  }

  #iso = () => new Date(this.#now()).toISOString()
}
