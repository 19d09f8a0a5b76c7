// What the warehouse or ERP changes through the back-office API or its command line. A stock update is all or
// nothing: the stock of every row, the new catalogue version of the products whose stock moved and the audit row
// commit in one transaction, and a single unknown variant refuses the whole update. Rows whose stock is already what
// they say change no product, so a daily full feed leaves the offline catalogues' next delta empty where nothing moved.
// A variant that comes back in stock (from none to some) queues its back-in-stock reminders in the same transaction.
import type {
  OrderStatusChange,
  OrderStatusUpdate,
  StockUpdate,
  StockUpdateResult,
} from '../../domain/backoffice-api.ts'
import { AppError } from '../../domain/errors.ts'
import { catalogueVersion } from '../catalogue/catalogue.repository.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { nextCatalogueVersion } from '../db/seed/catalogue-seed.repository.ts'
import { setOrderStatus, type StatusMoves } from '../orders/order.service.ts'
import { noteRestocked } from '../stock-reminders/stock-reminder.service.ts'
import {
  findVariantStock,
  insertAudit,
  lockCatalogueState,
  stampProducts,
  writeStock,
} from './backoffice.repository.ts'

/** Who made a change, for the audit trail. */
export interface BackofficeOrigin {
  action: string
  tokenFingerprint: string
  requestId: string
}

/** Sets the stock of every row, audited; throws `unknownVariants` (422) naming the ids the shop does not know. */
export async function updateStock(
  { db, dialect }: DatabaseHandle,
  rows: StockUpdate,
  origin: BackofficeOrigin,
  now = new Date(),
): Promise<StockUpdateResult> {
  return db.transaction().execute(async (trx) => {
    await lockCatalogueState(trx, dialect)
    const known = await findVariantStock(
      trx,
      rows.map((r) => r.productVariantId),
    )
    const unknown = rows.map((r) => r.productVariantId).filter((id) => !known.has(id))
    if (unknown.length > 0) {
      const ids = unknown.join(', ')
      throw new AppError('unknownVariants', 422, `Unknown product variants: ${ids}. Nothing was changed.`, { ids })
    }
    const changes = rows.map((r) => ({
      productVariantId: r.productVariantId,
      oldStock: known.get(r.productVariantId)!.stock,
      newStock: r.stock,
    }))
    const moved = rows.filter((r) => known.get(r.productVariantId)!.stock !== r.stock)
    let version: number
    if (moved.length > 0) {
      version = await nextCatalogueVersion(trx)
      await writeStock(trx, moved, now)
      await stampProducts(trx, [...new Set(moved.map((r) => known.get(r.productVariantId)!.productId))], version)
      const restocked = moved.filter((r) => known.get(r.productVariantId)!.stock <= 0 && r.stock > 0)
      await noteRestocked(
        trx,
        restocked.map((r) => r.productVariantId),
        now,
      )
    } else {
      version = (await catalogueVersion(trx)).version
    }
    const result = { updated: moved.length, rows: changes, catalogueVersion: version }
    await insertAudit(trx, { ...origin, at: now, summary: result })
    return result
  })
}

/**
 * Moves an order to sent, closed or cancelled through the order transitions, audited in the same transaction; a move
 * the transitions refuse (`orderStatusRefused`, 409) or an unknown order (404) changes nothing and writes no audit row.
 * A cancelled order gives its stock back.
 */
export async function changeOrderStatus(
  { db }: DatabaseHandle,
  moves: StatusMoves,
  orderId: string,
  { status }: OrderStatusUpdate,
  origin: BackofficeOrigin,
  now = new Date(),
): Promise<OrderStatusChange> {
  return db.transaction().execute(async (trx) => {
    const change = await setOrderStatus(trx, moves, orderId, status, 'backoffice', now)
    await insertAudit(trx, { ...origin, at: now, summary: change })
    return change
  })
}
