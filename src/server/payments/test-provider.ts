// The built-in test provider: a payment provider inside this server, for development, tests and demos. Its hosted page
// (/payments/test/:id, payments.routes.ts) lets the payer choose the outcome; the choice is sent to the shop's webhook
// by a background job (retried like any job), signed with HMAC-SHA256 under a key derived from SESSION_SECRET:
//   x-test-provider-signature: t=<unix seconds>,v1=<hex HMAC of "<t>.<body>">
// A signature older (or newer) than five minutes is refused, so a captured call cannot be replayed later; a replay
// within that time changes nothing, as the status it carries has been applied already.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { PaymentStatusSchema, type PaymentStatus } from '../../domain/payment-status.ts'
import type { Db } from '../db/database.ts'
import { PermanentJobError, type JobQueue } from '../jobs/job-queue.ts'
import {
  PaymentProviderError,
  WebhookRefusedError,
  type CreatePaymentRequest,
  type CreatedPayment,
  type CreatedRefund,
  type PaymentIssuer,
  type PaymentProvider,
  type RefundRequest,
  type WebhookCall,
  type WebhookEvent,
} from './payment-provider.ts'
import {
  decideTestProviderPayment,
  findTestProviderPayment,
  findTestProviderRefund,
  insertTestProviderPayment,
  insertTestProviderRefund,
  testProviderRefundsOf,
  type TestProviderPaymentRow,
  type TestProviderRefundRow,
} from './payments.repository.ts'

export const SIGNATURE_HEADER = 'x-test-provider-signature'
export const SIGNATURE_TOLERANCE_S = 300
export const TEST_WEBHOOK_JOB = 'payments.test-provider-webhook'
export const TEST_PAYMENT_ID = /^tst_[A-Za-z0-9_-]{22}$/

/**
 * The test provider's iDEAL banks: the real Dutch iDEAL issuers with the ids Mollie gives them (ideal_<BIC>), so a
 * test or demo chooses a bank as it would at Mollie.
 */
export const TEST_IDEAL_ISSUERS: readonly PaymentIssuer[] = [
  { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
  { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
  { id: 'ideal_BUNQNL2A', name: 'bunq' },
  { id: 'ideal_INGBNL2A', name: 'ING' },
  { id: 'ideal_KNABNL2H', name: 'Knab' },
  { id: 'ideal_NTSBDEB1', name: 'N26' },
  { id: 'ideal_RABONL2U', name: 'Rabobank' },
  { id: 'ideal_RBRBNL21', name: 'RegioBank' },
  { id: 'ideal_REVOLT21', name: 'Revolut' },
  { id: 'ideal_SNSBNL2A', name: 'SNS' },
  { id: 'ideal_TRIONL2U', name: 'Triodos Bank' },
  { id: 'ideal_FVLBNL22', name: 'Van Lanschot Kempen' },
  { id: 'ideal_BITSNL2A', name: 'Yoursafe' },
]

/** An issuer's name for the hosted page (its id when the provider does not know it). */
export const testIssuerName = (id: string) => TEST_IDEAL_ISSUERS.find((i) => i.id === id)?.name ?? id

const WebhookBodySchema = z.object({ id: z.string().regex(TEST_PAYMENT_ID), status: PaymentStatusSchema })

/** Sends a webhook call; answers the HTTP status. Tests put app.inject here. */
export type WebhookTransport = (url: string, body: string, headers: Record<string, string>) => Promise<number>

/**
 * The webhook call over HTTP. The answer's body is read to its end (and dropped): a response whose body nobody reads
 * keeps its connection busy, so the next call could not reuse it and would open another.
 */
export const fetchWebhookTransport: WebhookTransport = async (url, body, headers) => {
  const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) })
  await response.arrayBuffer()
  return response.status
}

/** The signing key: its own derivation of SESSION_SECRET, so a webhook signature reveals nothing about cookies. */
export function webhookKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('payments:test-provider:webhook').digest()
}

export function signWebhook(key: Buffer, body: string, timestamp: number): string {
  const mac = createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${mac}`
}

/** Throws WebhookRefusedError unless `signature` is this body's, made within the tolerance of `nowS`. */
export function verifyWebhook(key: Buffer, body: string, signature: string | undefined, nowS: number): void {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(signature ?? '')
  if (!match) throw new WebhookRefusedError('The test provider signature is missing or malformed')
  const timestamp = Number(match[1])
  const expected = Buffer.from(signWebhook(key, body, timestamp).slice(`t=${timestamp},v1=`.length), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')))
    throw new WebhookRefusedError('The test provider signature does not match the body')
  if (Math.abs(nowS - timestamp) > SIGNATURE_TOLERANCE_S)
    throw new WebhookRefusedError('The test provider signature is stale')
}

export interface TestProviderOptions {
  db: Db
  jobs: JobQueue
  publicUrl: URL
  sessionSecret: string
  now?: () => number
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const
  /** How webhook calls leave; tests replace it with app.inject. */
  transport: WebhookTransport = fetchWebhookTransport
  readonly #db: Db
  readonly #jobs: JobQueue
  readonly #publicUrl: URL
  readonly #key: Buffer
  readonly #now: () => number

  constructor({ db, jobs, publicUrl, sessionSecret, now = Date.now }: TestProviderOptions) {
    this.#db = db
    this.#jobs = jobs
    this.#publicUrl = publicUrl
    this.#key = webhookKey(sessionSecret)
    this.#now = now
    jobs.register(TEST_WEBHOOK_JOB, z.object({ id: z.string() }), async ({ id }) => this.#deliver(id))
  }

  async issuers(method: string): Promise<PaymentIssuer[]> {
    return method === 'ideal' ? [...TEST_IDEAL_ISSUERS] : []
  }

  async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
    const id = `tst_${randomBytes(16).toString('base64url')}`
    await insertTestProviderPayment(
      this.#db,
      {
        id,
        reference: request.reference,
        amount: request.amount.value,
        currency: request.amount.currency,
        description: request.description,
        method: request.method,
        issuer: request.issuer ?? null,
        locale: request.locale,
        redirectUrl: request.redirectUrl,
        webhookUrl: request.webhookUrl,
        status: 'open',
      },
      this.#iso(),
    )
    return { providerPaymentId: id, checkoutUrl: new URL(`/payments/test/${id}`, this.#publicUrl).href, status: 'open' }
  }

  async fetchStatus(providerPaymentId: string): Promise<PaymentStatus> {
    const payment = await findTestProviderPayment(this.#db, providerPaymentId)
    if (!payment) throw new Error(`The test provider has no payment ${providerPaymentId}`)
    return payment.status
  }

  async parseWebhook({ headers, rawBody }: WebhookCall): Promise<WebhookEvent | undefined> {
    const signature = headers[SIGNATURE_HEADER]
    verifyWebhook(this.#key, rawBody, typeof signature === 'string' ? signature : undefined, this.#nowS())
    let body: unknown
    try {
      body = JSON.parse(rawBody)
    } catch {
      throw new WebhookRefusedError('The test provider webhook body is not JSON', 400)
    }
    const parsed = WebhookBodySchema.safeParse(body)
    if (!parsed.success) throw new WebhookRefusedError('The test provider webhook body is not an event', 400)
    return { providerPaymentId: parsed.data.id, status: parsed.data.status }
  }

  /**
   * Refunds at once (a real provider may take days): recorded in its own table, shown on the payment's page. Refused
   * as a provider refuses (422) for a payment not paid, another currency or more than is left; the same idempotency
   * key again answers the refund it made.
   */
  async refund({ providerPaymentId, amount, description, idempotencyKey }: RefundRequest): Promise<CreatedRefund> {
    return this.#db.transaction().execute(async (trx) => {
      const made = await findTestProviderRefund(trx, idempotencyKey)
      if (made) return { providerRefundId: made.id, status: 'refunded' as const }
      const payment = await findTestProviderPayment(trx, providerPaymentId)
      if (!payment) throw new PaymentProviderError(`The test provider has no payment ${providerPaymentId}`, 404)
      if (payment.status !== 'paid')
        throw new PaymentProviderError(`The test payment ${payment.id} is ${payment.status}, not paid`, 422)
      const refunded = (await testProviderRefundsOf(trx, payment.id)).reduce((sum, r) => sum + r.amount, 0)
      if (amount.currency !== payment.currency || amount.value <= 0 || refunded + amount.value > payment.amount)
        throw new PaymentProviderError(`The test payment ${payment.id} cannot pay back ${amount.value}`, 422)
      const id = `re_${randomBytes(12).toString('base64url')}`
      await insertTestProviderRefund(trx, {
        id,
        paymentId: payment.id,
        amount: amount.value,
        currency: amount.currency,
        description,
        idempotencyKey,
        createdAt: this.#iso(),
      })
      return { providerRefundId: id, status: 'refunded' as const }
    })
  }

  /** Its refunds are made at once: one it made is refunded; one it does not know is a provider's 404. */
  async refundStatus({ providerPaymentId, providerRefundId }: { providerPaymentId: string; providerRefundId: string }) {
    const made = (await testProviderRefundsOf(this.#db, providerPaymentId)).some((r) => r.id === providerRefundId)
    if (!made) throw new PaymentProviderError(`The test provider has no refund ${providerRefundId}`, 404)
    return 'refunded' as const
  }

  find(id: string): Promise<TestProviderPaymentRow | undefined> {
    return findTestProviderPayment(this.#db, id)
  }

  /** A payment's refunds, for its page. */
  refundsOf(id: string): Promise<TestProviderRefundRow[]> {
    return testProviderRefundsOf(this.#db, id)
  }

  /**
   * The payer's choice on the hosted page: recorded, with its webhook job, in one transaction. A payment decided
   * already keeps its outcome (answers false).
   */
  async decide(id: string, status: Exclude<PaymentStatus, 'open'>): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      if (!(await decideTestProviderPayment(trx, id, status, this.#iso()))) return false
      await this.#jobs.enqueue(trx, TEST_WEBHOOK_JOB, { id }, { dedupeKey: `payments:test-provider:${id}:${status}` })
      return true
    })
  }

  /** Sends the payment's status now, freshly signed; a refusal by the shop is final, anything else is retried. */
  async #deliver(id: string): Promise<void> {
    const payment = await findTestProviderPayment(this.#db, id)
    if (!payment) throw new PermanentJobError(`The test provider has no payment ${id}`)
    const body = JSON.stringify({ id, status: payment.status })
    const status = await this.transport(payment.webhookUrl, body, {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(this.#key, body, this.#nowS()),
    })
    if (status >= 400 && status < 500 && status !== 408 && status !== 429)
      throw new PermanentJobError(`The webhook was refused with ${status}`)
    if (status >= 300) throw new Error(`The webhook answered ${status}`)
  }

  #nowS = () => Math.floor(this.#now() / 1000)
  #iso = () => new Date(this.#now()).toISOString()
}
