import { describe, expect, it } from 'vitest'
import { loadCatalogueSeed, loadCatalogueTexts } from './catalogue-data.ts'
import { catalogueProblems, Ean13Schema } from './catalogue-template.ts'

describe('the seed catalogue', () => {
  const seed = loadCatalogueSeed()
  const texts = loadCatalogueTexts()

  it('has about 60 products with about 150 variants, of every product type', () => {
    expect(seed.products.length).toBeGreaterThanOrEqual(55)
    const variants = seed.products.flatMap((p) => p.variants)
    expect(variants.length).toBeGreaterThanOrEqual(140)
    expect(new Set(seed.products.map((p) => p.type))).toEqual(
      new Set(['simple', 'feed', 'merchandise', 'rqs', 'qs', 'bundle']),
    )
    expect(seed.products.some((p) => p.state === 'comingSoon')).toBe(true)
    expect(seed.products.some((p) => p.state === 'notYetAvailable')).toBe(true)
    expect(variants.some((v) => v.originalPriceCents !== null)).toBe(true)
  })

  it('sells products on every brand', () => {
    for (const brand of ['equivera', 'paddockpure', 'muehldorfer'] as const)
      expect(seed.products.filter((p) => p.brands.includes(brand)).length).toBeGreaterThan(10)
  })

  it('is consistent: known keys, unique ids, bundles and nutrition where they belong, texts for everything', () => {
    expect(catalogueProblems(seed, texts)).toEqual([])
  })

  it('has texts in Dutch and English at least', () => {
    expect(texts.map((t) => t.language)).toEqual(expect.arrayContaining(['nl', 'en']))
  })

  it.each([
    ['8712345678906', true],
    ['8712345678903', false],
    ['871234567890', false],
  ])('checks the EAN-13 check digit of %s', (ean, valid) => {
    expect(Ean13Schema.safeParse(ean).success).toBe(valid)
  })
})
