// Cart constants and small rules as a plain module (no zod), for code on a first page's critical path (the header,
// the API client, the cart page).
import type { CartLine } from './cart.ts'
import type { ProductType } from './enums.ts'

/** The header that makes a repeated request have one effect: the client-made UUID of a queued change. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** The most of one variant a cart holds (a pallet of bags is 50; silo feed is sold by the tonne, as one piece). */
export const MAX_QUANTITY = 999
/** Lines in one cart at most: a bound for storage and for every loop over a cart. */
export const MAX_LINES = 100

/** The service worker's background sync tag: it sends the queued cart changes even with no tab open. */
export const BACKGROUND_SYNC_TAG = 'cart-outbox'

/** The longest name of a roughage scan sample, and the longest discount code (their fields hold no more). */
export const SAMPLE_NAME_MAX = 80
export const DISCOUNT_CODE_MAX = 40

/** Scan products (a quick scan, a hygiene scan): each piece is a sample with a name. */
export const isSampleProduct = (productType: ProductType) => productType === 4 || productType === 5

/** A line's price of one piece before discounts, in cents. */
export const unitAmount = (line: Pick<CartLine, 'originalAmount' | 'quantity'>) =>
  Math.round(line.originalAmount / line.quantity)
