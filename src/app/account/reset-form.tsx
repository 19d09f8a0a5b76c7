// A new password from a mailed link (`token`, `userId`): the password with its rule in sight, typed twice. An expired
// or used link says so and offers to ask again (spec §8); on success the caller goes to its login page with r=1.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Field, type FieldErrors } from '../checkout/form-field.tsx'
import { useServices } from '../services.tsx'
import { checkReset, type ResetForm as Values } from './account-forms.ts'
import { authProblem, type AuthProblem } from './account-errors.ts'
import { focusFirstInvalid, Notice } from './auth-page.tsx'

export function ResetForm({
  token,
  userId,
  forgotPath,
  onDone,
}: {
  token: string
  userId: string
  forgotPath: string
  onDone: () => void
}) {
  const { t } = useTranslation()
  const { api } = useServices()
  const [values, setValues] = useState<Values>({ password: '', repeat: '' })
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<AuthProblem | null>(null)
  const [sending, setSending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const errors = checkReset(values)
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
    try {
      await api.resetPassword(userId, token, values.password)
      onDone()
    } catch (error) {
      const found = authProblem(t, error)
      if (found.kind === 'fields') {
        // The server names the body's field (newPassword); the form calls it password.
        const { newPassword, ...rest } = found.fields
        setServerErrors(newPassword ? { ...rest, password: newPassword } : rest)
        focusFirstInvalid(formRef.current)
      } else setProblem(found)
    } finally {
      setSending(false)
    }
  }

  if (problem?.kind === 'resetExpired' || problem?.kind === 'invalidToken')
    return (
      <Notice kind="error">
        <p>{t(problem.kind === 'resetExpired' ? 'account.auth.reset.expired' : 'account.auth.invalidToken')}</p>
        <p>
          <Link to={forgotPath}>{t('account.auth.reset.requestAgain')}</Link>
        </p>
      </Notice>
    )

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        name="password"
        type="password"
        label={t('account.auth.reset.password')}
        value={values.password}
        onChange={(password) => update({ password })}
        onLeave={() => leave('password')}
        error={shown.password}
        autoComplete="new-password"
        maxLength={200}
        hint={t('account.auth.passwordRule')}
      />
      <Field
        name="repeat"
        type="password"
        label={t('account.auth.reset.repeat')}
        value={values.repeat}
        onChange={(repeat) => update({ repeat })}
        onLeave={() => leave('repeat')}
        error={shown.repeat}
        autoComplete="new-password"
        maxLength={200}
      />
      {problem?.kind === 'message' && <Notice kind="error">{problem.text}</Notice>}
      <button type="submit" className="button button--large" disabled={sending}>
        {t(sending ? 'checkout.sending' : 'account.auth.reset.submit')}
      </button>
    </form>
  )
}
