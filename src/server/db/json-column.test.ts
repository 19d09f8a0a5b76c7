import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonColumn } from './json-column.ts'

const column = jsonColumn('products', 'image', z.object({ name: z.string(), views: z.array(z.string()).default([]) }))

describe('a JSON column', () => {
  it('reads a good row as its domain shape, defaults applied', () => {
    expect(column.parse('{"name":"muesli"}')).toEqual({ name: 'muesli', views: [] })
  })

  it('reads SQL NULL as null where the column may be NULL', () => {
    expect(column.parseNullable(null)).toBeNull()
    expect(column.parseNullable('{"name":"muesli","views":["front"]}')).toEqual({ name: 'muesli', views: ['front'] })
  })

  it.each([
    ['malformed JSON', '{"name":', /^Bad row in products\.image: the text is not JSON$/],
    ['the wrong shape', '{"name":7}', /^Bad row in products\.image: .*name/],
    ['JSON null in a column that is not nullable', 'null', /^Bad row in products\.image: /],
  ])('refuses %s, naming table and column', (_, text, message) => {
    expect(() => column.parse(text)).toThrow(message)
  })

  it('writes what it reads back', () => {
    const value = { name: 'hay', views: ['front', 'detail'] }
    expect(column.parse(column.serialise(value))).toEqual(value)
  })
})
