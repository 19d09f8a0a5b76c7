// Sessions (src/server/sessions/: data is JSON text, read and written with its schema in the repository) and the
// rate-limit counters kept in the database (src/server/rate-limits/).

export interface SessionTable {
  /** SHA-256 of the cookie's random id, hex; the id itself is never stored. */
  idHash: string
  siteId: number
  accountId: number | null
  data: string
  createdAt: string
  lastSeenAt: string
  /** Sliding: moved forward as the session is used, never past `absoluteExpiresAt`. */
  expiresAt: string
  absoluteExpiresAt: string
}

export interface RateLimitTable {
  key: string
  hits: number
  /** When the window ends, in epoch milliseconds (a string from PostgreSQL's bigint). */
  resetAt: number | string
}

export interface SessionTables {
  sessions: SessionTable
  rateLimits: RateLimitTable
}
