import { useTranslation } from 'react-i18next'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'

/**
 * The offline page (/offline/, /fr/offline/ …): the service worker keeps one per language and shows it for a page
 * that was never visited when there is no network.
 */
export function Component() {
  const { t } = useTranslation()
  return (
    <article className="content-page offline-page">
      <PageHead title={t('offline.pageTitle')} noIndex />
      <PageHeading>{t('offline.pageTitle')}</PageHeading>
      <p>{t('offline.pageText')}</p>
      <p>
        <button type="button" className="button" onClick={() => location.reload()}>
          {t('offline.retry')}
        </button>
      </p>
    </article>
  )
}
