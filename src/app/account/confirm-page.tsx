// `/account/confirm/?token&userId` (signed out only; without both the route sends home): the activation link of the
// registration mail. It activates at once and goes on to the login page (a=1). An expired link says so in the
// words of spec §8 and mails a new one (captcha: resend confirmation is protected); a wrong link says so.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { accountPath } from './access.ts'
import { authProblem, type AuthProblem } from './account-errors.ts'
import { AuthPage, Notice } from './auth-page.tsx'
import { useCaptcha } from './captcha.tsx'

export function Component() {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const navigate = useNavigate()
  const { api } = useServices()
  const prefix = useRootData().language.pathPrefix
  const token = query.get('token') ?? ''
  const userId = query.get('userId') ?? ''
  const [problem, setProblem] = useState<AuthProblem | null>(null)
  // The token is good once: asked once per page, whatever React does with effects (Strict Mode runs them twice).
  const asked = useRef<string | null>(null)

  useEffect(() => {
    const key = `${userId}:${token}`
    if (asked.current === key) return
    asked.current = key
    api.confirmAccount(userId, token).then(
      () => void navigate(`${accountPath(prefix, 'login')}?a=1`, { replace: true }),
      (error: unknown) => setProblem(authProblem(t, error)),
    )
  }, [api, userId, token, navigate, prefix, t])

  return (
    <AuthPage title={t('account.auth.confirm.title')}>
      {problem === null ? (
        <p role="status">{t('account.auth.confirm.busy')}</p>
      ) : problem.kind === 'activationExpired' ? (
        <ExpiredLink userId={userId} />
      ) : (
        <Notice kind="error">
          <p>
            {problem.kind === 'message'
              ? problem.text
              : problem.kind === 'fields' || problem.kind === 'invalidToken'
                ? t('account.auth.invalidToken')
                : t('checkout.error')}
          </p>
          <p>
            <Link to={accountPath(prefix, 'resend-confirmation')}>{t('account.auth.login.resendPage')}</Link>
          </p>
        </Notice>
      )}
    </AuthPage>
  )
}

function ExpiredLink({ userId }: { userId: string }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const { origin, language } = useRootData()
  const captcha = useCaptcha()
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [failure, setFailure] = useState<string | null>(null)

  const resend = async () => {
    setState('sending')
    setFailure(null)
    try {
      const solution = await captcha.solution()
      if (!solution) {
        setFailure(t('account.auth.captcha.unsolved'))
        setState('idle')
        return
      }
      captcha.renew()
      await api.resendConfirmation({ userId }, `${origin}${accountPath(language.pathPrefix, 'confirm')}`, solution)
      setState('sent')
    } catch (error) {
      const problem = authProblem(t, error)
      setFailure(
        problem.kind === 'message'
          ? problem.text
          : problem.kind === 'captcha'
            ? t('account.auth.captcha.invalid')
            : t('checkout.error'),
      )
      setState('idle')
    }
  }

  if (state === 'sent') return <Notice kind="success">{t('account.auth.confirm.resent')}</Notice>
  return (
    <>
      <Notice kind="error">{t('account.auth.confirm.expired')}</Notice>
      {captcha.element}
      {failure && <Notice kind="error">{failure}</Notice>}
      <button
        type="button"
        className="button button--large"
        disabled={state === 'sending'}
        onClick={() => void resend()}
      >
        {t(state === 'sending' ? 'checkout.sending' : 'account.auth.confirm.resend')}
      </button>
    </>
  )
}
