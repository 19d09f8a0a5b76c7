// Where the counters live, as @fastify/rate-limit stores: Redis when REDIS_URL is set, else the database when it is
// PostgreSQL (several server processes share it), else the plugin's own memory store (the embedded default: one
// process). Each counts fixed windows: the first hit of a key starts its window.
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { Db } from '../db/database.ts'
import { countHit, type Hit } from './rate-limit.repository.ts'

/** Counts one hit of `key` in a window of `windowMs`. */
export type Counter = (key: string, windowMs: number) => Promise<Hit>

export function databaseCounter(db: Db, now: () => number = Date.now): Counter {
  return (key, windowMs) => countHit(db, key, windowMs, now())
}

export const REDIS_PREFIX = 'rate-limit:'

// Count, start the window on the first hit (or on a key that somehow lost its expiry), answer count and time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

export function redisCounter(redis: Redis, now: () => number = Date.now): Counter {
  return async (key, windowMs) => {
    const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, REDIS_PREFIX + key, windowMs)) as [number, number]
    return { count, resetAt: now() + ttl }
  }
}

/** A counter as the plugin's store; the keys already name their limit, so a route's store is the same one. */
export function storeOf(
  counter: Counter,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter(key, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now()) }),
        (error: Error) => {
          // The request goes through (skipOnError): a counter that cannot be reached must not stop the shop.
          log.error({ err: error }, 'rate-limit counter failed')
          callback(error)
        },
      )
    }

    child(): FastifyRateLimitStore {
      return this
    }
  }
}
