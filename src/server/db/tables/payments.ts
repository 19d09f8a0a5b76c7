// Payments (src/server/payments/): the shop's record of each provider payment, and the built-in test provider's own.
import type { Generated } from 'kysely'
import type { PaymentStatus } from '../../../domain/payment-status.ts'

export type PaymentProviderName = 'test' | 'mollie'

export interface PaymentTable {
  id: Generated<number>
  provider: PaymentProviderName
  /** The provider's id, e.g. 'tr_WDqYK6vllg' (Mollie) or 'tst_…' (the test provider). */
  providerPaymentId: string
  /** What the payment is for, e.g. the order number. */
  reference: string
  /** In cents. */
  amount: number
  currency: string
  description: string
  method: string
  issuer: string | null
  /** A language code of locales/. */
  locale: string
  checkoutUrl: string
  redirectUrl: string
  status: PaymentStatus
  /**
   * null: nothing to pay back. `due`: the payment came in for an order that no longer wanted it (ended, or paid by
   * another payment) and its refund job is queued; then the provider's answer (`pending`, `refunded`, `failed`).
   */
  refundStatus: PaymentRefundStatus | null
  /** In cents, the payment's currency: what is (to be) paid back. */
  refundAmount: number | null
  providerRefundId: string | null
  /** When the provider accepted the refund. */
  refundedAt: string | null
  createdAt: string
  updatedAt: string
}

export type PaymentRefundStatus = 'due' | 'pending' | 'refunded' | 'failed'

export interface TestProviderPaymentTable {
  /** 'tst_' and 128 random bits. */
  id: string
  reference: string
  amount: number
  currency: string
  description: string
  method: string
  issuer: string | null
  locale: string
  redirectUrl: string
  webhookUrl: string
  status: PaymentStatus
  createdAt: string
  updatedAt: string
}

/** The test provider's refunds, as an outside provider keeps them: one per idempotency key. */
export interface TestProviderRefundTable {
  /** 're_' and random characters. */
  id: string
  paymentId: string
  amount: number
  currency: string
  description: string
  idempotencyKey: string
  createdAt: string
}

export interface PaymentTables {
  payments: PaymentTable
  testProviderPayments: TestProviderPaymentTable
  testProviderRefunds: TestProviderRefundTable
}
