// Invoices of paid orders. `paid` runs in the transaction that moves an order to paid, whatever moved it (a payment's
// webhook or refresh, an order with nothing to pay, the back office; see StatusMoves in orders/order.service.ts):
// it counts the site's next invoice number of the year, freezes the invoice's content (the order's lines, totals and
// addresses, and the seller's details as they are now) and queues the payment-received mail with the invoice link. All
// of it commits with the paid status or not at all, so a refused or rolled-back move leaves no number used, and an
// order has one invoice however often its payment is reported (an order becomes paid once; the invoice row's key is
// the order besides).
//
// The PDF is drawn from the frozen content on every request (invoice-pdf.ts): a few kilobytes of JSON per invoice
// instead of a PDF with its font subset, and a layout fix reaches every invoice, while what the invoice says can no
// longer change.
import type { Transaction } from 'kysely'
import { AppError } from '../../domain/errors.ts'
import { formatInvoiceNumber, type InvoiceContent } from '../../domain/invoices.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { DatabaseHandle } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { RequestScope } from '../http/scope.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { StoredOrder } from '../orders/order.repository.ts'
import { orderKeyOf, orderNotFound } from '../orders/order.service.ts'
import type { SiteDirectory, SiteRecord } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'
import { orderPaid } from './invoice-mail.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'
import { findInvoice, findInvoiceNumber, insertInvoice, nextInvoiceNumber } from './invoice.repository.ts'

type Trx = Transaction<Database>

/** The invoice's address: on the site's own domain, with the order key (the same check as the order's). */
export function invoiceUrl(origin: string, orderId: string, orderKey: string): string {
  return `${origin}/api/orders/${orderId}/invoice?${new URLSearchParams({ key: orderKey }).toString()}`
}

export interface InvoiceServices {
  database: DatabaseHandle
  sites: SiteDirectory
  mail: Pick<MailService, 'queueMail'>
  publicUrl: URL
  /** SESSION_SECRET: the mail's link carries the order's key (orders/order.service.ts orderKeyOf). */
  secret: string
}

export class InvoiceService {
  readonly #services: InvoiceServices

  constructor(services: InvoiceServices) {
    this.#services = services
  }

  /** An order became paid in `trx`: issue its invoice and queue the payment-received mail (see above). */
  paid = async (trx: Trx, order: StoredOrder, now: Date): Promise<void> => {
    if (await findInvoice(trx, order.orderId)) return
    const site = this.#services.sites.byId(order.siteId)
    if (!site) throw new Error(`Order ${order.orderId} is of site ${order.siteId}, which does not exist`)
    const language = languageOf(site, order.languageId)
    const year = now.getUTCFullYear()
    const number = await nextInvoiceNumber(trx, site.id, year)
    const content = frozenContent(site, language, order, formatInvoiceNumber(year, number), now)
    await insertInvoice(trx, { orderId: order.orderId, siteId: site.id, year, number, content })
    await this.#queueMail(trx, site, content, now)
  }

  /**
   * Rendered inside the transaction, as the confirmation is, since it names the invoice number counted there. The
   * link is on the site's own domain: a webhook has no request to take it from, so it is the site's domain for the
   * public address (a .localhost domain in development, the production domain otherwise).
   */
  async #queueMail(trx: Trx, site: SiteRecord, invoice: InvoiceContent, now: Date) {
    const { publicUrl, secret, mail } = this.#services
    const origin = originFor(site, publicUrl.hostname, publicUrl)
    const layout = mailLayout(site, invoice.language, origin)
    const url = invoiceUrl(origin, invoice.orderId, orderKeyOf(secret, invoice.orderId))
    const rendered = await renderMail(layout, orderPaid(layout, invoice, url))
    await mail.queueMail(
      trx,
      {
        dedupeKey: `order:${invoice.orderId}:paid`,
        kind: 'order-paid',
        site,
        language: invoice.language,
        to: invoice.customer.emailAddress,
        rendered,
      },
      now,
    )
  }

  /** The printed number of an order's invoice, if it has one. */
  async numberOf(orderId: string): Promise<string | undefined> {
    return findInvoiceNumber(this.#services.database.db, orderId)
  }

  /**
   * The PDF of an order of the request's site whose key was checked by the caller (OrderService.get): 409
   * `orderNotPaid` before the order is paid.
   */
  async pdf(scope: RequestScope, orderId: string): Promise<{ invoiceNumber: string; pdf: Buffer }> {
    const invoice = await findInvoice(this.#services.database.db, orderId)
    if (invoice && invoice.siteId !== scope.site.id) throw orderNotFound(orderId)
    if (!invoice) throw new AppError('orderNotPaid', 409, `Order ${orderId} is not paid yet: it has no invoice.`)
    return { invoiceNumber: invoice.content.invoiceNumber, pdf: await renderInvoicePdf(invoice.content) }
  }
}

function languageOf(site: SiteRecord, languageId: number): LanguageCode {
  return (site.languages.find((l) => l.languageId === languageId) ?? site.languages[0]!).code
}

function frozenContent(
  site: SiteRecord,
  language: LanguageCode,
  order: StoredOrder,
  invoiceNumber: string,
  now: Date,
): InvoiceContent {
  const languageId = site.languages.find((l) => l.code === language)?.languageId ?? site.fallbackLanguageId
  return {
    invoiceNumber,
    issuedAt: now.toISOString(),
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    orderDate: order.created,
    language,
    seller: {
      legal: site.seller,
      name: site.name,
      brandName: site.brandName,
      domain: site.primaryDomain,
      customerServiceTitle: site.texts.get(languageId)?.customerServiceTitle ?? '',
      phone: site.customerServicePhone,
      email: site.customerServiceEmailAddress,
    },
    customer: order.customer,
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    company: order.company,
    shippingMethod: order.shippingMethod,
    dpdParcelShopId: order.dpdParcelShopId,
    paymentMethod:
      order.totals.totalAmount === 0
        ? null
        : (site.paymentMethods.find((m) => m.paymentMethodId === order.paymentMethodId)?.name ?? null),
    vatRates: { low: site.vatPercentageLow, high: site.vatPercentageHigh },
    lines: order.lines,
    totals: order.totals,
  }
}
