// `/checkout/forgot/`: the forgotten password inside the checkout; the mailed link opens `/checkout/reset/`, which
// brings the shopper back to the checkout's login step.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthPage } from '../account/auth-page.tsx'
import { ForgotForm } from '../account/forgot-form.tsx'
import { localPath } from '../../domain/catalogue-paths.ts'
import { useRootData } from '../root/use-root-data.ts'
import { checkoutPath } from './checkout-state.ts'

export function Component() {
  const { t } = useTranslation()
  const prefix = useRootData().language.pathPrefix
  return (
    <AuthPage title={t('account.auth.forgot.title')}>
      <ForgotForm resetPath={localPath(prefix, 'checkout/reset')} />
      <p>
        <Link to={checkoutPath(prefix, 'login')}>{t('account.auth.forgot.back')}</Link>
      </p>
    </AuthPage>
  )
}
