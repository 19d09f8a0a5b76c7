// `/account/forgot/`: ask for a link to choose a new password (signed out only).
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useRootData } from '../root/use-root-data.ts'
import { accountPath } from './access.ts'
import { AuthPage } from './auth-page.tsx'
import { ForgotForm } from './forgot-form.tsx'

export function Component() {
  const { t } = useTranslation()
  const { language } = useRootData()
  return (
    <AuthPage title={t('account.auth.forgot.title')}>
      <ForgotForm resetPath={accountPath(language.pathPrefix, 'reset')} />
      <p>
        <Link to={accountPath(language.pathPrefix, 'login')}>{t('account.auth.forgot.back')}</Link>
      </p>
    </AuthPage>
  )
}
