import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../domain/locale.ts'
import { formatLongDate } from '../../domain/long-date.ts'
import type { CatalogueProduct, ProductReview } from '../../domain/product.ts'
import { isInLanguage, languageName, reviewsFor } from '../../domain/review-languages.ts'
import { useRootData } from '../root/use-root-data.ts'
import { Stars } from './stars.tsx'
import { useHydrated } from './use-hydrated.ts'

/**
 * Reviews (title, text, 1–5 stars, language) with their average. The shopper's language comes first; a
 * review in another language says which, and carries its `lang` so it is read out in that language. Where there are
 * both, the shopper can keep to their own language.
 */
export function ProductReviews({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const [onlyOwn, setOnlyOwn] = useState(false)
  const hydrated = useHydrated()
  const language = locale.language
  const own = product.reviews.filter((r) => isInLanguage(r, language)).length
  const canFilter = own > 0 && own < product.reviews.length
  const shown = reviewsFor(product.reviews, language, canFilter && onlyOwn)
  return (
    <section className="product-section reviews" id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{t('catalogue.product.reviews')}</h2>
      {product.rating ? (
        <p className="reviews__average">
          <Stars rating={product.rating} showCount={false} />{' '}
          {t('catalogue.reviews.average', {
            average: formatNumber(product.rating.average, language).replace(/[.,]\d0$/, (m) => m.slice(0, 2)),
            count: String(product.rating.count),
          })}
        </p>
      ) : (
        <p>{t('catalogue.reviews.none')}</p>
      )}
      {canFilter && (
        <fieldset className="reviews__filter" disabled={!hydrated}>
          <legend className="visually-hidden">{t('catalogue.reviews.show')}</legend>
          <label>
            <input type="radio" name="review-language" checked={!onlyOwn} onChange={() => setOnlyOwn(false)} />
            {t('catalogue.reviews.allLanguages', { count: String(product.reviews.length) })}
          </label>
          <label>
            <input type="radio" name="review-language" checked={onlyOwn} onChange={() => setOnlyOwn(true)} />
            {t('catalogue.reviews.onlyOwn', { count: String(own) })}
          </label>
        </fieldset>
      )}
      <ul className="reviews__list">
        {shown.map((review) => (
          <li key={review.reviewId}>
            <Review review={review} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function Review({ review }: { review: ProductReview }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const foreign = !isInLanguage(review, locale.language)
  return (
    <article className="review">
      <h3 lang={review.language}>{review.title}</h3>
      <Stars rating={{ average: review.rating, count: 1 }} showCount={false} />
      {foreign && (
        <p className="review__language">
          {t('catalogue.reviews.writtenIn', { language: languageName(review.language, locale.language) })}
        </p>
      )}
      <p lang={review.language}>{review.text}</p>
      <p className="review__by">
        {t('catalogue.reviews.by', {
          author: review.author,
          date: formatLongDate(new Date(review.createdAt), locale.language),
        })}
      </p>
    </article>
  )
}
