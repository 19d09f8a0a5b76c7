// The signed-in account's orders and invoices (Kysely only). Every query names the site and the account, so an order
// of another account, a guest's or another site's is never found; the rows leave as the account pages' shapes.
import { sql } from 'kysely'
import type { OrderStatus } from '../../domain/orders.ts'
import type { Db } from '../db/database.ts'

export interface AccountOrderRow {
  orderId: string
  orderNumber: number
  created: string
  status: OrderStatus
  currency: string
  totalAmount: number
  paymentMethodId: number | null
  itemCount: number
}

/** The account's orders on a site, newest first, with the pieces each holds (free ones included). */
export async function listAccountOrders(db: Db, siteId: number, accountId: number): Promise<AccountOrderRow[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('orderLines', 'orderLines.orderId', 'orders.id')
    .select([
      'orders.id as orderId',
      'orders.number as orderNumber',
      'orders.createdAt as created',
      'orders.status as status',
      'orders.currency as currency',
      'orders.totalAmount as totalAmount',
      'orders.paymentMethodId as paymentMethodId',
      sql<number>`coalesce(sum(order_lines.quantity + order_lines.free_quantity), 0)`.as('itemCount'),
    ])
    .where('orders.siteId', '=', siteId)
    .where('orders.accountId', '=', accountId)
    .groupBy([
      'orders.id',
      'orders.number',
      'orders.createdAt',
      'orders.status',
      'orders.currency',
      'orders.totalAmount',
      'orders.paymentMethodId',
    ])
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.number', 'desc')
    .execute()
  // PostgreSQL answers a sum as a bigint (a string in node-postgres).
  return rows.map((row) => ({ ...row, orderNumber: Number(row.orderNumber), itemCount: Number(row.itemCount) }))
}

/** Whether the order is the account's, on this site. */
export async function isAccountOrder(db: Db, siteId: number, accountId: number, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('siteId', '=', siteId)
    .where('accountId', '=', accountId)
    .executeTakeFirst()
  return row !== undefined
}

export interface AccountInvoiceRow {
  invoiceNumber: string
  orderId: string
  orderNumber: number
  issuedAt: string
  currency: string
  totalAmount: number
}

/** The invoices of the account's orders on a site, newest first. */
export async function listAccountInvoices(db: Db, siteId: number, accountId: number): Promise<AccountInvoiceRow[]> {
  const rows = await db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.orderId')
    .select([
      'invoices.invoiceNumber as invoiceNumber',
      'orders.id as orderId',
      'orders.number as orderNumber',
      'invoices.issuedAt as issuedAt',
      'orders.currency as currency',
      'orders.totalAmount as totalAmount',
    ])
    .where('orders.siteId', '=', siteId)
    .where('orders.accountId', '=', accountId)
    .orderBy('invoices.issuedAt', 'desc')
    .orderBy('invoices.invoiceNumber', 'desc')
    .execute()
  return rows.map((row) => ({ ...row, orderNumber: Number(row.orderNumber) }))
}
