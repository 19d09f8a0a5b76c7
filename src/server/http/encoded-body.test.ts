import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { EncodedBody, preferredEncoding } from './encoded-body.ts'

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

  it('gives the same weak ETag whatever the encoding, and another for other content', () => {
    const encoded = new EncodedBody(body)
    expect(encoded.etag).toMatch(/^W\/"/)
    expect(new EncodedBody(body).etag).toBe(encoded.etag)
    expect(new EncodedBody(`${body} `).etag).not.toBe(encoded.etag)
  })
})
