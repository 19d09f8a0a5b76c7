import { describe, expect, it } from 'vitest'
import { allowedTypos, editDistance } from './distance.ts'
import { fold, stem, terms, words } from './text.ts'

describe('fold and words', () => {
  it.each([
    ['Müsli', 'musli'],
    ['Weißes Gras', 'weisses gras'],
    ['Ærø Ølstykke', 'aero olstykke'],
    ['Łąka', 'laka'],
    ['CAFÉ', 'cafe'],
  ])('%s folds to %s', (text, folded) => {
    expect(fold(text)).toBe(folded)
  })

  it('splits on anything but letters and digits, and bounds odd input', () => {
    expect(words('Sport-müsli, 20 kg!')).toEqual(['sport', 'musli', '20', 'kg'])
    expect(words('🐴🐴 \u0000 <script>')).toEqual(['script'])
    expect(words('a '.repeat(500))).toHaveLength(64)
    expect(words('x'.repeat(10_000))).toEqual([])
  })
})

describe('stem', () => {
  it.each([
    ['nl', 'brokken', 'brok'],
    ['nl', 'brok', 'brok'],
    ['nl', 'dekens', 'dek'],
    ['nl', 'deken', 'dek'],
    ['nl', 'hoeven', 'hoef'],
    ['nl', 'paarden', 'paard'],
    ['nl', 'snoepjes', 'snoep'],
    ['de', 'pferde', 'pferd'],
    ['de', 'pferden', 'pferd'],
    ['en', 'supplies', 'supply'],
    ['en', 'horses', 'hors'],
    ['en', 'horse', 'horse'],
    ['da', 'hestene', 'hest'],
    ['sv', 'hastarna', 'hast'], // folded first: 'hästarna'
    ['fr-FR', 'chevaux', 'chev'],
    ['pl', 'koniami', 'koni'],
    ['nl', '20', '20'],
    ['nl', 'hooi', 'hooi'],
  ] as const)('%s %s → %s', (language, word, expected) => {
    expect(stem(word, language)).toBe(expected)
  })

  it('stems singular and plural alike', () => {
    expect(terms('Paard', 'nl')).toEqual(terms('paarden', 'nl'))
    expect(terms('Pferd', 'de')).toEqual(terms('Pferde', 'de'))
  })
})

describe('editDistance', () => {
  it.each([
    ['muesli', 'muesli', 0],
    ['muesly', 'muesli', 1],
    ['mueslis', 'muesli', 1],
    ['meusli', 'muesli', 1], // a swap is one typo
    ['hoof', 'roof', 1],
    ['abc', 'xyz', 3],
  ])('%s ~ %s is %i', (a, b, distance) => {
    expect(editDistance(a, b, 3)).toBe(distance)
  })

  it('stops early past the maximum', () => {
    expect(editDistance('supplement', 'alfalfa', 1)).toBe(2)
  })

  it.each([
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
  ])('allows a word of %i letters %i typos', (length, typos) => {
    expect(allowedTypos(length)).toBe(typos)
  })
})
