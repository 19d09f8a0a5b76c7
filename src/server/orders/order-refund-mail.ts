// The refund mail: a payment came in for an order that no longer wanted it (the order had expired or was cancelled,
// or another payment had paid it), and its amount goes back; in the order's language, with the shop's mail layout.
import type { CurrencyCode } from '../../domain/currency.ts'
import { formatMoney } from '../../domain/locale.ts'
import { mailText, type MailContent, type MailLayout, type MailTextKey } from '../mail/mail-templates.ts'

/** Why the payment goes back: the order ended before it arrived, or it was paid already. */
export type RefundReason = 'expired' | 'cancelled' | 'paidTwice'

export interface RefundMailFacts {
  orderNumber: number
  reason: RefundReason
  /** In cents. */
  amount: number
  currency: CurrencyCode
}

export function paymentRefunded(layout: MailLayout, facts: RefundMailFacts): MailContent {
  const t = (key: MailTextKey, params: Record<string, string> = {}) => mailText(layout.language, key, params)
  const number = String(facts.orderNumber)
  const amount = formatMoney(facts.amount, facts.currency, layout.language)
  const params = { number, amount, brand: layout.brandName }
  return {
    subject: t('paymentRefunded.subject', params),
    preview: t('paymentRefunded.preview', params),
    heading: t('paymentRefunded.heading'),
    paragraphs: [
      t(`paymentRefunded.${facts.reason}`, params),
      t('paymentRefunded.refund', params),
      ...(facts.reason === 'paidTwice' ? [] : [t('paymentRefunded.orderAgain')]),
    ],
    details: [
      {
        title: t('paymentRefunded.detailsTitle'),
        rows: [
          { label: t('paymentRefunded.order'), value: number },
          { label: t('paymentRefunded.amount'), value: amount, strong: true },
        ],
      },
    ],
  }
}

/** What the provider shows the payer with the money (a bank statement's line, where the method has one). */
export const refundDescription = (layout: MailLayout, orderNumber: number) =>
  mailText(layout.language, 'paymentRefunded.description', { number: String(orderNumber), brand: layout.brandName })
