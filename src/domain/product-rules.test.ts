import { describe, expect, it } from 'vitest'
import { product, variant } from '../../tests/helpers/catalogue-fixtures.ts'
import { isOnSale, isReduced, summaryOf } from './product-rules.ts'

const TODAY = '2026-11-24'
// Recreatie Muesli in the seed: the 20 kg bag at its normal price is the cheapest, the 25 kg bag is reduced.
const leisureMuesli = product(1, {
  variants: [
    variant(101, { price: 2295, originalPrice: null }),
    variant(102, { price: 2795, originalPrice: 2995 }),
    variant(103, { package: 'bigBag', price: 59500, originalPrice: null }),
  ],
})

describe('isReduced', () => {
  it.each([
    [2795, 2995, true],
    [2295, null, false],
    [2995, 2995, false],
    [3295, 2995, false],
  ])('price %i with old price %s: %s', (price, originalPrice, reduced) => {
    expect(isReduced({ price, originalPrice })).toBe(reduced)
  })
})

describe('the sale badge follows the price shown', () => {
  it('a product with one reduced variant is on sale (the facet), but its card shows the cheapest, unreduced price without a badge', () => {
    expect(isOnSale(leisureMuesli)).toBe(true)
    const card = summaryOf(leisureMuesli, TODAY)
    expect(card.price).toBe(2295)
    expect(card.onSale).toBe(false)
    expect(card.originalPrice).toBeNull()
  })

  it('a card whose shown (cheapest) variant is reduced has the badge and the old price', () => {
    const sportMuesli = product(2, {
      variants: [
        variant(201, { price: 3295, originalPrice: 3495 }),
        variant(202, { package: 'bigBag', price: 69500, originalPrice: null }),
      ],
    })
    const card = summaryOf(sportMuesli, TODAY)
    expect(card).toMatchObject({ price: 3295, originalPrice: 3495, onSale: true })
  })

  it('an old price that is not above the price is no reduction anywhere', () => {
    const odd = product(3, { variants: [variant(301, { price: 2995, originalPrice: 2995 })] })
    expect(isOnSale(odd)).toBe(false)
    expect(summaryOf(odd, TODAY)).toMatchObject({ onSale: false, originalPrice: null })
  })

  it('a product without any reduced variant is not on sale', () => {
    expect(isOnSale(product(4))).toBe(false)
    expect(summaryOf(product(4), TODAY).onSale).toBe(false)
  })
})
