import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError, retryAfterMinutes } from '../../browser/transport.ts'
import { useServices } from '../services.tsx'
import { checkEmail } from '../ui/email-check.ts'

type Status = 'idle' | 'sending' | 'done' | 'invalid' | 'offline' | 'limited' | 'failed'

/** "Not yet available": leave an e-mail address to be told when it can be ordered (stored on the server). */
export function NotifyMeForm({ productVariantId }: { productVariantId: number }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const [status, setStatus] = useState<Status>('idle')
  const [email, setEmail] = useState('')
  /** For 'limited': the minutes the server asked to wait. */
  const [waitMinutes, setWaitMinutes] = useState(1)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await checkEmail(email)
    if ('problem' in checked) return setStatus(checked.problem === 'invalid' ? 'invalid' : 'offline')
    setStatus('sending')
    try {
      await api.stockReminder(productVariantId, checked.address)
      setStatus('done')
    } catch (error) {
      const minutes = retryAfterMinutes(error)
      if (minutes !== null) {
        setWaitMinutes(minutes)
        return setStatus('limited')
      }
      setStatus(error instanceof ApiRequestError && error.status === 503 ? 'offline' : 'failed')
    }
  }

  if (status === 'done')
    return (
      <p className="notify-me__done" role="status">
        {t('catalogue.notify.done')}
      </p>
    )
  const id = `notify-${productVariantId}`
  return (
    <form className="notify-me" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id}>{t('catalogue.notify.email')}</label>
      <input
        id={id}
        type="email"
        name="emailAddress"
        autoComplete="email"
        required
        value={email}
        aria-invalid={status === 'invalid' || undefined}
        aria-describedby={status !== 'idle' && status !== 'sending' ? `${id}-message` : undefined}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <button type="submit" className="button" disabled={status === 'sending'}>
        {t('catalogue.notify.submit')}
      </button>
      {status === 'invalid' && (
        <p id={`${id}-message`} className="form-error" role="alert">
          {t('validation.email')}
        </p>
      )}
      {status === 'offline' && (
        <p id={`${id}-message`} className="form-error" role="alert">
          {t('catalogue.notify.offline')}
        </p>
      )}
      {status === 'limited' && (
        <p id={`${id}-message`} className="form-error" role="alert">
          {t('errors.rateLimited', { minutes: waitMinutes })}
        </p>
      )}
      {status === 'failed' && (
        <p id={`${id}-message`} className="form-error" role="alert">
          {t('messages.genericError')}
        </p>
      )}
    </form>
  )
}
