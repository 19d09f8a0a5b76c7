// The payment-received mail renders in every language with its own texts: the amount, the invoice number, the
// delivery time and the link to the invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvoiceContent } from '../../domain/invoices.ts'
import { LANGUAGE_CODES } from '../../domain/language-codes.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts'
import { mailLayout, mailText, renderMail } from '../mail/mail-templates.ts'
import { orderPaid } from './invoice-mail.ts'

const address = {
  zipcode: '1234 AB',
  street: 'Stalweg',
  streetNumber: '3',
  streetNumberAddition: '',
  city: 'Ede',
  countryId: 1,
}
const INVOICE: InvoiceContent = {
  invoiceNumber: 'F2026-000042',
  issuedAt: '2026-11-26T10:00:00.000Z',
  orderId: '0b6f1c2e-8d4a-4f3b-9c5e-7a1d2b3c4d5e',
  orderNumber: 17,
  orderDate: '2026-11-26T09:00:00.000Z',
  language: 'nl',
  seller: {
    legal: null,
    name: 'Equivera',
    brandName: 'Equivera',
    domain: 'www.equivera.nl',
    customerServiceTitle: '',
    phone: '',
    email: '',
  },
  customer: { firstName: 'Anna', lastName: 'de Vries', phoneNumber: '+31612345678', emailAddress: 'anna@example.nl' },
  billingAddress: address,
  shippingAddress: address,
  company: null,
  shippingMethod: 0,
  dpdParcelShopId: null,
  paymentMethod: 'iDEAL',
  vatRates: { low: 9, high: 21 },
  lines: [],
  totals: {
    currency: 'EUR',
    subTotalAmount: 9885,
    orderDiscounts: [],
    shippingCosts: 0,
    paymentCosts: 0,
    vatAmountLow: 816,
    vatAmountHigh: 0,
    totalAmountExclVat: 9069,
    totalAmount: 9885,
    giftCardAmount: 0,
    paymentAmount: 9885,
  },
}
const LINK = `https://www.equivera.nl/api/orders/${INVOICE.orderId}/invoice?key=abc-_123`

describe('the payment-received mail', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t.close())

  it.each(LANGUAGE_CODES)(
    'renders in %s with the amount, the invoice, the delivery time and the link',
    async (language) => {
      const site = t.app.context.sites.all()[0]!
      const layout = mailLayout(site, language, 'https://www.equivera.nl')
      const mail = await renderMail(layout, orderPaid(layout, { ...INVOICE, language }, LINK))
      expect(mail.subject).toBe(mailText(language, 'orderPaid.subject', { number: '17', brand: site.brandName }))
      expect(mail.text).toContain(mailText(language, 'orderPaid.delivery'))
      expect(mail.text).toMatch(/1(–| à )2/)
      expect(mail.text).toMatch(/98[.,]85/)
      expect(mail.text).toContain('F2026-000042')
      expect(mail.text).toContain(`${mailText(language, 'orderPaid.button')}: ${LINK}`)
      expect(mail.html).toContain(`href="${LINK}"`)
    },
  )
})
