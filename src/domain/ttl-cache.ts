/**
 * A small cache with a bounded number of entries, each valid for a fixed time (short cache: 200 entries for 2 s,
 * long cache: 200 entries for 15 min). Least recently used entries go first when it is full.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>()
  readonly #maxEntries: number
  readonly #ttlMs: number
  readonly #now: () => number

  constructor(maxEntries: number, ttlMs: number, now: () => number = Date.now) {
    this.#maxEntries = maxEntries
    this.#ttlMs = ttlMs
    this.#now = now
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    if (entry.expires <= this.#now()) return undefined
    this.#entries.set(key, entry) // most recently used last
    return entry.value
  }

  set(key: K, value: V): void {
    this.#entries.delete(key)
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
    this.#entries.set(key, { value, expires: this.#now() + this.#ttlMs })
  }

  delete(key: K): void {
    this.#entries.delete(key)
  }

  clear(): void {
    this.#entries.clear()
  }

  get size(): number {
    return this.#entries.size
  }
}

/** The short and the long cache. */
export const SHORT_CACHE = { maxEntries: 200, ttlMs: 2_000 } as const
export const LONG_CACHE = { maxEntries: 200, ttlMs: 15 * 60_000 } as const
