// Mollie through @mollie/api-client. Mollie's webhook carries only `id=tr_…` (form-encoded) and no signature, so it is
// never trusted: the status is always fetched from Mollie with the shop's API key. `apiEndpoint` (MOLLIE_API_URL)
// points the client elsewhere; the client only speaks HTTPS, so tests run their stand-in for Mollie over HTTPS.
import {
  createMollieClient,
  Locale,
  MethodInclude,
  MollieApiError,
  PaymentStatus as MollieStatus,
  RefundStatus as MollieRefundStatus,
  type MollieClient,
  type PaymentMethod,
} from '@mollie/api-client'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { TtlCache } from '../../domain/ttl-cache.ts'
import { decimalAmount, type PaymentStatus } from '../../domain/payment-status.ts'
import {
  PaymentProviderError,
  WebhookRefusedError,
  type CreatePaymentRequest,
  type CreatedPayment,
  type CreatedRefund,
  type PaymentIssuer,
  type PaymentProvider,
  type RefundRequest,
  type RefundStatus,
  type WebhookCall,
  type WebhookEvent,
} from './payment-provider.ts'

/** Mollie's checkout languages; cs and et have none, so Mollie picks from the payer's browser. */
const MOLLIE_LOCALES: Partial<Record<LanguageCode, Locale>> = {
  da: Locale.da_DK,
  de: Locale.de_DE,
  'de-AT': Locale.de_AT,
  en: Locale.en_GB,
  es: Locale.es_ES,
  'fr-BE': Locale.fr_BE,
  'fr-FR': Locale.fr_FR,
  it: Locale.it_IT,
  'nl-BE': Locale.nl_BE,
  nl: Locale.nl_NL,
  pl: Locale.pl_PL,
  pt: Locale.pt_PT,
  sv: Locale.sv_SE,
}

/** Mollie's statuses in the shop's: pending and authorized are still open (nothing is final yet). */
export function fromMollieStatus(status: MollieStatus): PaymentStatus {
  switch (status) {
    case MollieStatus.paid:
      return 'paid'
    case MollieStatus.failed:
      return 'failed'
    case MollieStatus.canceled:
      return 'cancelled'
    case MollieStatus.expired:
      return 'expired'
    default:
      return 'open'
  }
}

/** Mollie's refund statuses in the shop's: queued (Mollie's balance is short), pending and processing are on the way. */
export function fromMollieRefundStatus(status: MollieRefundStatus): RefundStatus {
  switch (status) {
    case MollieRefundStatus.refunded:
      return 'refunded'
    case MollieRefundStatus.failed:
    case MollieRefundStatus.canceled:
      return 'failed'
    default:
      return 'pending'
  }
}

const PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/

/**
 * The shop's methods whose issuers the payer chooses in the shop (iDEAL's banks); Mollie is asked for no other, so a
 * payment step costs no call per method.
 */
const ISSUER_METHODS = new Set(['ideal'])
/**
 * Issuers are asked for on every payment step and change a few times a year: kept five minutes, so Mollie is asked
 * about once per method per five minutes per server, and a bank Mollie adds or drops shows within that time.
 */
export const ISSUERS_TTL_MS = 5 * 60_000

export class MolliePaymentProvider implements PaymentProvider {
  readonly name = 'mollie' as const
  readonly #client: MollieClient
  readonly #issuers: TtlCache<string, PaymentIssuer[]>

  constructor({ apiKey, apiEndpoint, now }: { apiKey: string; apiEndpoint?: string; now?: () => number }) {
    this.#client = createMollieClient({ apiKey, ...(apiEndpoint && { apiEndpoint }) })
    this.#issuers = new TtlCache(20, ISSUERS_TTL_MS, now)
  }

  /** GET /v2/methods/:method?include=issuers, kept for ISSUERS_TTL_MS (a failure is not kept: asked again next time). */
  async issuers(method: string): Promise<PaymentIssuer[]> {
    if (!ISSUER_METHODS.has(method)) return []
    const kept = this.#issuers.get(method)
    if (kept) return kept
    const found = await this.#call('listing issuers', () =>
      this.#client.methods.get(method, { include: MethodInclude.issuers }),
    )
    const issuers = (found.issuers ?? []).map(({ id, name }) => ({ id, name }))
    this.#issuers.set(method, issuers)
    return issuers
  }

  async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
    const locale = MOLLIE_LOCALES[request.locale]
    const payment = await this.#call('creating a payment', () =>
      this.#client.payments.create({
        amount: { currency: request.amount.currency, value: decimalAmount(request.amount.value) },
        description: request.description,
        redirectUrl: request.redirectUrl,
        webhookUrl: request.webhookUrl,
        method: request.method as PaymentMethod,
        ...(request.issuer && { issuer: request.issuer }),
        ...(locale && { locale }),
        metadata: { reference: request.reference },
      }),
    )
    const checkoutUrl = payment.getCheckoutUrl()
    if (!checkoutUrl) throw new PaymentProviderError(`Mollie gave payment ${payment.id} no checkout URL`)
    return { providerPaymentId: payment.id, checkoutUrl, status: fromMollieStatus(payment.status) }
  }

  async fetchStatus(providerPaymentId: string): Promise<PaymentStatus> {
    const payment = await this.#call('fetching a payment', () => this.#client.payments.get(providerPaymentId))
    return fromMollieStatus(payment.status)
  }

  /**
   * POST /v2/payments/:id/refunds with the shop's idempotency key, so a retry after a lost answer gets the refund
   * Mollie made instead of a second one (Mollie keeps a key about an hour; the shop's record covers the rest).
   */
  async refund(request: RefundRequest): Promise<CreatedRefund> {
    const refund = await this.#call('refunding a payment', () =>
      this.#client.paymentRefunds.create({
        paymentId: request.providerPaymentId,
        amount: { currency: request.amount.currency, value: decimalAmount(request.amount.value) },
        description: request.description,
        idempotencyKey: request.idempotencyKey,
      }),
    )
    return { providerRefundId: refund.id, status: fromMollieRefundStatus(refund.status) }
  }

  /** GET /v2/payments/:id/refunds/:refundId: a refund goes from pending (or queued, processing) to refunded or failed. */
  async refundStatus({ providerPaymentId, providerRefundId }: { providerPaymentId: string; providerRefundId: string }) {
    const refund = await this.#call('fetching a refund', () =>
      this.#client.paymentRefunds.get(providerRefundId, { paymentId: providerPaymentId }),
    )
    return fromMollieRefundStatus(refund.status)
  }

  async parseWebhook({ rawBody }: WebhookCall): Promise<WebhookEvent | undefined> {
    const id = new URLSearchParams(rawBody).get('id')
    if (!id || !PAYMENT_ID.test(id)) throw new WebhookRefusedError('A Mollie webhook names no payment id', 400)
    try {
      return { providerPaymentId: id, status: await this.fetchStatus(id) }
    } catch (error) {
      // An id Mollie does not know (for this key): someone else's call, and nothing to change.
      if (error instanceof PaymentProviderError && error.statusCode === 404) return undefined
      throw error
    }
  }

  async #call<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (error instanceof MollieApiError) {
        const status = error.statusCode
        const hint = status === 401 ? ' (check MOLLIE_API_KEY)' : ''
        throw new PaymentProviderError(
          `Mollie refused ${what}${hint}: ${status ?? ''} ${error.message}`.trim(),
          status,
          {
            cause: error,
          },
        )
      }
      throw new PaymentProviderError(`Mollie could not be reached while ${what}`, undefined, { cause: error })
    }
  }
}
