// Where an account page's data stands, said the same way on every page of this part: loading, signed out (with the
// way to sign in and come back), failed (with a retry), or the page's own content once it is there.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { localPath } from '../../domain/catalogue-paths.ts'
import { errorMessage } from '../checkout/checkout-errors.ts'
import { useRootData } from '../root/use-root-data.ts'
import { Link } from 'react-router'
import type { AccountData } from './use-account-data.ts'

export function AccountDataState<T>({
  state,
  children,
  onRetry,
}: {
  state: AccountData<T>
  children: (data: T) => ReactNode
  onRetry?: () => void
}) {
  const { t } = useTranslation()
  const { language } = useRootData()
  switch (state.status) {
    case 'loading':
      return (
        <p className="account-page__loading" role="status">
          {t('account.scans.state.loading')}
        </p>
      )
    case 'signedOut':
      return (
        <p className="account-notice" role="alert">
          {t('account.scans.state.signedOut')}{' '}
          <Link to={localPath(language.pathPrefix, 'account/login')}>{t('account.scans.state.signIn')}</Link>
        </p>
      )
    case 'error':
      return (
        <div className="account-notice" role="alert">
          <p>{errorMessage(t, state.error)}</p>
          {onRetry && (
            <button type="button" className="button button--secondary" onClick={onRetry}>
              {t('account.scans.state.retry')}
            </button>
          )}
        </div>
      )
    case 'ready':
      return children(state.data)
  }
}
