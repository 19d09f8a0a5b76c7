import Fastify from 'fastify'
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD, EncodedBody, OnceBody, preferredEncoding } from './encoded-body.ts'
import { jsonWithList } from './json-bytes.ts'

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'zstd'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['zstd;q=0, br;q=0.5, gzip', 'br'],
    ['ZSTD;Q=0, BR;Q=0', 'identity'],
    ['*', 'zstd'],
    ['*, zstd;q=0', 'br'],
    ['br;q=abc, gzip', 'gzip'],
  ] as const)('answers %j with %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected)
  })
})

describe('EncodedBody', () => {
  const body = JSON.stringify({ words: Array.from({ length: 400 }, (_, i) => `word ${i % 37}`) })

  it.each([
    ['zstd', zstdDecompressSync],
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('keeps the body compressed with %s, made once', (encoding, decompress) => {
    const encoded = new EncodedBody(body)
    const bytes = encoded.encoded(encoding)
    expect(bytes.length).toBeLessThan(body.length / 4)
    expect(decompress(bytes).toString('utf8')).toBe(body)
    expect(encoded.encoded(encoding)).toBe(bytes)
  })

  it('sends a small body plain as text (one write with its headers), a large one as bytes', async () => {
    const small = JSON.stringify({ path: '/klantenservice/', hé: 'ja' })
    const app = Fastify()
    const payloads: unknown[] = []
    app.addHook('onSend', (_request, _reply, payload, done) => (payloads.push(payload), done(null, payload)))
    const bodies: Record<string, string | Buffer> = { small, 'small-bytes': Buffer.from(small), large: body }
    app.get('/:size', (request, reply) =>
      new EncodedBody(bodies[(request.params as { size: string }).size]!).send(request, reply),
    )
    try {
      const plain = await app.inject({ url: '/small' })
      expect(plain.body).toBe(small)
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(small)))
      const large = await app.inject({ url: '/large', headers: { 'accept-encoding': 'identity' } })
      expect(large.body).toBe(body)
      // Made from bytes, a small body goes out as the same text.
      expect((await app.inject({ url: '/small-bytes' })).body).toBe(small)
      expect(payloads.map((payload) => typeof payload)).toEqual(['string', 'object', 'string'])
    } finally {
      await app.close()
    }
  })

  it('gives the same weak ETag whatever the encoding, and another for other content', () => {
    const encoded = new EncodedBody(body)
    expect(encoded.etag).toMatch(/^W\/"/)
    expect(new EncodedBody(body).etag).toBe(encoded.etag)
    expect(new EncodedBody(`${body} `).etag).not.toBe(encoded.etag)
  })
})

describe('OnceBody', () => {
  // Non-ASCII text (three bytes a character in UTF-8), long enough to outgrow the shared buffer's first size.
  const long = JSON.stringify({ words: Array.from({ length: 4000 }, (_, i) => `Veulen (0–1 jaar) № ${i % 53}`) })
  const short = JSON.stringify({ term: 'hé' })

  async function sendOnce(body: string, acceptEncoding: string, method: 'GET' | 'POST' = 'POST') {
    const app = Fastify()
    app.route({ method, url: '/', handler: (request, reply) => new OnceBody(body).send(request, reply) })
    try {
      return await app.inject({ method, url: '/', headers: { 'accept-encoding': acceptEncoding } })
    } finally {
      await app.close()
    }
  }

  it.each([
    ['zstd', zstdDecompressSync],
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends a long body compressed with %s, whole', async (encoding, decompress) => {
    for (const body of [long, short.padEnd(2000, ' '), long]) {
      const res = await sendOnce(body, encoding)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(decompress(res.rawPayload).toString('utf8')).toBe(body)
    }
  })

  it('sends a body below the compression threshold as it is, with an ETag on a GET', async () => {
    const res = await sendOnce(short, 'gzip, deflate, br, zstd', 'GET')
    expect(Buffer.byteLength(short)).toBeLessThan(COMPRESS_THRESHOLD)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.body).toBe(short)
    expect(res.headers.etag).toBe(new EncodedBody(short).etag)
  })

  it('sends the body plain to a client that accepts no compression', async () => {
    const res = await sendOnce(long, 'identity')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(long)
  })
})

describe('OnceBody written when sent', () => {
  it('sends the bytes its writer gives, compressed, and a copy when plain', async () => {
    const body = JSON.stringify({ words: Array.from({ length: 400 }, (_, i) => `woord ${i % 37}`) })
    const app = Fastify()
    app.get('/', (request, reply) => new OnceBody(() => jsonWithList(body, 'results', [])).send(request, reply))
    try {
      const expected = JSON.stringify({ ...(JSON.parse(body) as object), results: [] })
      const zstd = await app.inject({ url: '/', headers: { 'accept-encoding': 'zstd' } })
      expect(zstdDecompressSync(zstd.rawPayload).toString('utf8')).toBe(expected)
      const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })
      expect(plain.body).toBe(expected)
      expect(plain.headers.etag).toBe(new EncodedBody(expected).etag)
    } finally {
      await app.close()
    }
  })
})
