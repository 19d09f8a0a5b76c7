// Its look comes with the catalogue's styles (catalogue.css), loaded with every page that shows catalogue parts.
import './catalogue.css'
import { useTranslation } from 'react-i18next'
import { useRootData } from '../root/use-root-data.ts'
import type { Freshness } from './catalogue-source.ts'

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
