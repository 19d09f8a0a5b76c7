// The footer's newsletter sign-up, on every page for everybody. The server answers the same for every address (no
// one learns who subscribes) and mails a confirmation link: the form says to look for it. The message has its room
// reserved under the form, so nothing below moves when it appears.
import { useAtomValue } from 'jotai'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { retryAfterMinutes } from '../../browser/transport.ts'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { useServices } from '../services.tsx'
import { checkEmail } from '../ui/email-check.ts'
import { isUnreachable } from './unreachable.ts'

type Status = 'idle' | 'sending' | 'done' | 'invalid' | 'offline' | 'limited' | 'failed'

export function NewsletterSignup() {
  const { t } = useTranslation()
  const { api } = useServices()
  const id = useId()
  const connectivity = useAtomValue(connectivityAtom)
  const [email, setEmail] = useState('')
  const [status, setStatus] = useState<Status>('idle')
  const [waitMinutes, setWaitMinutes] = useState(1)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await checkEmail(email)
    if ('problem' in checked) return setStatus(checked.problem === 'invalid' ? 'invalid' : 'offline')
    if (connectivity === 'offline' || !navigator.onLine) return setStatus('offline')
    setStatus('sending')
    try {
      await api.newsletterSubscribe(checked.address)
      setEmail('')
      setStatus('done')
    } catch (error) {
      const minutes = retryAfterMinutes(error)
      if (minutes !== null) {
        setWaitMinutes(minutes)
        return setStatus('limited')
      }
      setStatus(isUnreachable(error) ? 'offline' : 'failed')
    }
  }

  const message = {
    idle: null,
    sending: null,
    done: t('newsletter.footer.done'),
    invalid: t('validation.email'),
    offline: t('newsletter.footer.offline'),
    limited: t('errors.rateLimited', { minutes: waitMinutes }),
    failed: t('messages.genericError'),
  }[status]
  const problem = status === 'invalid' || status === 'offline' || status === 'limited' || status === 'failed'
  return (
    <section className="newsletter-signup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('newsletter.footer.title')}</h2>
      <p>{t('newsletter.footer.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${id}-email`}>{t('newsletter.footer.email')}</label>
        <div className="newsletter-signup__row">
          <input
            id={`${id}-email`}
            type="email"
            name="emailAddress"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            aria-invalid={status === 'invalid' || undefined}
            aria-describedby={`${id}-message`}
            onChange={(event) => {
              setEmail(event.currentTarget.value)
              if (status === 'invalid') setStatus('idle')
            }}
          />
          <button type="submit" className="button" disabled={status === 'sending'}>
            {t('newsletter.footer.submit')}
          </button>
        </div>
        {/* Always there, its room kept: the message appears without moving what is below. */}
        <p
          id={`${id}-message`}
          className={`newsletter-signup__message${problem ? ' newsletter-signup__message--problem' : ''}`}
          role={problem ? 'alert' : 'status'}
        >
          {message && <span>{message}</span>}
        </p>
      </form>
    </section>
  )
}
