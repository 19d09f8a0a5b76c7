// Return reports of accounts (src/server/returns/, migration 0018).
import type { Generated } from 'kysely'
import type { ReturnReason, ReturnStatus } from '../../../domain/returns.ts'

export interface ReturnTable {
  id: Generated<number>
  siteId: number
  accountId: number
  orderId: string
  productVariantId: number
  quantity: number
  reason: ReturnReason
  text: string
  /** The photo's random file name in UPLOAD_DIR/returns, or null without a photo. */
  photoFile: string | null
  /** Found from the file's first bytes: image/jpeg, image/png or image/webp. */
  photoContentType: string | null
  photoSize: number | null
  status: ReturnStatus
  createdAt: string
  updatedAt: string
}

export interface ReturnTables {
  returns: ReturnTable
}
