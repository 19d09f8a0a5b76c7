import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../tests/helpers/app.ts'
import { sourceRenderer } from '../../tests/helpers/renderer.ts'

// HTTP behaviour shared by every route: compression, ETags, request ids, the error handler, graceful shutdown.
// These do not depend on the database dialect, so they run on SQLite only.

describe('HTTP behaviour', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: HOSTS.nl, ...headers } })

  it.each([
    ['zstd', zstdDecompressSync],
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses large responses with %s', async (encoding, decompress) => {
    const plain = await get('/api/Sites')
    const res = await get('/api/Sites', { 'accept-encoding': encoding })
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(JSON.parse(decompress(res.rawPayload).toString('utf8'))).toEqual(plain.json())
  })

  it('prefers zstd, then brotli, where a browser accepts several', async () => {
    for (const [accepted, chosen] of [
      ['gzip, deflate, br, zstd', 'zstd'],
      ['gzip, deflate, br', 'br'],
    ]) {
      expect((await get('/api/Sites', { 'accept-encoding': accepted! })).headers['content-encoding']).toBe(chosen)
      // A second request is answered from the response cache, compressed the same way.
      expect((await get('/api/Sites', { 'accept-encoding': accepted! })).headers['content-encoding']).toBe(chosen)
    }
  })

  it('leaves small responses uncompressed', async () => {
    const res = await get('/api/language/1', { 'accept-encoding': 'br' })
    expect(res.headers['content-encoding']).toBeUndefined()
  })

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/countries')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"/)
    const again = await get('/api/countries', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const other = await get('/api/countries', { 'if-none-match': etag, host: HOSTS.de })
    expect(other.statusCode).toBe(200)
  })

  it('varies cached responses on host, site, language and time', async () => {
    expect((await get('/api/countries')).headers.vary).toBe('Host, siteid, languageid, datetime, Accept-Encoding')
  })

  it('echoes a given request id and makes one otherwise', async () => {
    expect((await get('/api/language', { 'x-request-id': 'abc-123' })).headers['x-request-id']).toBe('abc-123')
    expect((await get('/api/language')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect((await get('/api/language', { 'x-request-id': 'bad id!' })).headers['x-request-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    )
  })

  it('reports health with the database dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' })
    expect(res.json()).toEqual({ status: 'ok', database: 'sqlite' })
  })
})

describe('errors of the server itself', () => {
  it('answers 500 with a generic message and never a stack or internal detail', async () => {
    const t = await createTestApp('sqlite')
    try {
      // Break the database under the running app: every query now fails inside a route.
      await t.database.handle.db.schema.dropTable('country_names').execute()
      const res = await t.app.inject({ method: 'GET', url: '/api/countries', headers: { host: HOSTS.nl } })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({
        status: 500,
        code: 'internal',
        message: 'An unexpected server error occurred.',
        localizedMessage: 'Er ging iets mis, probeer het later nog een keer.',
      })
      expect(res.body).not.toMatch(/country_names|sqlite|\.ts:/i)
    } finally {
      await t.close()
    }
  })
})

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections and closes the database', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    // A route for this test only: it answers when the test lets it.
    const t = await createTestApp('sqlite', {
      extend: (app) =>
        app.get('/slow', async () => {
          await gate
          return { done: true }
        }),
    })
    const { app } = t
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo

    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/slow' }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        .on('error', reject)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const closing = app.close()
    await new Promise((resolve) => setTimeout(resolve, 50))

    const refused = http.get({ port, host: '127.0.0.1', path: '/health' })
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException]
    expect(error.code).toBe('ECONNREFUSED')

    release()
    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' })
    await closing
    await expect(t.database.handle.db.selectFrom('sites').selectAll().execute()).rejects.toThrow()
    await t.database.drop()
  })
})

describe('the routes share one kind of request and reply', () => {
  // Fastify gives each encapsulated plugin Request and Reply classes of their own; answers of several classes passing
  // the shared hooks make V8's lookups there megamorphic, which cost the API a fifth of its throughput (bench/README).
  const classes = new Map<string, [object, object]>()
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      renderer: sourceRenderer(),
      extend: (app) =>
        app.addHook('onSend', (request, reply, payload, done) => {
          classes.set(request.url, [Object.getPrototypeOf(request) as object, Object.getPrototypeOf(reply) as object])
          done(null, payload)
        }),
    })
  })
  afterAll(async () => t.close())

  it('answers pages, the hot API calls and both kinds of not found with the same classes', async () => {
    const urls = [
      '/',
      '/muesli/',
      '/bestaat-niet/',
      `/api/routing/getbyurl?url=${encodeURIComponent('/klantenservice/')}`,
      '/api/sites/getbydomain?domain=www.equivera.be',
      '/api/Sites',
      '/api/language',
      '/api/nothing-here',
      '/health',
    ]
    for (const url of urls) await t.app.inject({ method: 'GET', url, headers: { host: HOSTS.nl } })
    // The pages' own API calls (made in process while rendering) are among them.
    expect([...classes.keys()]).toEqual(expect.arrayContaining([...urls, '/api/footer/1']))
    const [request, reply] = classes.get('/')!
    for (const [url, [ofRequest, ofReply]] of classes) {
      expect(ofRequest, url).toBe(request)
      expect(ofReply, url).toBe(reply)
    }
  })

  it('sends pages in zstd one after another, each whole (one compressor is kept for them)', async () => {
    // Each answer has a nonce of its own.
    const page = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""')
    for (const url of ['/', '/muesli/', '/', '/bestaat-niet/']) {
      const headers = { host: HOSTS.nl }
      const plain = await t.app.inject({ method: 'GET', url, headers })
      const zstd = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'zstd' } })
      expect(zstd.headers['content-encoding'], url).toBe('zstd')
      expect(page(zstdDecompressSync(zstd.rawPayload).toString('utf8')), url).toBe(page(plain.body))
    }
  })
})
