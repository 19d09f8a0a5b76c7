// Its look comes with the catalogue's styles (catalogue.css), loaded with every page that shows catalogue parts.
import './catalogue.css'
import { useTranslation } from 'react-i18next'
import { STAR_RATING_SCALE } from '../../domain/catalogue-constants.ts'
import { formatNumber } from '../../domain/locale.ts'
import type { Rating } from '../../domain/product.ts'
import { roundRating } from '../../domain/product-rules.ts'
import { useRootData } from '../root/use-root-data.ts'

/** Stars for a rating, read out as "4.5 of 5 stars". */
export function Stars({ rating, showCount = true }: { rating: Rating; showCount?: boolean }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const rounded = roundRating(rating.average)
  const label = t('catalogue.rating.label', {
    average: formatNumber(rating.average, locale.language).replace(/[.,]00$/, ''),
    max: String(STAR_RATING_SCALE),
  })
  return (
    <span className="stars" role="img" aria-label={label}>
      <span className="stars__icons" aria-hidden="true">
        {Array.from({ length: STAR_RATING_SCALE }, (_, i) => (
          <span
            key={i}
            className={i + 1 <= rounded ? 'star star--full' : i + 0.5 === rounded ? 'star star--half' : 'star'}
          >
            ★
          </span>
        ))}
      </span>
      {showCount && <span className="stars__count">({rating.count})</span>}
    </span>
  )
}
