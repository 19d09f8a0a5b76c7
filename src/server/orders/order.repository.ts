// Order queries (Kysely only): the per-site number counter, orders and their lines, taking and giving back stock.
// Every write takes the transaction of the placement or status move it belongs to. Rows leave as domain shapes:
// addresses, company and totals parsed with their schemas.
import { sql, type Selectable, type Transaction } from 'kysely'
import { AddressSchema, CompanySchema, ShippingAddressSchema } from '../../domain/address.ts'
import type { ShippingMethod } from '../../domain/enums.ts'
import {
  OrderSchema,
  StoredOrderTotalsSchema,
  type Order,
  type OrderLine,
  type OrderStatus,
} from '../../domain/orders.ts'
import type { Db, Dialect } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import type { Database } from '../db/schema.ts'
import type { OrderTable } from '../db/tables/orders.ts'

type Trx = Transaction<Database>
type Executor = Db | Trx

const billingAddress = jsonColumn('orders', 'billingAddress', AddressSchema)
const shippingAddress = jsonColumn('orders', 'shippingAddress', ShippingAddressSchema)
const company = jsonColumn('orders', 'company', CompanySchema)
const totals = jsonColumn('orders', 'totals', StoredOrderTotalsSchema)

/**
 * The next order number of a site, counted in the placing transaction: the counter row and the order commit or roll
 * back together, so numbers have no gaps. The first order of a site makes its row (a concurrent first placement
 * conflicts on the key and takes the update path once the other commits).
 */
export async function nextOrderNumber(trx: Trx, siteId: number): Promise<number> {
  const row = await trx
    .insertInto('orderNumbers')
    .values({ siteId, lastNumber: 1 })
    .onConflict((oc) => oc.column('siteId').doUpdateSet({ lastNumber: sql`order_numbers.last_number + 1` }))
    .returning('lastNumber')
    .executeTakeFirstOrThrow()
  return Number(row.lastNumber)
}

/**
 * Takes `amount` of a variant's stock if there is that much: one conditional UPDATE, so two placements can never
 * both take the last units (the second finds the row changed and, on PostgreSQL, re-checks the condition after the
 * first commits). False when the stock does not cover it; nothing is changed then.
 */
export async function takeStock(trx: Trx, variantId: number, amount: number, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('variantStock')
    .set({ amount: sql`amount - ${amount}`, updatedAt: at.toISOString() })
    .where('variantId', '=', variantId)
    .where('amount', '>=', amount)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Gives stock back; answers the stock before and after (null when the variant has no stock row). */
export async function giveStockBack(
  trx: Trx,
  variantId: number,
  amount: number,
  at: Date,
): Promise<{ before: number; after: number } | null> {
  const row = await trx
    .updateTable('variantStock')
    .set({ amount: sql`amount + ${amount}`, updatedAt: at.toISOString() })
    .where('variantId', '=', variantId)
    .returning('amount')
    .executeTakeFirst()
  return row ? { before: row.amount - amount, after: row.amount } : null
}

/** The products of some variants, to stamp with a new catalogue version. */
export async function findProductsOfVariants(trx: Trx, variantIds: readonly number[]): Promise<number[]> {
  if (variantIds.length === 0) return []
  const rows = await trx
    .selectFrom('productVariants')
    .select('productId')
    .distinct()
    .where('id', 'in', variantIds)
    .execute()
  return rows.map((r) => r.productId)
}

/** An order as it is stored, with the hash of its key, its cart and the gift card that paid part of it. */
export interface StoredOrder extends Order {
  keyHash: string
  cartId: string
  /** The card `totals.giftCardAmount` was taken from (null without one). */
  giftCardNumber: string | null
  /** The account that placed it (signed in, or made from a guest's checkout password); null for a guest. */
  accountId: number | null
}

export async function insertOrder(trx: Trx, order: StoredOrder): Promise<void> {
  const { lines, totals: t, customer } = order
  const stored = StoredOrderTotalsSchema.parse(t)
  await trx
    .insertInto('orders')
    .values({
      id: order.orderId,
      siteId: order.siteId,
      languageId: order.languageId,
      number: order.orderNumber,
      keyHash: order.keyHash,
      status: order.status,
      statusSource: 'placement',
      cartId: order.cartId,
      emailAddress: customer.emailAddress,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phoneNumber: customer.phoneNumber,
      billingAddress: billingAddress.serialise(order.billingAddress),
      shippingAddress: shippingAddress.serialise(order.shippingAddress),
      company: order.company && company.serialise(order.company),
      shippingMethod: order.shippingMethod,
      dpdParcelShopId: order.dpdParcelShopId,
      paymentMethodId: order.paymentMethodId,
      paymentIssuer: order.paymentIssuer,
      giftCardNumber: order.giftCardNumber,
      accountId: order.accountId,
      giftCardAmount: t.giftCardAmount,
      currency: t.currency,
      totalAmount: t.totalAmount,
      totals: totals.serialise(stored),
      createdAt: order.created,
      updatedAt: order.created,
      expiresAt: order.expiresAt,
    })
    .execute()
  if (lines.length === 0) return
  await trx
    .insertInto('orderLines')
    .values(lines.map((line, position) => ({ orderId: order.orderId, position, ...line })))
    .execute()
}

const orderOfRow = (row: Selectable<OrderTable>, lines: OrderLine[]): StoredOrder => ({
  ...OrderSchema.parse({
    orderId: row.id,
    orderNumber: row.number,
    siteId: row.siteId,
    languageId: row.languageId,
    status: row.status,
    created: row.createdAt,
    expiresAt: row.expiresAt,
    customer: {
      emailAddress: row.emailAddress,
      firstName: row.firstName,
      lastName: row.lastName,
      phoneNumber: row.phoneNumber,
    },
    billingAddress: billingAddress.parse(row.billingAddress),
    shippingAddress: shippingAddress.parse(row.shippingAddress),
    company: company.parseNullable(row.company),
    shippingMethod: row.shippingMethod as ShippingMethod,
    dpdParcelShopId: row.dpdParcelShopId,
    paymentMethodId: row.paymentMethodId,
    paymentIssuer: row.paymentIssuer,
    lines,
    totals: {
      ...totals.parse(row.totals),
      giftCardAmount: row.giftCardAmount,
      paymentAmount: row.totalAmount - row.giftCardAmount,
    },
  }),
  keyHash: row.keyHash,
  cartId: row.cartId,
  giftCardNumber: row.giftCardNumber,
  accountId: row.accountId === null ? null : Number(row.accountId),
})

/**
 * An order with its lines. `lock` holds the row until the transaction ends (PostgreSQL: FOR UPDATE, so two status
 * moves of one order run one after the other; SQLite: writes already hold the database from BEGIN IMMEDIATE).
 */
export async function findOrder(db: Executor, id: string, lock?: Dialect): Promise<StoredOrder | undefined> {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id)
  const row = await (lock === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
  if (!row) return undefined
  const lines = await db
    .selectFrom('orderLines')
    .select([
      'productId',
      'productVariantId',
      'productType',
      'description',
      'productLabel',
      'quantity',
      'freeQuantity',
      'unitAmount',
      'vatRatePercentage',
      'totalAmount',
    ])
    .where('orderId', '=', id)
    .orderBy('position')
    .execute()
  return orderOfRow(row, lines as OrderLine[])
}

export async function updateOrderStatus(
  trx: Trx,
  id: string,
  change: { status: OrderStatus; source: string; at: Date; expiresAt: string | null },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      status: change.status,
      statusSource: change.source,
      updatedAt: change.at.toISOString(),
      expiresAt: change.expiresAt,
    })
    .where('id', '=', id)
    .execute()
}
