import { useTranslation } from 'react-i18next'
import { EURO_RATES, isIndicativeCurrency, toEuroCents, type CurrencyCode } from '../../domain/currency.ts'
import { formatMoney } from '../../domain/locale.ts'
import { useRootData } from '../root/use-root-data.ts'
import { AppLink } from './app-link.tsx'

/**
 * An amount in the site's currency and the language's format. In another currency than the euro it is only
 * indicative, so it carries a mark and, beside it, the euro amount that binds; a screen reader hears both
 * with what they are ("245,81 kr., vejledende beløb; 32,95 €, bindende beløb"). `euro={false}` leaves the euro amount
 * out where it would only repeat itself (the rows of a cost overview whose total shows it).
 */
export function Price({ cents, currency, euro = true }: { cents: number; currency?: CurrencyCode; euro?: boolean }) {
  const { t } = useTranslation()
  const root = useRootData()
  const code = currency ?? root.currency
  const language = root.locale.language
  const amount = formatMoney(cents, code, language)
  if (!isIndicativeCurrency(code)) return <span className="price">{amount}</span>
  if (!euro)
    return (
      <span className="price" data-indicative>
        {amount}
        <sup aria-hidden="true">*</sup>
      </span>
    )
  const binding = formatMoney(toEuroCents(cents, code), 'EUR', language)
  return (
    <span className="price" data-indicative>
      <span aria-hidden="true">
        {amount}
        <sup>*</sup> <span className="price__euro">{binding}</span>
      </span>
      <span className="visually-hidden">{t('price.both', { indicative: amount, euro: binding })}</span>
    </span>
  )
}

/** A price, after the struck-through old one when it is reduced. */
export function PriceWithOld({
  cents,
  originalCents,
  currency,
}: {
  cents: number
  originalCents: number | null
  currency: CurrencyCode
}) {
  return (
    <>
      {originalCents !== null && originalCents > cents && (
        <>
          <del>
            <Price cents={originalCents} currency={currency} />
          </del>{' '}
        </>
      )}
      <Price cents={cents} currency={currency} />
    </>
  )
}

/**
 * Prices in euros are the ones that bind, other currencies are only indicative; said once per page where it matters,
 * with the rate they are converted at.
 */
export function IndicativePriceNotice() {
  const { t } = useTranslation()
  const { currency, site, locale } = useRootData()
  if (!isIndicativeCurrency(currency)) return null
  const rate = {
    euro: formatMoney(100, 'EUR', locale.language),
    amount: formatMoney(Math.round(EURO_RATES[currency] * 100), currency, locale.language),
  }
  return (
    <p className="indicative-price-notice">
      * {t('price.indicative', { currency })} {t('price.rate', rate)}{' '}
      {site.currencyConversionDisclaimerLink && <AppLink link={site.currencyConversionDisclaimerLink} />}
    </p>
  )
}
