import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './backoff.ts'

describe('retryDelayMs', () => {
  const backoff = { baseMs: 1000, capMs: 60_000 }

  it.each([
    [1, 0, 500],
    [1, 0.999_999, 1000],
    [2, 0, 1000],
    [3, 0.5, 3000],
    [7, 0, 30_000],
    [8, 0, 30_000],
    [1000, 0.999_999, 60_000],
  ])('after failed attempt %i with random %d waits %i ms', (attempt, random, delay) => {
    expect(retryDelayMs(attempt, backoff, () => random)).toBe(delay)
  })

  it('spreads the retries of jobs that failed together', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(4, backoff, Math.random)))
    expect(delays.size).toBeGreaterThan(10)
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(4000)
  })
})
