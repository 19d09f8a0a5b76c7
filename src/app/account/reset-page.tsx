// `/account/reset/?token&userId` (signed out only; without both the route sends to the account): a new password,
// then the login page says it is set (r=1).
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { useRootData } from '../root/use-root-data.ts'
import { accountPath } from './access.ts'
import { AuthPage } from './auth-page.tsx'
import { ResetForm } from './reset-form.tsx'

export function Component() {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const navigate = useNavigate()
  const prefix = useRootData().language.pathPrefix
  return (
    <AuthPage title={t('account.auth.reset.title')}>
      <ResetForm
        token={query.get('token') ?? ''}
        userId={query.get('userId') ?? ''}
        forgotPath={accountPath(prefix, 'forgot')}
        onDone={() => void navigate(`${accountPath(prefix, 'login')}?r=1`, { replace: true })}
      />
    </AuthPage>
  )
}
