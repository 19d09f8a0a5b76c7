// The order confirmation: what was ordered, the totals, the addresses and when it comes (1–2 days after payment),
// in the order's language, rendered with the shop's mail layout (mail/mail-templates.ts).
import { recipientName, type Address } from '../../domain/address.ts'
import { formatMoney } from '../../domain/locale.ts'
import type { Order } from '../../domain/orders.ts'
import { mailText, type MailContent, type MailLayout, type MailTextKey } from '../mail/mail-templates.ts'

const addressLines = (name: string, company: string | null, a: Address) => [
  ...(company ? [company] : []),
  name,
  `${a.street} ${a.streetNumber}${a.streetNumberAddition ? ` ${a.streetNumberAddition}` : ''}`,
  `${a.zipcode} ${a.city}`,
]

const asRows = (lines: string[]) => lines.map((label) => ({ label }))

/** `giftCard`: the masked number of the card that paid part of the order, if one did. */
export function orderConfirmation(layout: MailLayout, order: Order, giftCard: string | null = null): MailContent {
  const { language } = layout
  const t = (key: MailTextKey, params: Record<string, string> = {}) => mailText(language, key, params)
  const money = (cents: number) => formatMoney(cents, order.totals.currency, language)
  const number = String(order.orderNumber)
  const { totals, customer } = order
  const name = `${customer.firstName} ${customer.lastName}`
  const company = order.company?.companyName ?? null
  return {
    subject: t('orderConfirmation.subject', { number, brand: layout.brandName }),
    preview: t('orderConfirmation.preview', { number, total: money(totals.totalAmount) }),
    heading: t('orderConfirmation.heading'),
    paragraphs: [t('orderConfirmation.intro', { number }), t('orderConfirmation.delivery')],
    details: [
      {
        title: t('orderConfirmation.linesTitle'),
        rows: order.lines.map((line) => ({
          label: `${line.quantity} × ${line.description} (${line.productLabel})${
            line.freeQuantity > 0 ? ` ${t('orderConfirmation.free', { quantity: String(line.freeQuantity) })}` : ''
          }`,
          value: money(line.totalAmount),
        })),
      },
      {
        title: t('orderConfirmation.total'),
        rows: [
          { label: t('orderConfirmation.subtotal'), value: money(totals.subTotalAmount) },
          ...totals.orderDiscounts.map((d) => ({ label: d.description, value: money(-d.amount) })),
          { label: t('orderConfirmation.shipping'), value: money(totals.shippingCosts) },
          ...(totals.paymentCosts > 0
            ? [{ label: t('orderConfirmation.paymentCosts'), value: money(totals.paymentCosts) }]
            : []),
          { label: t('orderConfirmation.total'), value: money(totals.totalAmount), strong: true },
          // A gift card's part, and what is left for the payment; the card is named by its last four digits only.
          ...(totals.giftCardAmount > 0
            ? [
                {
                  label: t('orderConfirmation.giftCard', { card: giftCard ?? '' }).trim(),
                  value: money(-totals.giftCardAmount),
                },
                { label: t('orderConfirmation.paymentAmount'), value: money(totals.paymentAmount), strong: true },
              ]
            : []),
          { label: t('orderConfirmation.vat'), value: money(totals.vatAmountLow + totals.vatAmountHigh) },
        ],
      },
      {
        title: t('orderConfirmation.shippingTitle'),
        // Another recipient at another address gets the parcel in their own name, without the buyer's company.
        rows: asRows(
          recipientName(order.shippingAddress, name) === name
            ? addressLines(name, company, order.shippingAddress)
            : addressLines(recipientName(order.shippingAddress, name), null, order.shippingAddress),
        ),
      },
      {
        title: t('orderConfirmation.billingTitle'),
        rows: asRows(addressLines(name, company, order.billingAddress)),
      },
    ],
  }
}
