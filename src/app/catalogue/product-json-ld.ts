// schema.org Product data for search engines: name, description, image, brand, SKU and GTIN, the offer of the chosen
// variant (price in the site's currency, availability), and the rating with the reviews.
import { productImageUrl } from '../../domain/product-images.ts'
import type { CatalogueProduct } from '../../domain/product.ts'

export function productJsonLd(product: CatalogueProduct, productVariantId: number, origin: string, path: string) {
  const variant = product.variants.find((v) => v.productVariantId === productVariantId) ?? product.variants[0]!
  const availability =
    product.state === 'comingSoon' || product.state === 'notYetAvailable'
      ? 'https://schema.org/PreOrder'
      : variant.stock > 0
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock'
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.shortDescription,
    image: product.image.views.map((view) => `${origin}${productImageUrl(product.image.name, view, 1280)}`),
    sku: variant.articleNumber,
    ...(variant.ean ? { gtin13: variant.ean } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    category: product.productGroup,
    offers: {
      '@type': 'Offer',
      url: `${origin}${path}`,
      priceCurrency: product.currency,
      price: (variant.price / 100).toFixed(2),
      availability,
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(product.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: product.reviews.slice(0, 5).map((review) => ({
            '@type': 'Review',
            name: review.title,
            reviewBody: review.text,
            inLanguage: review.language,
            datePublished: review.createdAt,
            author: { '@type': 'Person', name: review.author },
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  }
}

/** JSON for a <script> element: '<' escaped so no text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
