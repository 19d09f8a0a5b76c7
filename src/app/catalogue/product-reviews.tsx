import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../domain/locale.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { useRootData } from '../root/use-root-data.ts'
import { Stars } from './parts.tsx'

/** Reviews (SPEC §3: title, text, 1–5 stars, language) with their average; the shopper's language first. */
export function ProductReviews({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const date = new Intl.DateTimeFormat(locale.language, { dateStyle: 'long', timeZone: 'UTC' })
  return (
    <section className="product-section reviews" id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{t('catalogue.product.reviews')}</h2>
      {product.rating ? (
        <p className="reviews__average">
          <Stars rating={product.rating} showCount={false} />{' '}
          {t('catalogue.reviews.average', {
            average: formatNumber(product.rating.average, locale.language).replace(/[.,]\d0$/, (m) => m.slice(0, 2)),
            count: String(product.rating.count),
          })}
        </p>
      ) : (
        <p>{t('catalogue.reviews.none')}</p>
      )}
      <ul className="reviews__list">
        {product.reviews.map((review) => (
          <li key={review.reviewId} lang={review.language}>
            <article className="review">
              <h3>{review.title}</h3>
              <Stars rating={{ average: review.rating, count: 1 }} showCount={false} />
              <p>{review.text}</p>
              <p className="review__by">
                {t('catalogue.reviews.by', { author: review.author, date: date.format(new Date(review.createdAt)) })}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  )
}
