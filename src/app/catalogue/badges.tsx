// Its look comes with the catalogue's styles (catalogue.css), loaded with every page that shows catalogue parts.
import './catalogue.css'
import { useTranslation } from 'react-i18next'

/** What sets a product apart in a list or on its page: on sale, new, or not available yet. */
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
