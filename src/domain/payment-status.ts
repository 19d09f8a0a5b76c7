// A payment's status and the changes allowed between them. Providers report statuses in any order and more than once
// (webhooks are retried, replayed, overtaken), so a reported status is applied only when it moves the payment forward:
// `open` may end in any final status; a final status never goes back to `open`; `paid` is never left (money was
// taken); and a late `paid` still wins over `failed`, `cancelled` or `expired`, because the provider took the money.
import { z } from 'zod'

export const PAYMENT_STATUSES = ['open', 'paid', 'failed', 'cancelled', 'expired'] as const
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES)
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

/** Whether a payment in `from` may be moved to `to` (false for no change). */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to || to === 'open' || from === 'paid') return false
  return from === 'open' || to === 'paid'
}

/** The status after a provider reported `reported` for a payment in `current`: `reported`, or `current` unchanged. */
export function nextPaymentStatus(current: PaymentStatus, reported: PaymentStatus): PaymentStatus {
  return canMovePayment(current, reported) ? reported : current
}

/** Amounts in the smallest unit of the currency (cents); every currency the shops use has two decimals. */
export const PaymentAmountSchema = z.object({
  value: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
})
export type PaymentAmount = z.infer<typeof PaymentAmountSchema>

/** '12.34' for 1234 cents: the form Mollie and most providers want. */
export const decimalAmount = (cents: number) => (cents / 100).toFixed(2)
