// `npm run backoffice -- stock <file.json|->`: the back-office stock update from the command line, for a feed file or
// a pipe (`-` reads standard input). The same JSON as PUT /api/backoffice/stock, the same checks and the same service
// function on the database of DATABASE_URL, audited with the fingerprint 'cli'. Prints the result as JSON; exits 1
// when the update is refused (nothing changed), 2 on wrong usage or a bad document.
// `npm run backoffice -- order-status <order id> <sent|closed|cancelled>`: an order's status move, as
// PUT /api/backoffice/orders/:orderId/status does it, with the same exit codes.
// `npm run backoffice -- reviews [pending|approved|rejected]` lists reviews to moderate (pending unless named), and
// `npm run backoffice -- review-status <review id> <approved|rejected>` moderates one, as the API's review calls do.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { BackofficeOrderStatusSchema, StockUpdateSchema } from '../../domain/backoffice-api.ts'
import { ReviewStatusSchema, ReviewStatusUpdateSchema } from '../../domain/account-reviews.ts'
import { IdParamSchema } from '../../domain/ids.ts'
import { OrderIdSchema } from '../../domain/orders.ts'
import { loadConfig } from '../config.ts'
import { openDatabase, pendingMigrations, type DatabaseHandle } from '../db/database.ts'
import { ensureDatabaseOrExit } from '../db/ensure-database.ts'
import type { StatusMoves } from '../orders/order.service.ts'
import { findReviewsByStatus } from '../reviews/review.repository.ts'
import { moderateReview } from '../reviews/review.service.ts'
import { changeOrderStatus, updateStock } from './backoffice.service.ts'

const USAGE = `usage: npm run backoffice -- stock <file.json|->   (- reads the JSON from standard input)
       npm run backoffice -- order-status <order id> <sent|closed|cancelled>
       npm run backoffice -- reviews [pending|approved|rejected]
       npm run backoffice -- review-status <review id> <approved|rejected>`

function usage(): never {
  console.error(USAGE)
  process.exit(2)
}

/**
 * The command line moves an order only to sent, closed or cancelled: never to paid, which would need the invoice and
 * its mail (the sites and the mail outbox of a running app). Refused loudly should that list ever grow.
 */
const cliMoves = (database: DatabaseHandle): StatusMoves => ({
  dialect: database.dialect,
  paid: () => Promise.reject(new Error('The command line cannot move an order to paid.')),
})

const origin = (action: string) => ({ action, tokenFingerprint: 'cli', requestId: `cli-${randomUUID()}` })

/** What the command does with the database, and the line it writes to standard error after. */
function commandOf(args: string[]): (database: DatabaseHandle) => Promise<string> {
  const [command, ...rest] = args
  if (command === 'reviews') {
    const status = ReviewStatusSchema.safeParse(rest[0] ?? 'pending')
    if (!status.success || rest.length > 1) usage()
    return async (database) => {
      const reviews = await findReviewsByStatus(database.db, status.data)
      process.stdout.write(`${JSON.stringify(reviews, null, 2)}\n`)
      return `${reviews.length} ${status.data} reviews`
    }
  }
  if (command === 'review-status') {
    const id = IdParamSchema.safeParse(rest[0])
    const update = ReviewStatusUpdateSchema.safeParse({ status: rest[1] })
    if (!id.success || !update.success || rest.length !== 2) usage()
    return async (database) => {
      const change = await moderateReview(database, id.data, update.data, origin('review-status'))
      process.stdout.write(`${JSON.stringify(change, null, 2)}\n`)
      return `review ${change.reviewId}: ${change.from} → ${change.to}${change.changed ? '' : ' (unchanged)'}`
    }
  }
  if (command === 'order-status') {
    const id = OrderIdSchema.safeParse(rest[0])
    const status = BackofficeOrderStatusSchema.safeParse(rest[1])
    if (!id.success || !status.success || rest.length !== 2) usage()
    return async (database) => {
      const change = await changeOrderStatus(
        database,
        cliMoves(database),
        id.data,
        { status: status.data },
        origin('order-status'),
      )
      process.stdout.write(`${JSON.stringify(change, null, 2)}\n`)
      return `order ${change.orderNumber}: ${change.from} → ${change.to}${change.changed ? '' : ' (unchanged)'}`
    }
  }
  const [source, ...extra] = rest
  if (command !== 'stock' || !source || extra.length > 0) usage()
  let document: unknown
  try {
    document = JSON.parse(readFileSync(source === '-' ? 0 : source, 'utf8'))
  } catch (error) {
    console.error(`${source === '-' ? 'standard input' : source}: ${(error as Error).message}`)
    process.exit(2)
  }
  const rows = StockUpdateSchema.safeParse(document)
  if (!rows.success) {
    console.error(`The stock update is not valid:\n${z.prettifyError(rows.error)}`)
    process.exit(2)
  }
  return async (database) => {
    const result = await updateStock(database, rows.data, origin('stock'))
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    return `stock set for ${rows.data.length} variants, ${result.updated} changed (catalogue version ${result.catalogueVersion})`
  }
}

const run = commandOf(process.argv.slice(2))
const config = loadConfig()
await ensureDatabaseOrExit(config.DATABASE_URL)
const database = openDatabase(config.DATABASE_URL)
try {
  // A tool run beside the server does not change the schema; the server or `npm run db:migrate` does.
  const pending = await pendingMigrations(database.db)
  if (pending.length > 0)
    throw new Error(`The database lacks migrations (${pending.join(', ')}): run npm run db:migrate first.`)
  console.warn(await run(database))
} catch (error) {
  // A refusal (unknown variants, a status move the transitions refuse) or a database not ready: one line, nothing
  // changed.
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
} finally {
  await database.close()
}
