import { useTranslation } from 'react-i18next'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'

/**
 * The offline page (/offline/, /fr/offline/ …): the service worker keeps one per language and shows it for a page
 * that was never visited when there is no network. Served at another page's URL it is not hydrated (see
 * start.tsx): the router would render that other page.
 */
export function Component() {
  const { t } = useTranslation()
  return (
    <article className="content-page offline-page">
      <PageHead title={t('offline.pageTitle')} noIndex />
      <meta name="page-kind" content="offline" />
      <PageHeading>{t('offline.pageTitle')}</PageHeading>
      <p>{t('offline.pageText')}</p>
      <p>
        {/* A plain link: this page also stands in, unhydrated, for pages that could not be loaded. */}
        {/* oxlint-disable-next-line jsx-a11y/anchor-is-valid -- an empty href reloads the page it stands in for */}
        <a className="button" href="">
          {t('offline.retry')}
        </a>
      </p>
    </article>
  )
}
