// The attempt to place an order: its Idempotency-Key and the cart it is for, written to the device BEFORE the call
// goes out. Should the answer be lost (a timeout, the network gone, the page reloaded mid-call), the next try sends the
// same key and the server answers the one order it placed instead of placing another. Kept with the checkout's drafts,
// so placing the order (clearDrafts) ends it too; checked on read like every draft.
import { z } from 'zod'
import { IdempotencyKeySchema } from '../../domain/cart-api.ts'
import { CartIdSchema } from '../../domain/cart.ts'
import { clearDraft, readDraft, saveDraft } from './checkout-drafts.ts'

const FORM = 'order-attempt'
/** The server keeps a key's answer 7 days (src/server/cart/idempotency.ts); an older key would place anew. */
export const ATTEMPT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

export const OrderAttemptSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
  cartId: CartIdSchema,
  startedAt: z.iso.datetime(),
})
export type OrderAttempt = z.infer<typeof OrderAttemptSchema>

/** Where attempts are kept: the device's drafts; tests give their own. */
export interface AttemptStore {
  read(siteId: number): Promise<OrderAttempt | null>
  /** Answers whether it was kept (storage may be full); the attempt goes on either way. */
  save(siteId: number, attempt: OrderAttempt): Promise<boolean>
  clear(siteId: number): Promise<void>
}

export const deviceAttempts: AttemptStore = {
  async read(siteId, now = Date.now()) {
    const values = await readDraft(siteId, FORM).catch(() => null)
    const attempt = OrderAttemptSchema.safeParse(values)
    if (!attempt.success) return null
    if (now - Date.parse(attempt.data.startedAt) > ATTEMPT_MAX_AGE_MS) {
      await clearDraft(siteId, FORM).catch(() => undefined)
      return null
    }
    return attempt.data
  },
  save: (siteId, attempt) => saveDraft(siteId, FORM, attempt),
  clear: (siteId) => clearDraft(siteId, FORM).catch(() => undefined),
}

export const newAttempt = (cartId: string): OrderAttempt => ({
  idempotencyKey: crypto.randomUUID(),
  cartId,
  startedAt: new Date().toISOString(),
})
