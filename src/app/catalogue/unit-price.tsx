// Its look comes with the catalogue's styles (catalogue.css), loaded with every page that shows catalogue parts.
import './catalogue.css'
import { useTranslation } from 'react-i18next'
import type { CurrencyCode } from '../../domain/currency.ts'
import { formatMoney } from '../../domain/locale.ts'
import type { UnitPriceCents } from '../../domain/product.ts'
import { useRootData } from '../root/use-root-data.ts'

/** The price per unit of measure (per kg, per litre), beside the price; none for products sold by the piece. */
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
