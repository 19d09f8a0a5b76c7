// The login page (`/account/login/`, signed out only). Its query says why the visitor is here (spec §2): `i=1` sign in
// to go on, `s=1` signed out, `a=1` the account is activated, `r=1` a new password is set, `e` a message of the
// caller's own, shown as text (never as HTML). After signing in the visitor goes back where they came from
// (`returnUrl`, a path of this site only), else to the account.
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useRootData } from '../root/use-root-data.ts'
import { accountPath, RETURN_PARAM, safeReturnPath } from './access.ts'
import { AuthPage, Notice } from './auth-page.tsx'
import { SignInForm } from './sign-in-form.tsx'

const MAX_ERROR_TEXT = 300

export function Component() {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const navigate = useNavigate()
  const { language } = useRootData()
  const prefix = language.pathPrefix
  const back = safeReturnPath(query.get(RETURN_PARAM))
  const errorText = query.get('e')?.slice(0, MAX_ERROR_TEXT).trim()
  return (
    <AuthPage title={t('account.auth.login.title')}>
      {query.get('i') === '1' && <Notice kind="info">{t('account.auth.login.flagInfo')}</Notice>}
      {back && query.get('i') !== '1' && <Notice kind="info">{t('account.auth.login.flagInfo')}</Notice>}
      {query.get('s') === '1' && <Notice kind="success">{t('account.auth.login.flagSuccess')}</Notice>}
      {query.get('a') === '1' && <Notice kind="success">{t('account.auth.login.flagActivated')}</Notice>}
      {query.get('r') === '1' && <Notice kind="success">{t('account.auth.login.flagReset')}</Notice>}
      {errorText && <Notice kind="error">{errorText}</Notice>}
      <SignInForm
        forgotPath={accountPath(prefix, 'forgot')}
        onSignedIn={() => void navigate(back ?? accountPath(prefix), { replace: true })}
      />
      <ul className="auth-links">
        <li>
          {t('account.auth.login.noAccount')}{' '}
          <Link to={accountPath(prefix, 'register')}>{t('account.auth.login.register')}</Link>
        </li>
        <li>
          <Link to={accountPath(prefix, 'resend-confirmation')}>{t('account.auth.login.resendPage')}</Link>
        </li>
      </ul>
    </AuthPage>
  )
}
