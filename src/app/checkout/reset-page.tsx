// `/checkout/reset/?token&userId` (without both the route sends to the checkout): a new password, then back to the
// checkout's login step with r=1.
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { AuthPage } from '../account/auth-page.tsx'
import { ResetForm } from '../account/reset-form.tsx'
import { localPath } from '../../domain/catalogue-paths.ts'
import { useRootData } from '../root/use-root-data.ts'
import { checkoutPath } from './checkout-state.ts'

export function Component() {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const navigate = useNavigate()
  const prefix = useRootData().language.pathPrefix
  const login = checkoutPath(prefix, 'login')
  return (
    <AuthPage title={t('account.auth.reset.title')}>
      <ResetForm
        token={query.get('token') ?? ''}
        userId={query.get('userId') ?? ''}
        forgotPath={localPath(prefix, 'checkout/forgot')}
        onDone={() => void navigate(`${login}?r=1`, { replace: true })}
      />
    </AuthPage>
  )
}
