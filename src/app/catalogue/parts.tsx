// Small parts of catalogue pages: stars, badges, prices, unit prices, the freshness note.
import './catalogue.css'
import { useTranslation } from 'react-i18next'
import { STAR_RATING_SCALE } from '../../domain/catalogue-constants.ts'
import { formatMoney, formatNumber } from '../../domain/locale.ts'
import type { Rating, UnitPriceCents } from '../../domain/product.ts'
import { roundRating } from '../../domain/product-rules.ts'
import type { CurrencyCode } from '../../domain/currency.ts'
import { useRootData } from '../root/use-root-data.ts'
import type { Freshness } from './catalogue-source.ts'

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

/** A price, after the old one struck through while it is reduced (a badge says "sale" beside the same variant). */
export function UnitPrice({ unitPrice, currency }: { unitPrice: UnitPriceCents | null; currency: CurrencyCode }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  if (!unitPrice || unitPrice.unit === 'piece') return null
  return (
    <span className="unit-price">
      {formatMoney(unitPrice.cents, currency, locale.language)} {t(`catalogue.unitPrice.${unitPrice.unit}`)}
    </span>
  )
}

/** "Prices and stock as of …" on everything shown from the device's copy of the catalogue. */
export function FreshnessNote({ freshness }: { freshness: Freshness }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  if (!freshness) return null
  const time = new Intl.DateTimeFormat(locale.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(freshness.asOf),
  )
  return (
    <p className="freshness-note" role="status">
      {t('catalogue.freshness', { time })}
    </p>
  )
}

export function StateBadges({
  state,
  isNew,
  onSale,
}: {
  state: 'available' | 'comingSoon' | 'notYetAvailable'
  isNew: boolean
  onSale: boolean
}) {
  const { t } = useTranslation()
  return (
    <span className="badges">
      {onSale && <span className="badge badge--sale">{t('catalogue.badge.sale')}</span>}
      {isNew && <span className="badge badge--new">{t('catalogue.badge.new')}</span>}
      {state !== 'available' && <span className="badge badge--state">{t(`catalogue.badge.${state}`)}</span>}
    </span>
  )
}
