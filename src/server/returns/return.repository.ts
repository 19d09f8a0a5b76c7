// Return report queries (Kysely only): the order lines an account may still report, the order line one report is
// about (its order locked on PostgreSQL, so two reports at once cannot together exceed what was delivered), the
// reports themselves and their photos' files. Rows leave as domain shapes.
import { sql, type Transaction } from 'kysely'
import {
  NOT_RETURNABLE_PRODUCT_TYPES,
  RETURNABLE_ORDER_STATUSES,
  type ReturnReason,
  type ReturnStatus,
} from '../../domain/returns.ts'
import type { OrderStatus } from '../../domain/orders.ts'
import type { Db, Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

type Trx = Transaction<Database>
type Executor = Db | Trx

/** A delivered line of a paid order of the account, with what was already reported of it. */
export interface ReturnableRow {
  orderId: string
  orderNumber: number
  orderDate: string
  /** When the order was paid: its invoice's date. */
  paidAt: string
  productId: number
  productVariantId: number
  description: string
  productLabel: string
  delivered: number
  reported: number
}

/** The delivered lines of the account's paid orders on a site, paid at or after `paidSince`, newest order first. */
export async function findReturnableRows(
  db: Executor,
  { accountId, siteId, paidSince, orderId }: { accountId: number; siteId: number; paidSince: string; orderId?: string },
): Promise<ReturnableRow[]> {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('invoices as i', 'i.orderId', 'o.id')
    .innerJoin('orderLines as l', 'l.orderId', 'o.id')
    .where('o.accountId', '=', accountId)
    .where('o.siteId', '=', siteId)
    .where('o.status', 'in', RETURNABLE_ORDER_STATUSES)
    .where('i.issuedAt', '>=', paidSince)
    .where('l.productType', 'not in', NOT_RETURNABLE_PRODUCT_TYPES)
    .groupBy(['o.id', 'o.number', 'o.createdAt', 'i.issuedAt', 'l.productVariantId'])
    .select((eb) => [
      'o.id as orderId',
      'o.number as orderNumber',
      'o.createdAt as orderDate',
      'i.issuedAt as paidAt',
      'l.productVariantId',
      eb.fn.min('l.productId').as('productId'),
      eb.fn.min('l.position').as('position'),
      eb.fn.sum<number>(sql`${sql.ref('l.quantity')} + ${sql.ref('l.freeQuantity')}`).as('delivered'),
    ])
    .orderBy('o.createdAt', 'desc')
    .orderBy('position')
  if (orderId !== undefined) query = query.where('o.id', '=', orderId)
  const rows = await query.execute()
  if (rows.length === 0) return []
  const orderIds = [...new Set(rows.map((r) => r.orderId))]
  const [names, reported] = await Promise.all([
    db
      .selectFrom('orderLines')
      .select(['orderId', 'position', 'description', 'productLabel'])
      .where('orderId', 'in', orderIds)
      .execute(),
    reportedQuantities(db, orderIds),
  ])
  const nameOf = new Map(names.map((n) => [`${n.orderId}:${n.position}`, n]))
  return rows.map((row) => {
    const name = nameOf.get(`${row.orderId}:${row.position}`)
    return {
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      orderDate: row.orderDate,
      paidAt: row.paidAt,
      productId: Number(row.productId),
      productVariantId: row.productVariantId,
      description: name?.description ?? '',
      productLabel: name?.productLabel ?? '',
      delivered: Number(row.delivered),
      reported: reported.get(`${row.orderId}:${row.productVariantId}`) ?? 0,
    }
  })
}

/** Pieces already reported per order and variant ('<order>:<variant>'). */
async function reportedQuantities(db: Executor, orderIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('returns')
    .select((eb) => ['orderId', 'productVariantId', eb.fn.sum<number>('quantity').as('quantity')])
    .where('orderId', 'in', orderIds)
    .groupBy(['orderId', 'productVariantId'])
    .execute()
  return new Map(rows.map((r) => [`${r.orderId}:${r.productVariantId}`, Number(r.quantity)]))
}

/** An order of the account on the site, locked until the transaction ends (PostgreSQL); undefined for any other. */
export async function lockAccountOrder(
  trx: Trx,
  dialect: Dialect,
  { accountId, siteId, orderId }: { accountId: number; siteId: number; orderId: string },
): Promise<{ status: OrderStatus; number: number; paidAt: string | null } | undefined> {
  let query = trx
    .selectFrom('orders as o')
    .leftJoin('invoices as i', 'i.orderId', 'o.id')
    .select(['o.status', 'o.number', 'i.issuedAt as paidAt'])
    .where('o.id', '=', orderId)
    .where('o.accountId', '=', accountId)
    .where('o.siteId', '=', siteId)
  if (dialect === 'postgres') query = query.forUpdate('o')
  return query.executeTakeFirst()
}

export interface NewReturn {
  siteId: number
  accountId: number
  orderId: string
  productVariantId: number
  quantity: number
  reason: ReturnReason
  text: string
  photo: { file: string; contentType: string; size: number } | null
  at: string
}

export async function insertReturn(trx: Trx, row: NewReturn): Promise<number> {
  const inserted = await trx
    .insertInto('returns')
    .values({
      siteId: row.siteId,
      accountId: row.accountId,
      orderId: row.orderId,
      productVariantId: row.productVariantId,
      quantity: row.quantity,
      reason: row.reason,
      text: row.text,
      photoFile: row.photo?.file ?? null,
      photoContentType: row.photo?.contentType ?? null,
      photoSize: row.photo?.size ?? null,
      status: 'received',
      createdAt: row.at,
      updatedAt: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** A report with its order's number and the product as ordered. */
export interface StoredReturn {
  id: number
  siteId: number
  accountId: number
  orderId: string
  orderNumber: number
  productVariantId: number
  description: string
  productLabel: string
  quantity: number
  reason: ReturnReason
  text: string
  photoFile: string | null
  photoContentType: string | null
  photoSize: number | null
  status: ReturnStatus
  createdAt: string
  emailAddress: string
}

/** Reports, newest first: an account's on a site, or (the back office) everyone's, by status. */
export async function findReturns(
  db: Executor,
  filter: { accountId: number; siteId: number } | { status?: ReturnStatus; limit: number } | { id: number },
): Promise<StoredReturn[]> {
  let query = db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.orderId')
    .innerJoin('accounts as a', 'a.id', 'r.accountId')
    .select([
      'r.id',
      'r.siteId',
      'r.accountId',
      'r.orderId',
      'o.number as orderNumber',
      'r.productVariantId',
      'r.quantity',
      'r.reason',
      'r.text',
      'r.photoFile',
      'r.photoContentType',
      'r.photoSize',
      'r.status',
      'r.createdAt',
      'a.emailAddress',
    ])
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
  if ('id' in filter) query = query.where('r.id', '=', filter.id)
  else if ('accountId' in filter)
    query = query.where('r.accountId', '=', filter.accountId).where('r.siteId', '=', filter.siteId)
  else {
    if (filter.status) query = query.where('r.status', '=', filter.status)
    query = query.limit(filter.limit)
  }
  const rows = await query.execute()
  if (rows.length === 0) return []
  const lines = await db
    .selectFrom('orderLines')
    .select(['orderId', 'productVariantId', 'position', 'description', 'productLabel'])
    .where('orderId', 'in', [...new Set(rows.map((r) => r.orderId))])
    .orderBy('position')
    .execute()
  const nameOf = new Map<string, { description: string; productLabel: string }>()
  for (const line of lines) {
    const key = `${line.orderId}:${line.productVariantId}`
    if (!nameOf.has(key)) nameOf.set(key, line)
  }
  return rows.map((row) => {
    const name = nameOf.get(`${row.orderId}:${row.productVariantId}`)
    return { ...row, description: name?.description ?? '', productLabel: name?.productLabel ?? '' }
  })
}

export async function countReturns(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Where the account's mails go. */
export async function findAccountEmail(db: Executor, accountId: number): Promise<string> {
  const row = await db
    .selectFrom('accounts')
    .select('emailAddress')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  return row.emailAddress
}

/** Customer service's move of a report; false when there is no such report. */
export async function setReturnStatus(db: Executor, id: number, status: ReturnStatus, at: string): Promise<boolean> {
  const result = await db.updateTable('returns').set({ status, updatedAt: at }).where('id', '=', id).executeTakeFirst()
  return result.numUpdatedRows > 0n
}
