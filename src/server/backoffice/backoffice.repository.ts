// Back-office queries (Kysely only): stock as the warehouse sets it, and the audit trail. Every write takes the
// transaction of the change it belongs to, so the stock, the products' catalogue versions and the audit row commit
// together or not at all.
import { randomUUID } from 'node:crypto'
import type { Transaction } from 'kysely'
import { AuditSummarySchema, type AuditSummary } from '../../domain/backoffice-api.ts'
import type { Db, Dialect } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import type { Database } from '../db/schema.ts'

type Trx = Transaction<Database>

/** What an audit row says about a change: a stock update or an order's status move. */
const summary = jsonColumn('backofficeAudit', 'summary', AuditSummarySchema)

/**
 * Holds the catalogue state until the transaction ends (PostgreSQL: a row lock; SQLite: writes already hold the
 * database from BEGIN IMMEDIATE). Every stock writer takes the next catalogue version through this row, so stock read
 * after the lock is what this change replaces.
 */
export async function lockCatalogueState(trx: Trx, dialect: Dialect): Promise<void> {
  const query = trx.selectFrom('catalogueState').select('version').where('id', '=', 1)
  await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow()
}

/** The variants among `ids` that exist (tombstones too), with their product and stock (a missing row is none). */
export async function findVariantStock(
  trx: Trx,
  ids: readonly number[],
): Promise<Map<number, { productId: number; stock: number }>> {
  const rows = await trx
    .selectFrom('productVariants as v')
    .leftJoin('variantStock as s', 's.variantId', 'v.id')
    .select(['v.id', 'v.productId', 's.amount'])
    .where('v.id', 'in', ids)
    .execute()
  return new Map(rows.map((r) => [r.id, { productId: r.productId, stock: r.amount ?? 0 }]))
}

/** Sets the stock of each variant (a row is added for a variant that had none). */
export async function writeStock(
  trx: Trx,
  rows: readonly { productVariantId: number; stock: number }[],
  at: Date,
): Promise<void> {
  const updatedAt = at.toISOString()
  await trx
    .insertInto('variantStock')
    .values(rows.map((r) => ({ variantId: r.productVariantId, amount: r.stock, updatedAt })))
    .onConflict((oc) => oc.column('variantId').doUpdateSet((eb) => ({ amount: eb.ref('excluded.amount'), updatedAt })))
    .execute()
}

/** Stamps products with a catalogue version: delta syncs and every server's catalogue copy read them again. */
export async function stampProducts(trx: Trx, productIds: readonly number[], version: number): Promise<void> {
  await trx.updateTable('products').set({ version }).where('id', 'in', productIds).execute()
}

export interface AuditEntry {
  /** What was done: the endpoint or command, e.g. 'stock' or 'order-status'. */
  action: string
  at: Date
  /** A short fingerprint of the token's hash ('cli' from the command line); never the token. */
  tokenFingerprint: string
  requestId: string
  summary: AuditSummary
}

export async function insertAudit(trx: Trx, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('backofficeAudit')
    .values({ ...entry, id: randomUUID(), at: entry.at.toISOString(), summary: summary.serialise(entry.summary) })
    .execute()
}

/** The audit trail, oldest first. */
export async function findAudit(db: Db): Promise<AuditEntry[]> {
  const rows = await db.selectFrom('backofficeAudit').selectAll().orderBy('at').orderBy('id').execute()
  return rows.map(({ id: _id, ...row }) => ({ ...row, at: new Date(row.at), summary: summary.parse(row.summary) }))
}
