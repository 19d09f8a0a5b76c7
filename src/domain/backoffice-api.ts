// The back-office API's requests and answers: what the warehouse or ERP sends the shop, one definition for the
// server's validation and for the command line that sends the same documents.
import { z } from 'zod'
import { ReviewStatusChangeSchema } from './account-reviews.ts'
import { FeedAdviceStoredSchema, ScanResultStoredSchema } from './account-scans.ts'
import { IdSchema } from './ids.ts'
import { OrderIdSchema, OrderStatusSchema } from './orders.ts'

/** At most this many rows per stock update: one transaction, and a body well under the API's size limit. */
export const MAX_STOCK_ROWS = 1000

/** Stock is a count of packs: a whole number, never below zero, within the database's integer column. */
export const StockAmountSchema = z.number().int().min(0).max(2_147_483_647)

export const StockRowSchema = z.strictObject({ productVariantId: IdSchema, stock: StockAmountSchema })

/** A stock update: 1 to 1,000 rows, each variant at most once (two rows for one variant would contradict). */
export const StockUpdateSchema = z
  .array(StockRowSchema)
  .min(1, 'At least one row is needed.')
  .max(MAX_STOCK_ROWS, `At most ${MAX_STOCK_ROWS} rows are allowed.`)
  .superRefine((rows, ctx) => {
    const seen = new Set<number>()
    rows.forEach((row, index) => {
      if (seen.has(row.productVariantId)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'productVariantId'],
          message: `Variant ${row.productVariantId} appears more than once.`,
        })
      }
      seen.add(row.productVariantId)
    })
  })
export type StockUpdate = z.infer<typeof StockUpdateSchema>

/** What a stock update did: per row the stock before and after. */
export const StockUpdateResultSchema = z.object({
  updated: z.number().int().min(0),
  rows: z.array(z.object({ productVariantId: IdSchema, oldStock: StockAmountSchema, newStock: StockAmountSchema })),
  /** The catalogue version the change was stamped with: the offline catalogue sees it from its next sync on. */
  catalogueVersion: z.number().int().positive(),
})
export type StockUpdateResult = z.infer<typeof StockUpdateResultSchema>

/** The statuses the warehouse or ERP sets: it ships, completes or cancels an order; payments move the others. */
export const BackofficeOrderStatusSchema = z.enum(['sent', 'closed', 'cancelled'])
export const OrderStatusUpdateSchema = z.strictObject({ status: BackofficeOrderStatusSchema })
export type OrderStatusUpdate = z.infer<typeof OrderStatusUpdateSchema>

/** What a status move did: from and to, and whether anything changed (asked for the status it had: no). */
export const OrderStatusChangeSchema = z.object({
  orderId: OrderIdSchema,
  orderNumber: z.number().int().positive(),
  from: OrderStatusSchema,
  to: OrderStatusSchema,
  changed: z.boolean(),
})
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>

/** What an audit row says about a change: a stock update, an order's status move, a review's moderation, a scan
 * result or feed advice stored for an account (its key left out: it opens the result). */
export const AuditSummarySchema = z.union([
  StockUpdateResultSchema,
  OrderStatusChangeSchema,
  ReviewStatusChangeSchema,
  ScanResultStoredSchema.omit({ resultKey: true }),
  FeedAdviceStoredSchema,
])
export type AuditSummary = z.infer<typeof AuditSummarySchema>
