// Amounts, dates and links of the account's order and invoice pages, in the page's language.
import { useMemo } from 'react'
import type { CurrencyCode } from '../../domain/currency.ts'
import { formatMoney, intlLocaleOf } from '../../domain/locale.ts'
import { useRootData } from '../root/use-root-data.ts'

/** A page of the account area in a language: accountLink('fr', 'orders', id) is '/fr/account/orders/<id>/'. */
export function accountLink(prefix: string, ...segments: string[]): string {
  return [prefix ? `/${prefix}/account/` : '/account/', ...segments.map((s) => `${encodeURIComponent(s)}/`)].join('')
}

export function useAccountFormat() {
  const { language } = useRootData()
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(intlLocaleOf(language.code), { dateStyle: 'long' })
    return {
      money: (cents: number, currency: CurrencyCode) => formatMoney(cents, currency, language.code),
      date: (iso: string) => dates.format(new Date(iso)),
      link: (...segments: string[]) => accountLink(language.pathPrefix, ...segments),
    }
  }, [language.code, language.pathPrefix])
}
