// JSON written as bytes from pieces: the same text JSON.stringify writes.
import { describe, expect, it } from 'vitest'
import { JsonBytes, jsonWithList } from './json-bytes.ts'

describe('JsonBytes', () => {
  it.each([0, 7, 10, 99, 100, 1_234_567, Number.MAX_SAFE_INTEGER, -3, 0.5, 1e21])('writes the number %d', (n) => {
    expect(new JsonBytes().text('[').number(n).text(']').done().toString('utf8')).toBe(JSON.stringify([n]))
  })

  it('begins each answer at the start, and grows for a large one, keeping what was written', () => {
    const long = 'Veulen (0–1 jaar) № '.repeat(10_000)
    const first = new JsonBytes().text('"').text(long).text('"').done().toString('utf8')
    expect(first).toBe(JSON.stringify(long))
    expect(new JsonBytes().text('{}').done().toString('utf8')).toBe('{}')
  })
})

describe('jsonWithList', () => {
  const items = [{ name: 'Sport Müsli', price: 1995 }, { name: 'Veulen (0–1 jaar)' }, {}]
  const bytes = items.map((item) => Buffer.from(JSON.stringify(item)))

  it('writes the object with the list last, the items copied in as they were written', () => {
    const head = { totalCount: 3, label: 'haver – €' }
    const written = jsonWithList(JSON.stringify(head), 'results', bytes)
    expect(JSON.parse(written.toString('utf8'))).toEqual({ ...head, results: items })
  })

  it('writes an empty list, and a list into an empty object', () => {
    expect(jsonWithList('{"totalCount":0}', 'results', []).toString('utf8')).toBe('{"totalCount":0,"results":[]}')
    expect(jsonWithList('{}', 'products', bytes.slice(0, 1)).toString('utf8')).toBe(
      `{"products":[${JSON.stringify(items[0])}]}`,
    )
  })

  it('writes an answer larger than the scratch buffer whole', () => {
    const many = Array.from({ length: 3000 }, () => bytes[1]!)
    const written = jsonWithList('{"n":1}', 'results', many)
    expect(JSON.parse(written.toString('utf8'))).toEqual({ n: 1, results: many.map(() => items[1]) })
  })
})
