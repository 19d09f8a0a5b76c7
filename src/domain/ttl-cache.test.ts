import { describe, expect, it } from 'vitest'
import { TtlCache } from './ttl-cache.ts'

describe('TtlCache', () => {
  it('returns a value until its time is up', () => {
    let now = 1000
    const cache = new TtlCache<string, number>(10, 2000, () => now)
    cache.set('a', 1)
    now = 2999
    expect(cache.get('a')).toBe(1)
    now = 3000
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('drops the least recently used entry when full', () => {
    const cache = new TtlCache<string, number>(2, 60_000)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.get('a')
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
  })

  it('replaces a value set again without growing', () => {
    const cache = new TtlCache<string, number>(2, 60_000)
    cache.set('a', 1)
    cache.set('a', 2)
    expect([cache.get('a'), cache.size]).toEqual([2, 1])
  })
})
