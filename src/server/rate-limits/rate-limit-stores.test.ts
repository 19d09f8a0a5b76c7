// The counters that several server processes share: two apps on one PostgreSQL database, and two apps on one Redis,
// count the same requests. The database's counting itself runs on both dialects.
import { randomBytes } from 'node:crypto'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, HOSTS, type TestApp, type TestAppOptions } from '../../../tests/helpers/app.ts'
import { createTestDatabase, DIALECTS, POSTGRES_URL, type TestDatabase } from '../../../tests/helpers/database.ts'
import { buildApp, type App } from '../app.ts'
import { loadConfig } from '../config.ts'
import { migrateToLatest, openDatabase } from '../db/database.ts'
import { JobQueue } from '../jobs/job-queue.ts'
import { registerRateLimitCleanUp } from './rate-limit.plugin.ts'
import { countHit } from './rate-limit.repository.ts'
import { RATE_LIMITS } from './rate-limits.ts'

const REDIS_URL = process.env.TEST_REDIS_URL
const START = Date.parse('2026-11-25T12:00:00.000Z')

const addSignIn: TestAppOptions['extend'] = (app) => {
  app.post(
    '/api/test/signin',
    { config: { limit: 'signIn' }, schema: { body: z.object({ emailAddress: z.string() }) } },
    (_request, reply) => reply.status(204).send(),
  )
}

// Fresh addresses per run: Redis keeps its counters between test runs for as long as their window lasts.
const randomIp = () => `10.${[...randomBytes(3)].join('.')}`
const signIn = (app: App, ip: string, emailAddress = `${randomBytes(6).toString('hex')}@example.nl`) =>
  app.inject({
    method: 'POST',
    url: '/api/test/signin',
    remoteAddress: ip,
    headers: { host: HOSTS.nl },
    payload: { emailAddress },
  })

/** Sends the sign-ins of one address to two servers in turn; answers the statuses. */
async function alternate(apps: [App, App], ip: string, count: number): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) statuses.push((await signIn(apps[i % 2]!, ip)).statusCode)
  return statuses
}

const { max, windowMs } = RATE_LIMITS.signIn.perIp
const expected = [...Array<number>(max).fill(204), 429, 429]

describe.runIf(POSTGRES_URL)('rate limits of two servers on one PostgreSQL database', () => {
  const clock = { ms: START }
  let first: TestApp
  let second: App
  beforeAll(async () => {
    first = await createTestApp('postgres', { extend: addSignIn, now: () => clock.ms })
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: first.database.url, LOG_LEVEL: 'silent' })
    second = await buildApp({
      config,
      database: openDatabase(first.database.url, { poolMax: 5 }),
      logger: false,
      now: () => clock.ms,
    })
    addSignIn(second)
    await second.ready()
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
  })

  it('count the requests of one address together, and start again when the window ends', async () => {
    const ip = randomIp()
    expect(await alternate([first.app, second], ip, max + 2)).toEqual(expected)
    clock.ms += windowMs
    expect((await signIn(second, ip)).statusCode).toBe(204)
  })
})

describe.runIf(REDIS_URL)('rate limits of two servers on one Redis', () => {
  let apps: TestApp[] = []
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_URL! }
    apps = [
      await createTestApp('sqlite', { extend: addSignIn, env }),
      await createTestApp('sqlite', { extend: addSignIn, env }),
    ]
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
  })

  it('count the requests of one address together, per e-mail address too', async () => {
    const [a, b] = apps.map((t) => t.app) as [App, App]
    expect(await alternate([a, b], randomIp(), max + 2)).toEqual(expected)
    const address = `${randomBytes(6).toString('hex')}@example.nl`
    const perEmail = RATE_LIMITS.signIn.perEmail.max
    for (let i = 0; i < perEmail; i++) expect((await signIn(i % 2 ? a : b, randomIp(), address)).statusCode).toBe(204)
    const refused = await signIn(a, randomIp(), address)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('rate limits when the counters cannot be reached', () => {
  let app: TestApp
  beforeAll(async () => {
    // Nothing listens on port 9 (discard): every count fails, quickly.
    app = await createTestApp('sqlite', { extend: addSignIn, env: { REDIS_URL: 'redis://127.0.0.1:9' } })
  })
  afterAll(async () => app?.close())

  it('let requests through rather than stop the shop', async () => {
    const ip = randomIp()
    for (let i = 0; i < max + 2; i++) expect((await signIn(app.app, ip)).statusCode).toBe(204)
  })
})

describe.each(DIALECTS)('the database counters on %s', (dialect) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.handle.db)
  })
  afterAll(async () => database?.drop())

  it('lose no hit when two connections count at once', async () => {
    const other = openDatabase(database.url, { poolMax: 5 })
    try {
      const dbs = [database.handle.db, other.db]
      const counts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => countHit(dbs[i % 2]!, 'race', 60_000, START)),
      )
      expect(counts.map((c) => c.count).toSorted((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
      expect(new Set(counts.map((c) => c.resetAt))).toEqual(new Set([START + 60_000]))
    } finally {
      await other.close()
    }
  })

  it('start a new window when the last one ended, and the clean-up deletes ended windows', async () => {
    const db = database.handle.db
    expect(await countHit(db, 'window', 1000, START)).toEqual({ count: 1, resetAt: START + 1000 })
    expect(await countHit(db, 'window', 1000, START + 999)).toEqual({ count: 2, resetAt: START + 1000 })
    expect(await countHit(db, 'window', 1000, START + 1000)).toEqual({ count: 1, resetAt: START + 2000 })
    await countHit(db, 'later', 10_000, START + 1000)

    const jobs = new JobQueue(database.handle, { log: pino({ level: 'silent' }), now: () => START + 2000 })
    registerRateLimitCleanUp(jobs)
    await jobs.scheduleRepeating()
    expect(await jobs.drain()).toBe(1)
    const keys = (await db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key).toSorted()
    expect(keys).toEqual(['later', 'race'])
  })
})
