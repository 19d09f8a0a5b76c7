import { describe, expect, it } from 'vitest'
import { etagOf, matches } from './etag.ts'

describe('ETags', () => {
  it('are weak and change with the content', () => {
    expect(etagOf('{"a":1}')).toMatch(/^W\/"[\w-]+"$/)
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'))
  })

  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"abd"', false],
    [undefined, false],
  ])('If-None-Match %s matches W/"abc": %s', (header, expected) => {
    expect(matches(header, 'W/"abc"')).toBe(expected)
  })
})
