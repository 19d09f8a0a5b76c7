// The signed-in account's orders and invoices (account-order.routes.ts): the list rows, an order's detail as the
// guest view answers it plus its payment method's name and invoice, and the owner's invoice PDF. An order that is not
// the account's on this site is answered exactly as a missing one (404 orderNotFound), as the guest view does for a
// wrong key, so the API never tells whether another's order exists.
import type { AccountInvoice, AccountOrder, AccountOrderSummary } from '../../domain/account-orders.ts'
import { accountInvoicePath } from '../../domain/account-orders.ts'
import type { CurrencyCode } from '../../domain/currency.ts'
import type { DatabaseHandle } from '../db/database.ts'
import type { RequestScope } from '../http/scope.ts'
import type { InvoiceService } from '../invoices/invoice.service.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import type { OrderPayments } from './order-payment.ts'
import { findOrder } from './order.repository.ts'
import { orderNotFound } from './order.service.ts'
import { isAccountOrder, listAccountInvoices, listAccountOrders } from './account-order.repository.ts'
import { OrderSchema } from '../../domain/orders.ts'

export interface AccountOrderServices {
  database: DatabaseHandle
  invoices: InvoiceService
  orderPayments: OrderPayments
}

/** The method's name as the site calls it; none for an order with nothing to pay through a provider. */
function methodName(site: SiteRecord, paymentMethodId: number | null, totalAmount: number): string | null {
  if (totalAmount === 0 || paymentMethodId === null) return null
  return site.paymentMethods.find((m) => m.paymentMethodId === paymentMethodId)?.name ?? null
}

export class AccountOrderService {
  readonly #services: AccountOrderServices

  constructor(services: AccountOrderServices) {
    this.#services = services
  }

  get #db() {
    return this.#services.database.db
  }

  async list(scope: RequestScope, accountId: number): Promise<AccountOrderSummary[]> {
    const rows = await listAccountOrders(this.#db, scope.site.id, accountId)
    return rows.map(({ paymentMethodId, currency, ...row }) => ({
      ...row,
      currency: currency as CurrencyCode,
      paymentMethod: methodName(scope.site, paymentMethodId, row.totalAmount),
    }))
  }

  async get(scope: RequestScope, accountId: number, orderId: string): Promise<AccountOrder> {
    await this.#owned(scope, accountId, orderId)
    let order = await findOrder(this.#db, orderId)
    if (!order) throw orderNotFound(orderId)
    if (order.status === 'open') {
      // As the guest view: the payer may be back before the webhook, so ask the provider first.
      await this.#services.orderPayments.refresh(orderId)
      order = (await findOrder(this.#db, orderId)) ?? order
    }
    const invoiceNumber = (await this.#services.invoices.numberOf(orderId)) ?? null
    return {
      // The schema leaves the stored-only fields (the key's hash, the cart, the gift card's number) out.
      ...OrderSchema.parse(order),
      paymentMethod: methodName(scope.site, order.paymentMethodId, order.totals.totalAmount),
      invoiceNumber,
      invoiceUrl: invoiceNumber === null ? null : accountInvoicePath(orderId),
    }
  }

  /** The invoice PDF of one of the account's orders: 404 when it is not the account's, 409 before it is paid. */
  async invoicePdf(scope: RequestScope, accountId: number, orderId: string) {
    await this.#owned(scope, accountId, orderId)
    return this.#services.invoices.pdf(scope, orderId)
  }

  async invoices(scope: RequestScope, accountId: number): Promise<AccountInvoice[]> {
    const rows = await listAccountInvoices(this.#db, scope.site.id, accountId)
    return rows.map((row) => ({
      ...row,
      currency: row.currency as CurrencyCode,
      invoiceUrl: accountInvoicePath(row.orderId),
    }))
  }

  async #owned(scope: RequestScope, accountId: number, orderId: string): Promise<void> {
    if (!(await isAccountOrder(this.#db, scope.site.id, accountId, orderId))) throw orderNotFound(orderId)
  }
}
