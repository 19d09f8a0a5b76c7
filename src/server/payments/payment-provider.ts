// What the shop needs from a payment provider. One adapter per provider (test-provider.ts, mollie-provider.ts); which
// one runs is chosen in one place (payment-providers.ts) from PAYMENT_PROVIDER.
import type { IncomingHttpHeaders } from 'node:http'
import type { PaymentAmount, PaymentStatus } from '../../domain/payment-status.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { PaymentProviderName } from '../db/tables/payments.ts'

export interface CreatePaymentRequest {
  /** What the payment is for, e.g. the order number; shown to the payer and kept by the provider. */
  reference: string
  /** In cents. */
  amount: PaymentAmount
  description: string
  /** The shop's payment method, e.g. 'ideal', 'creditcard', 'bancontact'. */
  method: string
  /** The bank (iDEAL) or other issuer the payer chose, when the method has them. */
  issuer?: string
  /** Where the payer returns to after paying (or not). */
  redirectUrl: string
  /** Where the provider reports a change. */
  webhookUrl: string
  locale: LanguageCode
}

export interface CreatedPayment {
  providerPaymentId: string
  /** Where to send the payer to pay. */
  checkoutUrl: string
  status: PaymentStatus
}

/** A webhook call as it arrived: headers and the body exactly as sent (signatures are over the bytes). */
export interface WebhookCall {
  headers: IncomingHttpHeaders
  rawBody: string
}

/** What a verified webhook says: which payment and its status now (as the provider says, never as the caller does). */
export interface WebhookEvent {
  providerPaymentId: string
  status: PaymentStatus
}

/** A bank (iDEAL) or other issuer the payer may choose before paying; `id` is what createPayment's `issuer` takes. */
export interface PaymentIssuer {
  id: string
  name: string
}

/** A refund as the provider reports it: on its way (`pending`), with the payer (`refunded`), or given up (`failed`). */
export type RefundStatus = 'pending' | 'refunded' | 'failed'

export interface RefundRequest {
  /** The paid payment to pay back. */
  providerPaymentId: string
  /** In cents; at most what the payment took. */
  amount: PaymentAmount
  /** Shown to the payer with the money, where the method allows. */
  description: string
  /** The same key twice is one refund (a retry after a lost answer); Mollie keeps a key about an hour. */
  idempotencyKey: string
}

export interface CreatedRefund {
  providerRefundId: string
  status: RefundStatus
}

export interface PaymentProvider {
  readonly name: PaymentProviderName
  /**
   * The issuers the payer may choose from for a method (the shop's code, e.g. 'ideal'), in the provider's order;
   * empty for a method without them. Throws PaymentProviderError when the provider cannot be asked.
   */
  issuers(method: string): Promise<PaymentIssuer[]>
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>
  fetchStatus(providerPaymentId: string): Promise<PaymentStatus>
  /**
   * Checks a webhook call and answers what it says. Throws WebhookRefusedError when it is forged, tampered with,
   * stale or malformed; answers undefined for a payment the provider does not know.
   */
  parseWebhook(call: WebhookCall): Promise<WebhookEvent | undefined>
  /** Pays (part of) a paid payment back. Throws PaymentProviderError when the provider cannot be asked or refuses. */
  refund(request: RefundRequest): Promise<CreatedRefund>
  /** Where a refund made earlier stands now. Throws PaymentProviderError when the provider cannot be asked. */
  refundStatus(refund: { providerPaymentId: string; providerRefundId: string }): Promise<RefundStatus>
}

/** A webhook call that is not the provider's: refused, and nothing changes. */
export class WebhookRefusedError extends Error {
  override readonly name = 'WebhookRefusedError'
  /** 401: not signed by the provider (forged, tampered with, stale); 400: not a webhook call at all. */
  readonly status: 400 | 401
  constructor(message: string, status: 400 | 401 = 401) {
    super(message)
    this.status = status
  }
}

/** The provider could not be reached or refused the shop's request (a wrong API key, a bad amount). */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError'
  /** The provider's HTTP status, when it answered. */
  readonly statusCode: number | undefined
  constructor(message: string, statusCode?: number, options?: ErrorOptions) {
    super(message, options)
    this.statusCode = statusCode
  }
}
