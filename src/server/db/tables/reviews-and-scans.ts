// The account's scan results and feed advice (src/server/scans/, migration 0019); the reviews' moderation columns
// are in catalogue.ts beside the reviews. JSON columns are read and written with the domain's schemas in
// scan.repository.ts.
import type { Generated } from 'kysely'

export interface ScanResultTable {
  id: Generated<number>
  accountId: number
  siteId: number
  name: string
  type: 'rqs' | 'qs'
  /** Dates (YYYY-MM-DD). */
  receiptDate: string
  resultDate: string | null
  sampleValue: number | null
  targetValue: number | null
  average: number | null
  dryMatterPercentage: number | null
  /** JSON: nutrition values, or null. */
  nutrition: string | null
  /** Random (base64url), unique: opens the result-by-key page without an account. */
  resultKey: string
  readAt: string | null
  createdAt: string
}

export interface FeedAdviceTable {
  id: Generated<number>
  accountId: number
  siteId: number
  horseName: string
  /** JSON: the calculator's inputs (HorseAdviceInputsSchema). */
  inputs: string
  /** JSON: the advice (StoredFeedAdviceSchema). */
  advice: string
  readAt: string | null
  createdAt: string
}

export interface ReviewScanTables {
  scanResults: ScanResultTable
  feedAdvice: FeedAdviceTable
}
