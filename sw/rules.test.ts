import { describe, expect, it } from 'vitest'
import { cacheNames, isCacheable, offlinePathFor } from './rules.ts'

const response = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : 'x', { status, headers })

describe('isCacheable', () => {
  it.each([
    ['a plain 200', response(200), true],
    ['a public, cacheable 200', response(200, { 'cache-control': 'public, max-age=900' }), true],
    ['no-store', response(200, { 'cache-control': 'no-store' }), false],
    ['private', response(200, { 'cache-control': 'private, max-age=60' }), false],
    ['an answer that sets a cookie', response(200, { 'set-cookie': 'session=1' }), false],
    ['an answer that varies by Authorization', response(200, { vary: 'Host, Authorization' }), false],
    ['a page that varies by Cookie (the consent banner)', response(200, { vary: 'Accept-Encoding, Cookie' }), true],
    ['a 404', response(404), false],
    ['a 500', response(500), false],
  ])('%s: %s', (_name, candidate, expected) => {
    expect(isCacheable(candidate)).toBe(expected)
  })
})

describe('offlinePathFor', () => {
  it.each([
    ['/', '/offline/'],
    ['/klantenservice/', '/offline/'],
    ['/fr/service-clients/', '/fr/offline/'],
  ])('%s uses %s', (path, expected) => {
    expect(offlinePathFor(path)).toBe(expected)
  })
})

describe('cacheNames', () => {
  it('keeps every site’s caches apart by host', () => {
    const nl = cacheNames('equivera-nl.localhost')
    const be = cacheNames('equivera-be.localhost')
    for (const key of Object.keys(nl) as (keyof typeof nl)[]) expect(nl[key]).not.toBe(be[key])
  })
})
