// Sessions through HTTP: a route registered by the test reads, stores, rotates and ends the session, on both
// databases, with a clock the test moves.
import { createHash } from 'node:crypto'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HOSTS, useTestApp, type TestAppOptions } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { JobQueue } from '../jobs/job-queue.ts'
import { registerSessionCleanUp } from './session-cleanup.ts'
import { SESSION_POLICY } from './session-policy.ts'

const START = Date.parse('2026-11-25T12:00:00.000Z')
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const addSessionRoutes: TestAppOptions['extend'] = (app) => {
  app.get('/api/test/session', async (request) => ({
    data: await request.session.get(),
    accountId: await request.session.accountId(),
  }))
  app.post('/api/test/session', { schema: { body: z.record(z.string(), z.json()) } }, async (request, reply) => {
    await request.session.set(request.body)
    return reply.status(204).send()
  })
  app.post('/api/test/session/rotate', async (request, reply) => {
    await request.session.rotate()
    return reply.status(204).send()
  })
  app.post('/api/test/session/signin', async (request, reply) => {
    await request.session.rotate({ accountId: 7 })
    return reply.status(204).send()
  })
  app.post('/api/test/session/destroy', async (request, reply) => {
    await request.session.destroy()
    return reply.status(204).send()
  })
}

function useSessionApp(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const clock = { ms: START }
  const testApp = useTestApp(dialect, { extend: addSessionRoutes, now: () => clock.ms, env })
  const app = () => testApp.current().app
  const db = () => testApp.current().database.handle.db
  const send = (
    method: 'GET' | 'POST',
    url: string,
    cookie?: string,
    body?: Record<string, unknown>,
    host: string = HOSTS.nl,
  ) => app().inject({ method, url, headers: { host, ...(cookie && { cookie }) }, ...(body !== undefined && { body }) })
  /** Stores `data` in a new session; answers the cookie header that carries it and the Set-Cookie. */
  const start = async (data: Record<string, unknown> = { cart: 'abc' }) => {
    const res = await send('POST', '/api/test/session', undefined, data)
    expect(res.statusCode, res.body).toBe(204)
    const set = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid')!
    return { cookie: `${set.name}=${set.value}`, set }
  }
  const read = async (cookie?: string, host?: string) => {
    const res = await send('GET', '/api/test/session', cookie, undefined, host)
    expect(res.statusCode, res.body).toBe(200)
    return { res, body: res.json<{ data: Record<string, unknown>; accountId: number | null }>() }
  }
  const rows = () => db().selectFrom('sessions').selectAll().execute()
  return {
    app,
    db,
    send,
    start,
    read,
    rows,
    advance: (ms: number) => (clock.ms += ms),
    resetClock: () => (clock.ms = START),
    now: () => clock.ms,
  }
}

/** The raw id inside a signed cookie value `<id>.<signature>`. */
const idOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1, cookie.lastIndexOf('.'))
const cleared = (res: { cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] }) =>
  res.cookies.some(
    (c) => c.name === 'sid' && c.value === '' && (c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now())),
  )

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  const { send, start, read, rows, db, advance, resetClock, now } = useSessionApp(dialect)

  it('makes no session and sets no cookie for a request that stores nothing', async () => {
    const sites = await send('GET', '/api/sites')
    expect(sites.headers['set-cookie']).toBeUndefined()
    expect(sites.headers['cache-control']).toMatch(/^public/)
    const { res, body } = await read()
    expect(body).toEqual({ data: {}, accountId: null })
    expect(res.headers['set-cookie']).toBeUndefined()
    // An answer that asked for the session is never cached, even an anonymous one.
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('keeps the data on the server under a signed cookie of 256 random bits, stored only as its hash', async () => {
    resetClock()
    const { cookie, set } = await start({ cart: 'abc', step: 2 })
    expect(set).toMatchObject({ name: 'sid', httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(set.secure).toBeFalsy()
    expect(set.domain).toBeUndefined()
    expect(set.maxAge).toBe(SESSION_POLICY.absoluteMs / 1000)
    const id = idOf(cookie)
    expect(Buffer.from(id, 'base64url')).toHaveLength(32)
    expect(SESSION_POLICY.idBytes * 8).toBeGreaterThanOrEqual(128)

    const row = (await rows()).find((r) => r.idHash === createHash('sha256').update(id).digest('hex'))
    expect(row).toMatchObject({ accountId: null, createdAt: new Date(START).toISOString() })
    expect(JSON.parse(row!.data)).toEqual({ cart: 'abc', step: 2 })
    for (const r of await rows()) expect(JSON.stringify(r)).not.toContain(id)

    const { res, body } = await read(cookie)
    expect(body.data).toEqual({ cart: 'abc', step: 2 })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('gives every session its own id', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 10; i++) ids.add(idOf((await start()).cookie))
    expect(ids.size).toBe(10)
  })

  it('stores into the same session when there is one', async () => {
    const { cookie } = await start({ a: 1 })
    const before = (await rows()).length
    const res = await send('POST', '/api/test/session', cookie, { a: 2 })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect((await rows()).length).toBe(before)
    expect((await read(cookie)).body.data).toEqual({ a: 2 })
  })

  it.each([
    ['a changed signature', (c: string) => `${c.slice(0, -2)}xx`],
    ['a changed id', (c: string) => c.replace(/=(.)/, (_, first: string) => (first === 'A' ? '=B' : '=A'))],
    ['the id without its signature', (c: string) => `sid=${idOf(c)}`],
    ['garbage', () => 'sid=%%%not-a-cookie'],
  ])('treats a cookie with %s as no session and clears it', async (_, tamper) => {
    const { cookie } = await start({ secret: 'x' })
    const { res, body } = await read(tamper(cookie))
    expect(body.data).toEqual({})
    expect(cleared(res)).toBe(true)
  })

  it('treats an unknown id, signed correctly, as no session', async () => {
    const { cookie } = await start()
    await db().deleteFrom('sessions').execute()
    const { res, body } = await read(cookie)
    expect(body.data).toEqual({})
    expect(cleared(res)).toBe(true)
  })

  it("does not know a session on another site's host", async () => {
    const { cookie } = await start({ site: 'nl' })
    expect((await read(cookie, HOSTS.de)).body.data).toEqual({})
    expect((await read(cookie)).body.data).toEqual({ site: 'nl' })
  })

  it('rotates to a new id with the same data; the old id stops working', async () => {
    const { cookie } = await start({ cart: 'r' })
    const res = await send('POST', '/api/test/session/rotate', cookie)
    const set = res.cookies.find((c) => c.name === 'sid')!
    const rotated = `sid=${set.value}`
    expect(idOf(rotated)).not.toBe(idOf(cookie))
    expect((await read(rotated)).body.data).toEqual({ cart: 'r' })
    const old = await read(cookie)
    expect(old.body.data).toEqual({})
    expect(cleared(old.res)).toBe(true)
  })

  it('signs in with a new id, the account and the signed-in lifetimes', async () => {
    resetClock()
    const { cookie } = await start({ cart: 's' })
    advance(DAY)
    const res = await send('POST', '/api/test/session/signin', cookie)
    const set = res.cookies.find((c) => c.name === 'sid')!
    expect(set.maxAge).toBe(SESSION_POLICY.signedInAbsoluteMs / 1000)
    const signedIn = `sid=${set.value}`
    expect((await read(signedIn)).body).toEqual({ data: { cart: 's' }, accountId: 7 })
    expect((await read(cookie)).body.accountId).toBeNull()
    const hash = createHash('sha256').update(idOf(signedIn)).digest('hex')
    const row = (await rows()).find((r) => r.idHash === hash)!
    expect(row.absoluteExpiresAt).toBe(new Date(now() + SESSION_POLICY.signedInAbsoluteMs).toISOString())
  })

  it('makes a session on sign-in when there was none', async () => {
    const res = await send('POST', '/api/test/session/signin')
    const set = res.cookies.find((c) => c.name === 'sid')!
    expect((await read(`sid=${set.value}`)).body).toEqual({ data: {}, accountId: 7 })
  })

  it('ends a session: the row is gone and the cookie cleared', async () => {
    const { cookie } = await start()
    const hash = createHash('sha256').update(idOf(cookie)).digest('hex')
    const res = await send('POST', '/api/test/session/destroy', cookie)
    expect(cleared(res)).toBe(true)
    expect((await rows()).some((r) => r.idHash === hash)).toBe(false)
    expect((await read(cookie)).body.data).toEqual({})
  })

  it('slides the idle expiry with use, writing it at most every few minutes', async () => {
    resetClock()
    const { cookie } = await start({ k: 'slide' })
    const hash = createHash('sha256').update(idOf(cookie)).digest('hex')
    const row = async () => (await rows()).find((r) => r.idHash === hash)!
    advance(SESSION_POLICY.touchEveryMs - MINUTE)
    await read(cookie)
    expect((await row()).lastSeenAt).toBe(new Date(START).toISOString())
    advance(2 * MINUTE)
    await read(cookie)
    expect((await row()).lastSeenAt).toBe(new Date(now()).toISOString())
    expect((await row()).expiresAt).toBe(new Date(now() + SESSION_POLICY.idleMs).toISOString())
    // Used every 29 days it lives on past 30 days…
    for (let day = 29; day < 87; day += 29) {
      advance(29 * DAY)
      expect((await read(cookie)).body.data).toEqual({ k: 'slide' })
    }
    // …but never past its absolute end, 90 days after it was made.
    resetClock()
    advance(SESSION_POLICY.absoluteMs)
    const late = await read(cookie)
    expect(late.body.data).toEqual({})
    expect(cleared(late.res)).toBe(true)
  })

  it('ends a session unused for longer than the idle time', async () => {
    resetClock()
    const { cookie } = await start({ k: 'idle' })
    advance(SESSION_POLICY.idleMs - MINUTE)
    expect((await read(cookie)).body.data).toEqual({ k: 'idle' })
    advance(SESSION_POLICY.idleMs)
    expect((await read(cookie)).body.data).toEqual({})
  })

  it('deletes expired sessions in the repeating clean-up and keeps live ones', async () => {
    resetClock()
    await db().deleteFrom('sessions').execute()
    const { cookie: old } = await start({ k: 'old' })
    advance(SESSION_POLICY.idleMs - DAY)
    const { cookie: recent } = await start({ k: 'recent' })
    advance(2 * DAY)
    const jobs = new JobQueue({ db: db(), dialect }, { log: pino({ level: 'silent' }), now })
    registerSessionCleanUp(jobs)
    await jobs.scheduleRepeating()
    expect(await jobs.drain()).toBe(1)
    const left = (await rows()).map((r) => r.idHash)
    const hashOf = (c: string) => createHash('sha256').update(idOf(c)).digest('hex')
    expect(left).toEqual([hashOf(recent)])
    expect(left).not.toContain(hashOf(old))
  })
})

describe('the session cookie in production', () => {
  const { start } = useSessionApp('sqlite', {
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    SESSION_SECRET: 'production-test-secret-0123456789abcdefghijkl',
    BACKOFFICE_TOKEN: 'production-test-back-office-token-0123456789',
  })

  it('is a __Host- cookie: Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const { set } = await start()
    expect(set).toMatchObject({ name: '__Host-sid', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(set.domain).toBeUndefined()
  })
})
