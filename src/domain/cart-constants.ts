// Cart constants as a plain module (no zod), for code on the first page's critical path (the header, the API client).

/** The header that makes a repeated request have one effect: the client-made UUID of a queued change. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** The most of one variant a cart holds (a pallet of bags is 50; silo feed is sold by the tonne, as one piece). */
export const MAX_QUANTITY = 999
/** Lines in one cart at most: a bound for storage and for every loop over a cart. */
export const MAX_LINES = 100

/** The service worker's background sync tag: it sends the queued cart changes even with no tab open. */
export const BACKGROUND_SYNC_TAG = 'cart-outbox'
