// Cart constants as a plain module (no zod), for code on the first page's critical path (the header, the API client).

/** The header that makes a repeated request have one effect: the client-made UUID of a queued change. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
