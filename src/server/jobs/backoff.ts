// When a failed job is tried again: twice as long after each failure, from `baseMs` up to `capMs`, with jitter (a
// random half of the delay) so jobs that failed together, say while a mail server was down, do not retry together.

export interface Backoff {
  baseMs: number
  capMs: number
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, capMs: 60 * 60_000 }

/** The delay after failed attempt `attempt` (1 for the first); `random` is in [0, 1). */
export function retryDelayMs(attempt: number, { baseMs, capMs }: Backoff, random: () => number): number {
  const full = Math.min(capMs, baseMs * 2 ** Math.min(attempt - 1, 30))
  return Math.round(full / 2 + (full / 2) * random())
}
