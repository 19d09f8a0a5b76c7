// An invoice as a PDF (pdfkit), drawn from its frozen content in the order's language: the seller, the invoice and
// order numbers and dates, the addresses (company and VAT number when given), the lines, the costs and discounts, the
// VAT per rate and the totals, and how it was paid. Text is set in DejaVu Sans (fonts/, embedded as a subset): the
// standard PDF fonts only know WinAnsi, which has no ą, ł, ě or ő.
import { readFileSync } from 'node:fs'
import PdfKitDocument from 'pdfkit'
import { recipientName, type Address } from '../../domain/address.ts'
import type { InvoiceContent } from '../../domain/invoices.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { formatMoney, intlLocaleOf } from '../../domain/locale.ts'
import { translate } from '../i18n.ts'
import type nl from '../../../locales/nl.json'

/** 'title', 'vatAmount', …: every text of the `invoice` section of the Dutch source (the locale tests check the rest). */
export type InvoiceTextKey = keyof (typeof nl)['invoice']

export const invoiceText = (language: LanguageCode, key: InvoiceTextKey, params: Record<string, string> = {}) =>
  translate(language, `invoice.${key}`, params)

const fonts = {
  regular: readFileSync(new URL('fonts/DejaVuSans.ttf', import.meta.url)),
  bold: readFileSync(new URL('fonts/DejaVuSans-Bold.ttf', import.meta.url)),
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 50
const WIDTH = A4.width - 2 * MARGIN
const MUTED = '#5b6168'
const INK = '#1f2326'

/** The lines table: the product gets what the numbers leave. */
const COLUMNS = [
  { key: 'product', width: 150, align: 'left' },
  { key: 'package', width: 80, align: 'left' },
  { key: 'quantity', width: 45, align: 'right' },
  { key: 'unitPrice', width: 85, align: 'right' },
  { key: 'vat', width: 45, align: 'right' },
  { key: 'lineTotal', width: 90, align: 'right' },
] as const satisfies readonly { key: InvoiceTextKey; width: number; align: 'left' | 'right' }[]

const addressLines = (a: Address) => [
  `${a.street} ${a.streetNumber}${a.streetNumberAddition ? ` ${a.streetNumberAddition}` : ''}`,
  `${a.zipcode} ${a.city}`,
]

export function formatPercent(rate: number, language: LanguageCode): string {
  return Intl.NumberFormat(intlLocaleOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100)
}

/** A date as the order's language writes it (UTC: the invoice's year is the UTC year it was issued in). */
export function formatDate(iso: string, language: LanguageCode): string {
  return Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
}

/** The invoice as PDF bytes. */
export function renderInvoicePdf(invoice: InvoiceContent): Promise<Buffer> {
  const { language, seller, totals } = invoice
  const t = (key: InvoiceTextKey, params: Record<string, string> = {}) => invoiceText(language, key, params)
  const money = (cents: number) => formatMoney(cents, totals.currency, language)
  const percent = (rate: number) => formatPercent(rate, language)
  const date = (iso: string) => formatDate(iso, language)

  const doc = new PdfKitDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    info: {
      Title: `${t('title')} ${invoice.invoiceNumber}`,
      Author: seller.name,
      Subject: `${t('orderNumber')} ${invoice.orderNumber}`,
      CreationDate: new Date(invoice.issuedAt),
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('regular', fonts.regular)
  doc.registerFont('bold', fonts.bold)

  // The seller, and the invoice's title and numbers on the right.
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(seller.brandName, MARGIN, MARGIN, { width: WIDTH / 2 })
  doc.font('regular').fontSize(9).fillColor(MUTED)
  // Who sells, as the law asks an invoice to name them (legal name, address, register, VAT number), then how to reach
  // the shop. An invoice issued before the site had its legal details names the shop only.
  const legal = seller.legal
  const sellerLines = legal
    ? [
        legal.legalName,
        ...legal.address,
        legal.registration,
        `${t('vatNumber')}: ${legal.vatNumber}`,
        seller.domain,
        seller.phone,
        seller.email,
      ]
    : [seller.name, seller.domain, seller.customerServiceTitle, seller.phone, seller.email]
  for (const line of sellerLines) if (line) doc.text(line, { width: WIDTH / 2 })
  const sellerBottom = doc.y

  const right = MARGIN + WIDTH / 2
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(t('title'), right, MARGIN, { width: WIDTH / 2, align: 'right' })
  doc.fontSize(9)
  const facts: [string, string][] = [
    [t('invoiceNumber'), invoice.invoiceNumber],
    [t('date'), date(invoice.issuedAt)],
    [t('orderNumber'), String(invoice.orderNumber)],
    [t('orderDate'), date(invoice.orderDate)],
    [t('paymentMethod'), invoice.paymentMethod ?? t('nothingToPay')],
    [t('status'), t('paid')],
  ]
  for (const [label, value] of facts) {
    const y = doc.y
    doc
      .font('regular')
      .fillColor(MUTED)
      .text(label, right, y, { width: WIDTH / 4 })
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, right + WIDTH / 4, y, { width: WIDTH / 4, align: 'right' })
  }

  // The addresses: billing (with company and VAT number) and delivery or the pickup point.
  const top = Math.max(sellerBottom, doc.y) + 24
  const name = `${invoice.customer.firstName} ${invoice.customer.lastName}`
  const billing = [
    ...(invoice.company ? [invoice.company.companyName] : []),
    ...(invoice.company?.vatNumber ? [`${t('vatNumber')}: ${invoice.company.vatNumber}`] : []),
    name,
    ...addressLines(invoice.billingAddress),
    invoice.customer.emailAddress,
  ]
  const pickup = invoice.dpdParcelShopId !== null
  const delivery = pickup
    ? [t('pickupPoint', { id: invoice.dpdParcelShopId! }), name]
    : [recipientName(invoice.shippingAddress, name), ...addressLines(invoice.shippingAddress)]
  const block = (title: string, lines: string[], x: number) => {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(title, x, top, { width: WIDTH / 2 - 10 })
    doc.font('regular').fontSize(10)
    for (const line of lines) doc.text(line, { width: WIDTH / 2 - 10 })
    return doc.y
  }
  const addressBottom = Math.max(
    block(t('billingTitle'), billing, MARGIN),
    block(pickup ? t('pickupTitle') : t('deliveryTitle'), delivery, right),
  )

  // The lines.
  let y = addressBottom + 24
  const row = (cells: string[], { bold = false } = {}) => {
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(INK)
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]!.width - 6 }))
    const height = Math.max(...heights)
    if (y + height > A4.height - MARGIN - 20) {
      doc.addPage()
      y = MARGIN
    }
    let x = MARGIN
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!
      doc.text(cell, x, y, { width: column.width - 6, align: column.align })
      x += column.width
    })
    y += height + 4
  }
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + WIDTH, y - 2)
      .lineWidth(0.5)
      .strokeColor('#d9dcd6')
      .stroke()
    y += 2
  }
  row(
    COLUMNS.map((c) => t(c.key)),
    { bold: true },
  )
  rule()
  for (const line of invoice.lines)
    row([
      line.freeQuantity > 0
        ? `${line.description} ${t('free', { quantity: String(line.freeQuantity) })}`
        : line.description,
      line.productLabel,
      String(line.quantity),
      money(line.unitAmount),
      percent(line.vatRatePercentage),
      money(line.totalAmount),
    ])
  rule()

  // The totals, right-aligned under the amounts.
  y += 6
  const sums: { label: string; value: string; bold?: boolean }[] = [
    { label: t('subtotal'), value: money(totals.subTotalAmount) },
    ...totals.orderDiscounts.map((d) => ({ label: d.description, value: money(-d.amount) })),
    { label: t('shipping'), value: money(totals.shippingCosts) },
    ...(totals.paymentCosts > 0 ? [{ label: t('paymentCosts'), value: money(totals.paymentCosts) }] : []),
    { label: t('totalExclVat'), value: money(totals.totalAmountExclVat) },
    { label: t('vatAmount', { rate: percent(invoice.vatRates.low) }), value: money(totals.vatAmountLow) },
    { label: t('vatAmount', { rate: percent(invoice.vatRates.high) }), value: money(totals.vatAmountHigh) },
    { label: t('totalInclVat'), value: money(totals.totalAmount), bold: true },
  ]
  const labelX = MARGIN + WIDTH / 2
  for (const sum of sums) {
    if (y > A4.height - MARGIN - 40) {
      doc.addPage()
      y = MARGIN
    }
    doc
      .font(sum.bold ? 'bold' : 'regular')
      .fontSize(sum.bold ? 11 : 10)
      .fillColor(INK)
    doc.text(sum.label, labelX, y, { width: WIDTH / 4 + 20 })
    doc.text(sum.value, labelX + WIDTH / 4 + 20, y, { width: WIDTH / 4 - 20, align: 'right' })
    y = doc.y + 3
  }

  // Questions: the site's customer service.
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t('contact', { phone: seller.phone, email: seller.email }), MARGIN, y + 24, { width: WIDTH })
  doc.end()
  return done
}
