import { useTranslation } from 'react-i18next'
import { isIndicativeCurrency, type CurrencyCode } from '../../domain/currency.ts'
import { formatMoney } from '../../domain/locale.ts'
import { useRootData } from '../root/use-root-data.ts'
import { AppLink } from './app-link.tsx'

/** An amount in the site's currency and the language's format (SPEC §9); other currencies than euro carry a mark. */
export function Price({ cents, currency }: { cents: number; currency?: CurrencyCode }) {
  const root = useRootData()
  const code = currency ?? root.currency
  return (
    <span className="price" data-indicative={isIndicativeCurrency(code) || undefined}>
      {formatMoney(cents, code, root.locale.language)}
      {isIndicativeCurrency(code) && <sup aria-hidden="true">*</sup>}
    </span>
  )
}

/** SPEC §1: prices in euros are authoritative, other currencies only indicative; said once per page where it matters. */
export function IndicativePriceNotice() {
  const { t } = useTranslation()
  const { currency, site } = useRootData()
  if (!isIndicativeCurrency(currency)) return null
  return (
    <p className="indicative-price-notice">
      * {t('price.indicative', { currency })}{' '}
      {site.currencyConversionDisclaimerLink && <AppLink link={site.currencyConversionDisclaimerLink} />}
    </p>
  )
}
