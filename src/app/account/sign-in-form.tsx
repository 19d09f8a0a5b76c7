// The sign-in form (login page and the checkout's login step): e-mail address, password and the captcha. A refused
// sign-in says the combination is not known, with what to do (spec §8): try again, the forgotten password, an
// account that must be activated first, and a button that mails the activation link again to the address typed.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import { Field, type FieldErrors } from '../checkout/form-field.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { accountPath } from './access.ts'
import { checkSignIn, type SignInForm as Values } from './account-forms.ts'
import { authProblem, type AuthProblem } from './account-errors.ts'
import { signedIn } from './account-state.ts'
import { focusFirstInvalid, Notice } from './auth-page.tsx'
import { useCaptcha } from './captcha.tsx'

export function SignInForm({ onSignedIn, forgotPath }: { onSignedIn: () => void; forgotPath: string }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const { origin, language } = useRootData()
  const captcha = useCaptcha()
  const [values, setValues] = useState<Values>({ emailAddress: '', password: '' })
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<AuthProblem | { kind: 'captchaUnsolved' } | null>(null)
  const [sending, setSending] = useState(false)
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
  const [resendText, setResendText] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)

  const errors = checkSignIn(values)
  const shown: FieldErrors = { ...serverErrors }
  for (const [field, error] of Object.entries(errors)) if (touched.has(field)) shown[field] = error
  const update = (patch: Partial<Values>) => {
    setValues({ ...values, ...patch })
    setServerErrors({})
  }
  const leave = (field: string) => setTouched((current) => new Set(current).add(field))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (Object.keys(errors).length > 0) {
      setTouched(new Set(Object.keys(errors)))
      focusFirstInvalid(formRef.current)
      return
    }
    setSending(true)
    setProblem(null)
    setResend('idle')
    try {
      const solution = await captcha.solution()
      if (!solution) {
        setProblem({ kind: 'captchaUnsolved' })
        return
      }
      captcha.renew()
      await api.signIn(values.emailAddress.trim(), values.password, solution)
      await signedIn(api)
      onSignedIn()
    } catch (error) {
      const found = authProblem(t, error)
      if (found.kind === 'fields') {
        setServerErrors(found.fields)
        focusFirstInvalid(formRef.current)
      } else setProblem(found)
    } finally {
      setSending(false)
    }
  }

  const resendActivation = async () => {
    setResend('sending')
    setResendText(null)
    try {
      const solution = await captcha.solution()
      if (!solution) throw new Error('captcha')
      captcha.renew()
      await api.resendConfirmation(
        { emailAddress: values.emailAddress.trim() },
        `${origin}${accountPath(language.pathPrefix, 'confirm')}`,
        solution,
      )
      setResend('sent')
    } catch (error) {
      const found = authProblem(t, error)
      setResendText(found.kind === 'message' ? found.text : t('account.auth.captcha.invalid'))
      setResend('failed')
    }
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        name="emailAddress"
        type="email"
        label={t('account.auth.email')}
        value={values.emailAddress}
        onChange={(emailAddress) => update({ emailAddress })}
        onLeave={() => leave('emailAddress')}
        error={shown.emailAddress}
        autoComplete="email"
        inputMode="email"
        maxLength={MAX_LENGTH.emailAddress}
      />
      <Field
        name="password"
        type="password"
        label={t('account.auth.password')}
        value={values.password}
        onChange={(password) => update({ password })}
        onLeave={() => leave('password')}
        error={shown.password}
        autoComplete="current-password"
        maxLength={200}
      />
      <p className="auth-form__forgot">
        <Link to={forgotPath}>{t('account.auth.login.forgot')}</Link>
      </p>
      {captcha.element}
      {problem?.kind === 'signInFailed' && (
        <Notice kind="error">
          <p>
            <strong>{t('account.auth.login.failed')}</strong>
          </p>
          <ul>
            <li>{t('account.auth.login.hintRetry')}</li>
            <li>
              {t('account.auth.login.hintForgot')} <Link to={forgotPath}>{t('account.auth.login.forgot')}</Link>
            </li>
            <li>
              {t('account.auth.login.hintActivate')}{' '}
              {resend === 'sent' ? (
                <span role="status">{t('account.auth.resend.done')}</span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  disabled={resend === 'sending' || values.emailAddress.trim() === ''}
                  onClick={() => void resendActivation()}
                >
                  {t('account.auth.login.resend')}
                </button>
              )}
              {resend === 'failed' && resendText && <span role="alert"> {resendText}</span>}
            </li>
          </ul>
        </Notice>
      )}
      {problem?.kind === 'captcha' && <Notice kind="error">{t('account.auth.captcha.invalid')}</Notice>}
      {problem?.kind === 'captchaUnsolved' && <Notice kind="error">{t('account.auth.captcha.unsolved')}</Notice>}
      {problem?.kind === 'message' && <Notice kind="error">{problem.text}</Notice>}
      <button type="submit" className="button button--large" disabled={sending}>
        {t(sending ? 'account.auth.login.sending' : 'account.auth.login.submit')}
      </button>
    </form>
  )
}
