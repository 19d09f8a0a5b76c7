// What an account page shows while its call is under way or when it could not be answered.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CallState } from './use-account-call.ts'
import { accountLink } from './account-format.ts'
import { useRootData } from '../root/use-root-data.ts'

export function CallStatus({
  state,
  retry,
}: {
  state: Exclude<CallState<unknown>, { status: 'ready' }>
  retry: () => void
}) {
  const { t } = useTranslation()
  const { language } = useRootData()
  switch (state.status) {
    case 'loading':
      return <p role="status">{t('account.orders.loading')}</p>
    case 'offline':
      return (
        <p className="account-notice" role="status">
          {t('account.orders.offline')}
        </p>
      )
    case 'signedOut':
      return (
        <p className="account-notice" role="alert">
          {t('account.orders.signedOut')}{' '}
          <Link to={accountLink(language.pathPrefix, 'login')}>{t('account.orders.signIn')}</Link>
        </p>
      )
    case 'notFound':
      return (
        <p className="account-notice" role="alert">
          {t('account.orders.notFound')}{' '}
          <Link to={accountLink(language.pathPrefix, 'orders')}>{t('account.orders.backToList')}</Link>
        </p>
      )
    case 'failed':
      return (
        <p className="account-notice account-notice--error" role="alert">
          {t('account.orders.failed')}{' '}
          <button type="button" className="link-button" onClick={retry}>
            {t('account.orders.retry')}
          </button>
        </p>
      )
  }
}
