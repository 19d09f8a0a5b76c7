// The order confirmation renders in every language with its own texts: the lines, the totals in the site's currency,
// both addresses and the delivery time; names from the order are escaped in the HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGE_CODES } from '../../domain/language-codes.ts'
import type { Order } from '../../domain/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts'
import { mailLayout, mailText, renderMail } from '../mail/mail-templates.ts'
import { orderConfirmation } from './order-mail.ts'

const address = {
  zipcode: '1234 AB',
  street: 'Hoefijzerlaan',
  streetNumber: '12',
  streetNumberAddition: '',
  city: 'Paardendorp',
  countryId: 1,
}
const ORDER: Order = {
  orderId: '0b6f1c2e-8d4a-4f3b-9c5e-7a1d2b3c4d5e',
  orderNumber: 17,
  siteId: 1,
  languageId: 12,
  status: 'created',
  created: '2026-11-25T12:00:00.000Z',
  expiresAt: '2026-11-25T13:00:00.000Z',
  customer: { firstName: 'Anna', lastName: 'de Vries', phoneNumber: '+31612345678', emailAddress: 'anna@example.nl' },
  billingAddress: address,
  shippingAddress: { ...address, street: 'Stalweg', streetNumber: '3' },
  company: null,
  shippingMethod: 0,
  dpdParcelShopId: null,
  paymentMethodId: null,
  paymentIssuer: null,
  lines: [
    {
      productId: 1,
      productVariantId: 101,
      productType: 2,
      description: 'Sport Muesli & <Co>',
      productLabel: 'Zak · 20 kg',
      quantity: 3,
      freeQuantity: 1,
      unitAmount: 3295,
      vatRatePercentage: 9,
      totalAmount: 9885,
    },
  ],
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

describe('the order confirmation mail', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t.close())

  it.each(LANGUAGE_CODES)('renders in %s with the lines, totals, addresses and delivery time', async (language) => {
    const site = t.app.context.sites.all()[0]!
    const layout = mailLayout(site, language, 'https://www.equivera.nl')
    const mail = await renderMail(layout, orderConfirmation(layout, ORDER))
    expect(mail.subject).toBe(mailText(language, 'orderConfirmation.subject', { number: '17', brand: site.brandName }))
    expect(mail.text).toContain(mailText(language, 'orderConfirmation.delivery'))
    expect(mail.text).toMatch(/1(–| à )2/)
    expect(mail.text).toContain('Sport Muesli & <Co>')
    expect(mail.html).toContain('Sport Muesli &amp; &lt;Co&gt;')
    expect(mail.text).toContain('Stalweg 3')
    expect(mail.text).toContain('Hoefijzerlaan 12')
    expect(mail.text).toContain(mailText(language, 'orderConfirmation.free', { quantity: '1' }))
    expect(mail.text).toMatch(/98[.,]85/)
    expect(mail.text).not.toContain(mailText(language, 'orderConfirmation.paymentAmount'))
  })

  it.each(LANGUAGE_CODES)('names the gift card’s part and what is left to pay in %s', async (language) => {
    const site = t.app.context.sites.all()[0]!
    const layout = mailLayout(site, language, 'https://www.equivera.nl')
    const order: Order = { ...ORDER, totals: { ...ORDER.totals, giftCardAmount: 2500, paymentAmount: 7385 } }
    const mail = await renderMail(layout, orderConfirmation(layout, order, '•••• 0017'))
    expect(mail.text).toContain(mailText(language, 'orderConfirmation.giftCard', { card: '•••• 0017' }))
    expect(mail.text).toContain(mailText(language, 'orderConfirmation.paymentAmount'))
    expect(mail.text).toMatch(/25[.,]00/)
    expect(mail.text).toMatch(/73[.,]85/)
  })

  it('addresses the parcel to its own recipient, without the buyer’s company', async () => {
    const site = t.app.context.sites.all()[0]!
    const layout = mailLayout(site, 'nl', 'https://www.equivera.nl')
    const order: Order = {
      ...ORDER,
      company: { companyName: 'Stal de Vries', vatNumber: '' },
      shippingAddress: { ...ORDER.shippingAddress, firstName: 'Bram', lastName: 'Jansen' },
    }
    const { text } = await renderMail(layout, orderConfirmation(layout, order))
    const shipping = text.slice(text.indexOf(mailText('nl', 'orderConfirmation.shippingTitle')))
    expect(shipping.slice(0, shipping.indexOf('Stalweg'))).toContain('Bram Jansen')
    expect(shipping.slice(0, shipping.indexOf('Stalweg'))).not.toContain('Stal de Vries')
    // The billing address stays the buyer's.
    expect(text.slice(text.indexOf(mailText('nl', 'orderConfirmation.billingTitle')))).toContain('Anna de Vries')
  })
})
