import { describe, expect, it } from 'vitest'
import { product, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import { productJsonLd, scriptJson } from './product-json-ld.ts'

describe('schema.org product data', () => {
  const withVariants = product(1, {
    rating: { average: 4.4, count: 2 },
    reviews: [
      {
        reviewId: 1,
        title: 'Top',
        text: 'Mijn paard eet het graag elke dag',
        rating: 5,
        language: 'nl',
        author: 'A.',
        createdAt: '2025-01-01',
      },
    ],
    variants: [variant(101, { price: 2995, stock: 5, ean: '8719874400107' }), variant(102, { price: 69500, stock: 0 })],
  })

  it('offers the chosen variant with its price, currency and availability', () => {
    const data = productJsonLd(withVariants, 102, 'https://www.equivera.nl', '/muesli/product-1/eq-102/')
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: 'EQ-102',
      offers: {
        price: '695.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/OutOfStock',
        url: 'https://www.equivera.nl/muesli/product-1/eq-102/',
      },
    })
    expect(productJsonLd(withVariants, 101, '', '/').offers.availability).toBe('https://schema.org/InStock')
    expect(productJsonLd(withVariants, 101, '', '/')).toMatchObject({ gtin13: '8719874400107' })
  })

  it('has absolute image URLs, the rating and the reviews', () => {
    const data = productJsonLd(withVariants, 101, 'https://www.equivera.nl', '/')
    expect(data.image).toHaveLength(3)
    expect(data.image[0]).toMatch(/^https:\/\/www\.equivera\.nl\/images\/products\/.+-front-1280\.webp$/)
    expect(data).toMatchObject({
      aggregateRating: { ratingValue: 4.4, reviewCount: 2 },
      review: [{ name: 'Top', inLanguage: 'nl' }],
    })
  })

  it('marks products that cannot be ordered yet as pre-order', () => {
    expect(productJsonLd({ ...withVariants, state: 'comingSoon' }, 101, '', '/').offers.availability).toBe(
      'https://schema.org/PreOrder',
    )
  })

  it('can never close its script element', () => {
    expect(scriptJson({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})
