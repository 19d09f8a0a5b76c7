import { describe, expect, it } from 'vitest'
import { keptPerKey } from './kept-per-key.ts'

describe('keptPerKey', () => {
  it('makes each key’s value once and hands back the same one after', () => {
    const made: string[] = []
    const of = keptPerKey((key: string) => (made.push(key), { key }))
    expect(of('nl')).toBe(of('nl'))
    expect(of('de')).not.toBe(of('nl'))
    expect(made).toEqual(['nl', 'de'])
  })

  it('drops what it kept when more than `max` keys come, and makes them again', () => {
    const made: number[] = []
    const of = keptPerKey((key: number) => (made.push(key), [key]), 2)
    const first = of(1)
    of(2)
    of(3)
    expect(of(1)).not.toBe(first)
    expect(made).toEqual([1, 2, 3, 1])
  })
})
