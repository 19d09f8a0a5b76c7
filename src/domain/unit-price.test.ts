import { describe, expect, it } from 'vitest'
import { unitPriceOf } from './unit-price.ts'

describe('unit prices', () => {
  it.each([
    [
      'a 20 kg bag of feed, per kilogram',
      { productType: 2, price: 3295, weightGrams: 20000, contentMillilitres: null },
      { unit: 'kilogram', cents: 165 },
    ],
    [
      'a 500 g bag of treats, per 100 g',
      { productType: 1, price: 595, weightGrams: 500, contentMillilitres: null },
      { unit: '100gram', cents: 119 },
    ],
    [
      'a 5 l bottle, per litre',
      { productType: 1, price: 5495, weightGrams: null, contentMillilitres: 5000 },
      { unit: 'litre', cents: 1099 },
    ],
    [
      'a 500 ml bottle, per 100 ml',
      { productType: 1, price: 1495, weightGrams: null, contentMillilitres: 500 },
      { unit: '100millilitre', cents: 299 },
    ],
    [
      'a brush, per piece',
      { productType: 3, price: 995, weightGrams: 180, contentMillilitres: null },
      { unit: 'piece', cents: 995 },
    ],
    [
      'a hay analysis kit, per piece',
      { productType: 4, price: 3995, weightGrams: null, contentMillilitres: null },
      { unit: 'piece', cents: 3995 },
    ],
  ] as const)('prices %s', (_, amounts, expected) => {
    expect(unitPriceOf(amounts)).toEqual(expected)
  })

  it('gives a bundle no unit price', () => {
    expect(unitPriceOf({ productType: 6, price: 12495, weightGrams: 46000, contentMillilitres: null })).toBeNull()
  })

  it('rounds half a cent away from zero', () => {
    // 1 kg at 2.5 cents per 100 g: 0.25 cents rounds to 0; 1005 per 2 kg is 502.5 → 503
    expect(unitPriceOf({ productType: 2, price: 1005, weightGrams: 2000, contentMillilitres: null })?.cents).toBe(503)
  })
})
