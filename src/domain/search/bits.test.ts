// Bit sets: counts over a range of words, and the range a set's documents lie in.
import { describe, expect, it } from 'vitest'
import { countBoth, setBit, wordsUsed, type Bits } from './bits.ts'

const setOf = (words: number, docs: number[]): Bits => {
  const bits = new Int32Array(words)
  for (const doc of docs) setBit(bits, doc)
  return bits
}

describe('countBoth', () => {
  const a = setOf(7, [0, 31, 32, 63, 64, 100, 150, 191, 200, 223])
  const b = setOf(7, [0, 32, 64, 100, 101, 191, 223])

  it('counts the documents in both sets', () => {
    expect(countBoth(a, b)).toBe(6)
    expect(countBoth(a, a)).toBe(10)
  })

  it('counts over a range of words, odd or even, the same as over all where the rest is empty', () => {
    // Words 0-6 hold documents 0-223: word 3 (96-127) and word 6 (192-223).
    expect(countBoth(a, b, 3, 4)).toBe(1)
    expect(countBoth(a, b, 1, 6)).toBe(4)
    expect(countBoth(a, b, 0, 7)).toBe(countBoth(a, b))
    expect(countBoth(a, b, 2, 2)).toBe(0)
  })
})

describe('wordsUsed', () => {
  it('gives the words from the first to after the last with a document', () => {
    expect(wordsUsed(setOf(7, [40, 150]))).toEqual([1, 5])
    expect(wordsUsed(setOf(7, [0, 223]))).toEqual([0, 7])
    expect(wordsUsed(setOf(7, [31]))).toEqual([0, 1])
  })

  it('gives an empty range for an empty set', () => {
    const [from, to] = wordsUsed(new Int32Array(5))
    expect(to - from).toBe(0)
  })
})
