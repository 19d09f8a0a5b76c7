// Registering (`/account/register/`, signed out only): name, e-mail address, a password with its rule in sight, an
// optional phone number and the newsletter opt-in. The server mails an activation link to the confirm page and
// answers the same for an address it already knows, so the page says "check your mail" either way.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import { Field, type FieldErrors } from '../checkout/form-field.tsx'
import { useDeliveryCountries, siteCountryCode } from '../checkout/address-fields.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { accountPath } from './access.ts'
import { checkRegister, phoneOf, type RegisterForm } from './account-forms.ts'
import { authProblem } from './account-errors.ts'
import { AuthPage, focusFirstInvalid, Notice } from './auth-page.tsx'
import { NameFields } from '../checkout/name-fields.tsx'

const EMPTY: RegisterForm = {
  firstName: '',
  lastName: '',
  emailAddress: '',
  password: '',
  phoneNumber: '',
  newsletter: false,
}

export function Component() {
  const { t } = useTranslation()
  const { api } = useServices()
  const { site, language, origin } = useRootData()
  const countries = useDeliveryCountries()
  const siteCountry = siteCountryCode(countries, site.countryId)
  const [form, setForm] = useState<RegisterForm>(EMPTY)
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const prefix = language.pathPrefix

  const errors = checkRegister(form, siteCountry)
  const shown: FieldErrors = { ...serverErrors }
  for (const [field, error] of Object.entries(errors)) if (touched.has(field)) shown[field] = error
  const update = (patch: Partial<RegisterForm>) => {
    setForm({ ...form, ...patch })
    setFailure(null)
    const changed = Object.keys(patch)
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([f]) => !changed.includes(f))))
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
    setFailure(null)
    try {
      await api.register(
        {
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          emailAddress: form.emailAddress.trim(),
          password: form.password,
          phoneNumber: phoneOf(form.phoneNumber, siteCountry),
          company: null,
          newsletter: form.newsletter,
        },
        `${origin}${accountPath(prefix, 'confirm')}`,
      )
      setDone(form.emailAddress.trim())
    } catch (error) {
      const problem = authProblem(t, error)
      if (problem.kind === 'fields') {
        setServerErrors(problem.fields)
        focusFirstInvalid(formRef.current)
      } else setFailure(problem.kind === 'message' ? problem.text : t('checkout.error'))
    } finally {
      setSending(false)
    }
  }

  if (done)
    return (
      <AuthPage title={t('account.auth.register.doneTitle')}>
        <Notice kind="success">
          <p>{t('account.auth.register.doneText', { email: done })}</p>
        </Notice>
        <p>{t('account.auth.register.doneHint')}</p>
        <p>
          <Link to={accountPath(prefix, 'resend-confirmation')}>{t('account.auth.login.resendPage')}</Link>
        </p>
      </AuthPage>
    )

  return (
    <AuthPage title={t('account.auth.register.title')}>
      <p>{t('account.auth.register.intro')}</p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <NameFields values={form} errors={shown} onChange={update} onLeave={leave} />
        <Field
          name="emailAddress"
          type="email"
          label={t('account.auth.email')}
          value={form.emailAddress}
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
          value={form.password}
          onChange={(password) => update({ password })}
          onLeave={() => leave('password')}
          error={shown.password}
          autoComplete="new-password"
          maxLength={200}
          hint={t('account.auth.passwordRule')}
        />
        <Field
          name="phoneNumber"
          type="tel"
          label={t('checkout.billing.phone')}
          value={form.phoneNumber}
          onChange={(phoneNumber) => update({ phoneNumber })}
          onLeave={() => leave('phoneNumber')}
          error={shown.phoneNumber}
          autoComplete="tel"
          inputMode="tel"
          maxLength={MAX_LENGTH.phoneNumber}
          optional
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="newsletter"
            checked={form.newsletter}
            onChange={(event) => update({ newsletter: event.target.checked })}
          />
          <span>{t('checkout.billing.newsletter', { brand: site.brandName })}</span>
        </label>
        {failure && <Notice kind="error">{failure}</Notice>}
        <button type="submit" className="button button--large" disabled={sending}>
          {t(sending ? 'checkout.sending' : 'account.auth.register.submit')}
        </button>
      </form>
      <p>
        {t('account.auth.register.haveAccount')}{' '}
        <Link to={accountPath(prefix, 'login')}>{t('account.auth.login.submit')}</Link>
      </p>
    </AuthPage>
  )
}
