// Rate limits on the routes that opt in with `config: { limit: <name> }` (rate-limits.ts): each request counts once
// per address and once per e-mail address (when its body has `emailAddress`), after the body is read and checked.
// Over a limit the answer is 429 with Retry-After and the error body `rateLimited`, whose params say in how many
// seconds and minutes to try again, for the app's message. @fastify/rate-limit does the counting in its store.
import { createHash } from 'node:crypto'
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { Redis } from 'ioredis'
import { AppError } from '../../domain/errors.ts'
import type { Config } from '../config.ts'
import type { DatabaseHandle } from '../db/database.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { deleteEndedWindows } from './rate-limit.repository.ts'
import { databaseCounter, redisCounter, storeOf } from './rate-limit-stores.ts'
import { RATE_LIMITS, type LimitName, type RateLimit, type Window } from './rate-limits.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate limit this route counts against (rate-limits.ts). */
    limit?: LimitName
  }
}

export class RateLimitedError extends AppError {
  constructor(seconds: number) {
    super('rateLimited', 429, `Too many requests; try again in ${seconds} seconds.`, {
      seconds: String(seconds),
      minutes: String(Math.max(1, Math.ceil(seconds / 60))),
    })
  }
}

/** The address as counted: trimmed and lower-cased, then hashed, so no key or log holds a customer's address. */
export function emailKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 32)
}

function bodyField(request: FastifyRequest, field: 'emailAddress' | 'giftCardNumber'): string | undefined {
  const value = (request.body as Record<string, unknown> | null | undefined)?.[field]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

const emailOf = (request: FastifyRequest) => bodyField(request, 'emailAddress')

/** A gift card number as counted: digits only (however it was typed), hashed like an e-mail address. */
function giftCardKey(request: FastifyRequest): string | undefined {
  const number = bodyField(request, 'giftCardNumber')?.replace(/[\s-]/g, '')
  return number ? createHash('sha256').update(number).digest('hex').slice(0, 32) : undefined
}

type Per = 'ip' | 'email' | 'giftCard'

/** The key a request counts under for one kind of counter; undefined: this counter does not count it. */
function keyOf(request: FastifyRequest, per: Per): string | undefined {
  if (per === 'ip') return normalizeIP(request.ip)
  if (per === 'email') {
    const address = emailOf(request)
    return address && emailKey(address)
  }
  return giftCardKey(request)
}

export interface RateLimitOptions {
  config: Config
  database: Pick<DatabaseHandle, 'db' | 'dialect'>
  /** The clock of the database store's windows (the memory and Redis stores keep their own time). */
  now?: () => number
}

/** Registers the counting (unless RATE_LIMITS=off): call before the routes, which opt in by their config. */
export async function registerRateLimits(
  app: FastifyInstance,
  { config, database, now = Date.now }: RateLimitOptions,
): Promise<void> {
  if (config.RATE_LIMITS === 'off') return
  let store
  if (config.REDIS_URL) {
    // Without a connection a count fails at once (no offline queue) and the request goes through: a Redis that is
    // down must not hold every request up. ioredis keeps reconnecting in the background.
    const redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 1000,
    })
    redis.on('error', (err) => app.log.warn({ err }, 'redis for rate limits unavailable'))
    await redis.connect().catch(() => undefined) // logged by the error listener
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect())
    })
    store = storeOf(redisCounter(redis), app.log)
  } else if (database.dialect === 'postgres') {
    store = storeOf(databaseCounter(database.db, now), app.log, now)
  }
  await app.register(fastifyRateLimit, { global: false, skipOnError: true, ...(store && { store }) })

  const counted = (name: LimitName, per: Per, window: Window) => ({
    per,
    check: app.createRateLimit({
      max: window.max,
      timeWindow: window.windowMs,
      keyGenerator: (request) => `${name}:${per}:${keyOf(request, per)!}`,
    }),
  })
  // One set of counters per limit, however many routes use it: the memory store is per counter, and a limit on two
  // routes (a card checked by either) must count them together.
  const checksOf = new Map<LimitName, ReturnType<typeof counted>[]>()
  app.addHook('onRoute', (route) => {
    const name = route.config?.limit
    if (!name) return
    const limit: RateLimit = RATE_LIMITS[name]
    let checks = checksOf.get(name)
    if (!checks) {
      checks = [
        counted(name, 'ip', limit.perIp),
        ...(limit.perEmail ? [counted(name, 'email', limit.perEmail)] : []),
        ...(limit.perGiftCard ? [counted(name, 'giftCard', limit.perGiftCard)] : []),
      ]
      checksOf.set(name, checks)
    }
    const counters = checks
    const handler: preHandlerAsyncHookHandler = async (request, reply) => {
      if (limit.onlyWith && !bodyField(request, limit.onlyWith)) return
      for (const { per, check } of counters) {
        if (keyOf(request, per) === undefined) continue
        const result = await check(request)
        if (result.isAllowed || !result.isExceeded) continue
        request.log.info({ limit: name, per }, 'rate limit reached')
        reply.header('retry-after', String(result.ttlInSeconds))
        throw new RateLimitedError(result.ttlInSeconds)
      }
    }
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), handler]
  })
}

export const RATE_LIMIT_CLEANUP_NAME = 'rate-limits.clean-up'

/** Deletes the database counters of ended windows (only the database store writes them). */
export function registerRateLimitCleanUp(jobs: JobQueue, everyMs = 10 * 60_000): void {
  jobs.repeat(RATE_LIMIT_CLEANUP_NAME, everyMs, async (_payload, { db, now }) => {
    await deleteEndedWindows(db, now.getTime())
  })
}
