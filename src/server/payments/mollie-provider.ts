// Mollie through @mollie/api-client. Mollie's webhook carries only `id=tr_…` (form-encoded) and no signature, so it is
// never trusted: the status is always fetched from Mollie with the shop's API key. `apiEndpoint` (MOLLIE_API_URL)
// points the client elsewhere; the client only speaks HTTPS, so tests run their stand-in for Mollie over HTTPS.
import {
  createMollieClient,
  Locale,
  MollieApiError,
  PaymentStatus as MollieStatus,
  type MollieClient,
  type PaymentMethod,
} from '@mollie/api-client'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { decimalAmount, type PaymentStatus } from '../../domain/payment-status.ts'
import {
  PaymentProviderError,
  WebhookRefusedError,
  type CreatePaymentRequest,
  type CreatedPayment,
  type PaymentProvider,
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

const PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/

export class MolliePaymentProvider implements PaymentProvider {
  readonly name = 'mollie' as const
  readonly #client: MollieClient

  constructor({ apiKey, apiEndpoint }: { apiKey: string; apiEndpoint?: string }) {
    this.#client = createMollieClient({ apiKey, ...(apiEndpoint && { apiEndpoint }) })
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
