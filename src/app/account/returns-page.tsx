// /account/returns/ and /account/returns/{productVariantId}/ (spec §2 account-returns): the account's return reports
// with the products it may still report, and the report form for one product. Signed-in only (the route's handle);
// a session that ended meanwhile gets the sign-in link instead of the data.
import './returns.css'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { localPath } from '../../domain/catalogue-paths.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { ReturnForm } from './return-form.tsx'
import { ReturnsOverview } from './returns-overview.tsx'
import { useReturns, type ReturnsState } from './use-returns.ts'

export function Component() {
  const { t } = useTranslation()
  const { site } = useRootData()
  const { productVariantId } = useParams()
  const { state, reload, refresh } = useReturns()
  const variantId = productVariantId === undefined ? null : Number(productVariantId)
  const title = variantId === null ? t('account.returns.title') : t('account.returns.form.title')
  return (
    <article className="returns">
      <PageHead title={`${title} | ${site.brandName}`} noIndex />
      <PageHeading>{title}</PageHeading>
      <Status state={state} reload={reload} />
      {state.status === 'ready' &&
        (variantId === null ? (
          <ReturnsOverview reports={state.reports} returnable={state.returnable} />
        ) : (
          <ReturnForm
            key={variantId}
            lines={state.returnable.filter((line) => line.productVariantId === variantId)}
            onSent={refresh}
          />
        ))}
    </article>
  )
}

function Status({ state, reload }: { state: ReturnsState; reload: () => void }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  switch (state.status) {
    case 'loading':
      return (
        <p className="returns__notice" role="status">
          {t('account.returns.loading')}
        </p>
      )
    case 'offline':
      return (
        <div className="returns__notice" role="status">
          <p>{t('account.returns.offline')}</p>
          <button type="button" className="button button--secondary button--small" onClick={reload}>
            {t('account.returns.retry')}
          </button>
        </div>
      )
    case 'signedOut':
      return (
        <p className="returns__notice returns__notice--error" role="alert">
          <Link to={localPath(language.pathPrefix, 'account/login')}>{t('errors.notSignedIn')}</Link>
        </p>
      )
    case 'error':
      return (
        <div className="returns__notice returns__notice--error" role="alert">
          <p>{t('account.returns.loadFailed')}</p>
          <button type="button" className="button button--secondary button--small" onClick={reload}>
            {t('account.returns.retry')}
          </button>
        </div>
      )
    case 'ready':
      return null
  }
}
