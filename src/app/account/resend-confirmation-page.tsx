// `/account/resend-confirmation/` (signed out only): the activation mail once more, to the address typed, behind the
// captcha. The server answers the same for any address, and so does the page.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import { Field } from '../checkout/form-field.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { accountPath } from './access.ts'
import { checkEmailOnly } from './account-forms.ts'
import { authProblem } from './account-errors.ts'
import { AuthPage, focusFirstInvalid, Notice } from './auth-page.tsx'
import { useCaptcha } from './captcha.tsx'

export function Component() {
  const { t } = useTranslation()
  const { api } = useServices()
  const { origin, language } = useRootData()
  const captcha = useCaptcha()
  const [emailAddress, setEmailAddress] = useState('')
  const [touched, setTouched] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const prefix = language.pathPrefix
  const error = checkEmailOnly(emailAddress).emailAddress

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (error) {
      setTouched(true)
      focusFirstInvalid(formRef.current)
      return
    }
    setSending(true)
    setFailure(null)
    try {
      const solution = await captcha.solution()
      if (!solution) {
        setFailure(t('account.auth.captcha.unsolved'))
        return
      }
      captcha.renew()
      await api.resendConfirmation(
        { emailAddress: emailAddress.trim() },
        `${origin}${accountPath(prefix, 'confirm')}`,
        solution,
      )
      setDone(true)
    } catch (caught) {
      const problem = authProblem(t, caught)
      setFailure(
        problem.kind === 'message'
          ? problem.text
          : problem.kind === 'captcha'
            ? t('account.auth.captcha.invalid')
            : t('checkout.error'),
      )
    } finally {
      setSending(false)
    }
  }

  return (
    <AuthPage title={t('account.auth.resend.title')}>
      {done ? (
        <Notice kind="success">{t('account.auth.resend.done')}</Notice>
      ) : (
        <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <p>{t('account.auth.resend.intro')}</p>
          <Field
            name="emailAddress"
            type="email"
            label={t('account.auth.email')}
            value={emailAddress}
            onChange={setEmailAddress}
            onLeave={() => setTouched(true)}
            error={touched ? error : undefined}
            autoComplete="email"
            inputMode="email"
            maxLength={MAX_LENGTH.emailAddress}
          />
          {captcha.element}
          {failure && <Notice kind="error">{failure}</Notice>}
          <button type="submit" className="button button--large" disabled={sending}>
            {t(sending ? 'checkout.sending' : 'account.auth.resend.submit')}
          </button>
        </form>
      )}
      <p>
        <Link to={accountPath(prefix, 'login')}>{t('account.auth.forgot.back')}</Link>
      </p>
    </AuthPage>
  )
}
