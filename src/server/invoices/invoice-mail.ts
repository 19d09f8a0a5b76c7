// The payment-received mail: the payment came in, the order comes in 1–2 days, and the invoice is a link away, in the
// order's language, rendered with the shop's mail layout (mail/mail-templates.ts).
import type { InvoiceContent } from '../../domain/invoices.ts'
import { formatMoney } from '../../domain/locale.ts'
import { mailText, type MailContent, type MailLayout, type MailTextKey } from '../mail/mail-templates.ts'

export function orderPaid(layout: MailLayout, invoice: InvoiceContent, invoiceUrl: string): MailContent {
  const t = (key: MailTextKey, params: Record<string, string> = {}) => mailText(layout.language, key, params)
  const number = String(invoice.orderNumber)
  const total = formatMoney(invoice.totals.totalAmount, invoice.totals.currency, layout.language)
  const params = { number, total, invoice: invoice.invoiceNumber, brand: layout.brandName }
  return {
    subject: t('orderPaid.subject', params),
    preview: t('orderPaid.preview', params),
    heading: t('orderPaid.heading'),
    paragraphs: [t('orderPaid.intro', params), t('orderPaid.delivery'), t('orderPaid.invoice', params)],
    button: { label: t('orderPaid.button'), href: invoiceUrl },
  }
}
