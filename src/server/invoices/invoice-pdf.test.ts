import { describe, expect, it } from 'vitest'
import type { InvoiceContent } from '../../domain/invoices.ts'
import { pdfText, plainSpaces } from '../../../tests/helpers/pdf-text.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'

const address = {
  zipcode: '90-001',
  street: 'Żółkiewskiego',
  streetNumber: '5',
  streetNumberAddition: '',
  city: 'Łódź',
  countryId: 1,
}

/** A Polish invoice with Czech and Estonian names: characters WinAnsi (the standard PDF fonts) does not have. */
const INVOICE: InvoiceContent = {
  invoiceNumber: 'F2026-000123',
  issuedAt: '2026-11-26T10:00:00.000Z',
  orderId: '9b2f9d3e-3c6a-4b8e-9a51-1d2c3b4a5f60',
  orderNumber: 17,
  orderDate: '2026-11-25T09:00:00.000Z',
  language: 'pl',
  seller: {
    legal: {
      legalName: 'Equivera B.V.',
      address: ['Hoefijzerweg 1', '5301 AA Zaltbommel', 'Nederland'],
      registration: 'KvK 81234567',
      vatNumber: 'NL862345678B01',
    },
    name: 'Equivera Polska',
    brandName: 'Equivera',
    domain: 'www.equivera.pl',
    customerServiceTitle: 'Obsługa klienta',
    phone: '+48 22 123 45 67',
    email: 'obsluga@equivera.pl',
  },
  customer: { firstName: 'Łucja', lastName: 'Dvořák-Põld', phoneNumber: '+48600000000', emailAddress: 'l@example.pl' },
  billingAddress: address,
  shippingAddress: { ...address, street: 'Třešňová', city: 'Ústí' },
  company: { companyName: 'Stajnia Źrebię Sp. z o.o.', vatNumber: 'PL1234567890' },
  shippingMethod: 0,
  dpdParcelShopId: null,
  paymentMethod: 'BLIK',
  vatRates: { low: 8, high: 23 },
  lines: [
    {
      productId: 1,
      productVariantId: 101,
      productType: 2,
      description: 'Müsli sportowe',
      productLabel: 'Worek · 20 kg',
      quantity: 2,
      freeQuantity: 1,
      unitAmount: 3295,
      vatRatePercentage: 8,
      totalAmount: 6590,
    },
    {
      productId: 2,
      productVariantId: 201,
      productType: 3,
      description: 'Szczotka',
      productLabel: '1 szt.',
      quantity: 1,
      freeQuantity: 0,
      unitAmount: 1500,
      vatRatePercentage: 23,
      totalAmount: 1500,
    },
  ],
  totals: {
    currency: 'PLN',
    subTotalAmount: 8090,
    orderDiscounts: [{ description: 'Rabat jesienny', promotionKey: 'autumn', amount: 500 }],
    shippingCosts: 1500,
    paymentCosts: 0,
    vatAmountLow: 488,
    vatAmountHigh: 280,
    totalAmountExclVat: 8322,
    totalAmount: 9090,
    giftCardAmount: 0,
    paymentAmount: 9090,
  },
}

describe('the invoice PDF', () => {
  it('says the invoice number, the lines, VAT per rate and the totals in the order’s language', async () => {
    const text = await pdfText(await renderInvoicePdf(INVOICE))
    for (const expected of [
      'Faktura',
      'Numer faktury',
      'F2026-000123',
      '26 listopada 2026',
      'Müsli sportowe + 1 gratis',
      'Worek · 20 kg',
      '32,95 zł',
      '65,90 zł',
      'Rabat jesienny',
      '-5,00 zł',
      'VAT 8%',
      '4,88 zł',
      'VAT 23%',
      '2,80 zł',
      'Razem netto',
      '83,22 zł',
      'Razem brutto',
      '90,90 zł',
      'BLIK',
      'Zapłacono',
      'Numer NIP: PL1234567890',
    ])
      expect(text).toContain(plainSpaces(expected))
  })

  it.each([
    ['Polish', 'Stajnia Źrebię Sp. z o.o.'],
    ['Polish', 'Żółkiewskiego 5'],
    ['Polish', '90-001 Łódź'],
    ['Czech', 'Třešňová 5'],
    ['Czech and Estonian', 'Łucja Dvořák-Põld'],
  ])('gives %s characters back as text: %s', async (_, expected) => {
    expect(await pdfText(await renderInvoicePdf(INVOICE))).toContain(expected)
  })

  it('names the pickup point instead of a delivery address, and says when there was nothing to pay', async () => {
    const text = await pdfText(
      await renderInvoicePdf({ ...INVOICE, language: 'cs', dpdParcelShopId: 'CZ12345', paymentMethod: null }),
    )
    expect(text).toContain('Výdejní místo DPD Pickup CZ12345')
    expect(text).toContain('Nic k úhradě')
    expect(text).not.toContain('Třešňová')
  })

  it('names the seller as the law asks: legal name, address, register and VAT number', async () => {
    const text = await pdfText(await renderInvoicePdf(INVOICE))
    for (const expected of ['Equivera B.V.', 'Hoefijzerweg 1', '5301 AA Zaltbommel', 'KvK 81234567'])
      expect(text).toContain(expected)
    expect(text).toContain(plainSpaces('Numer NIP: NL862345678B01'))
  })

  it('names the shop only on an invoice issued before the site had its legal details', async () => {
    const text = await pdfText(await renderInvoicePdf({ ...INVOICE, seller: { ...INVOICE.seller, legal: null } }))
    expect(text).toContain('Equivera Polska')
    expect(text).not.toContain('KvK')
  })
})
