// "Forgot your password": the e-mail address, and a link mailed to a reset page (the account's or the checkout's).
// The server answers the same whether or not it knows the address, and so does the page.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import { Field, type FieldErrors } from '../checkout/form-field.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { checkEmailOnly } from './account-forms.ts'
import { authProblem } from './account-errors.ts'
import { focusFirstInvalid, Notice } from './auth-page.tsx'

/** `resetPath`: the page the mailed link opens ('/account/reset/' or '/checkout/reset/'), with the token added. */
export function ForgotForm({ resetPath }: { resetPath: string }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const { origin } = useRootData()
  const [emailAddress, setEmailAddress] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const errors = checkEmailOnly(emailAddress)
  const shown = serverErrors.emailAddress ?? (touched ? errors.emailAddress : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (errors.emailAddress) {
      setTouched(true)
      focusFirstInvalid(formRef.current)
      return
    }
    setSending(true)
    setFailure(null)
    try {
      await api.forgotPassword(emailAddress.trim(), `${origin}${resetPath}`)
      setDone(true)
    } catch (error) {
      const problem = authProblem(t, error)
      if (problem.kind === 'fields') setServerErrors(problem.fields)
      else setFailure(problem.kind === 'message' ? problem.text : t('checkout.error'))
    } finally {
      setSending(false)
    }
  }

  if (done) return <Notice kind="success">{t('account.auth.forgot.done')}</Notice>
  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('account.auth.forgot.intro')}</p>
      <Field
        name="emailAddress"
        type="email"
        label={t('account.auth.email')}
        value={emailAddress}
        onChange={(value) => {
          setEmailAddress(value)
          setServerErrors({})
        }}
        onLeave={() => setTouched(true)}
        error={shown}
        autoComplete="email"
        inputMode="email"
        maxLength={MAX_LENGTH.emailAddress}
      />
      {failure && <Notice kind="error">{failure}</Notice>}
      <button type="submit" className="button button--large" disabled={sending}>
        {t(sending ? 'checkout.sending' : 'account.auth.forgot.submit')}
      </button>
    </form>
  )
}
