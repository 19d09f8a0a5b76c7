import { useTranslation } from 'react-i18next'
import type { RootData } from '../root/root.data.ts'

/** Orders with a Dutch address are only possible on the Dutch site; said on every other shop site. */
export function DutchAddressNotice({ data }: { data: RootData }) {
  const { t } = useTranslation()
  if (data.isDutchSite || data.site.type === 2) return null
  const dutch = data.switcher.find((option) => option.isDutchSite)
  return (
    <p className="dutch-address-notice">
      {t('localization.dutchAddressNotice')}{' '}
      {dutch && (
        <a href={dutch.href} lang="nl">
          {t('localization.goToDutchSite')}
        </a>
      )}
    </p>
  )
}
