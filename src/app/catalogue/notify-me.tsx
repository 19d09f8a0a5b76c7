// "Notify me" on a product that cannot be ordered now (sold out, not yet available): one e-mail when it is back, or a
// push message on this device. What this device asked for is shown (and can be cancelled) on the next visit; a request
// made without a connection waits on the device and goes when the network returns (src/browser/stock-reminder-store.ts).
// Only where the site sends reminders (its enableStockReminderFeature). Notification permission is asked for only on
// the tap of 'remind me on this device'.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError, retryAfterMinutes } from '../../browser/transport.ts'
import type { DeviceReminder } from '../../browser/stock-reminder-store.ts'
import { isUnreachable } from '../newsletter/unreachable.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { checkEmail } from '../ui/email-check.ts'
import { useHydrated } from './use-hydrated.ts'

type Status = 'idle' | 'sending' | 'invalid' | 'offline' | 'limited' | 'failed' | 'cancelled'
/** 'pending': not known until the page runs (the button is there, disabled, so nothing moves when it is known). */
type Push = 'pending' | 'unsupported' | 'idle' | 'asking' | 'waiting' | 'denied' | 'failed' | 'offline'

const reminderModule = () => import('./stock-reminder-api.ts')

export function NotifyMeForm({ productVariantId }: { productVariantId: number }) {
  const { t, i18n } = useTranslation()
  const { api } = useServices()
  const { site, language } = useRootData()
  const hydrated = useHydrated()
  // The message of a refusal the server named (errors.<code>), else the generic one. (Not by the domain's list of
  // codes: that module brings zod, which this part of every product page must not.)
  const refusalText = (code: string | null) =>
    code && i18n.exists(`errors.${code}`) ? t(`errors.${code}` as 'errors.internal') : t('messages.genericError')
  const [status, setStatus] = useState<Status>('idle')
  const [email, setEmail] = useState('')
  /** For 'limited': the minutes the server asked to wait. */
  const [waitMinutes, setWaitMinutes] = useState(1)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [device, setDevice] = useState<DeviceReminder | null>(null)
  const [push, setPush] = useState<Push>('pending')
  const scope = { siteId: site.siteId, languageId: language.languageId }
  const reminders = async () => (await reminderModule()).stockReminderApi(api, scope)

  // What this device asked for before, once the page runs.
  useEffect(() => {
    if (!hydrated || !site.enableStockReminderFeature) return
    let live = true
    void (async () => {
      const module = await reminderModule()
      const client = module.stockReminderApi(api, { siteId: site.siteId, languageId: language.languageId })
      const stored = await client.deviceReminder(productVariantId).catch(() => null)
      if (!live) return
      setDevice(stored?.state === 'refused' ? null : stored)
      if (stored?.state === 'refused') setRefusal(stored.refusal)
      const support = module.pushSupport()
      if (support === 'unsupported') return setPush('unsupported')
      if (support === 'denied') return setPush('denied')
      setPush('idle')
      const waiting = await client.pushWaiting(productVariantId).catch(() => false)
      if (live && waiting) setPush('waiting')
    })().catch(() => {
      // The module could not load (offline before it was kept): no push button rather than a dead one.
      if (live) setPush('unsupported')
    })
    return () => {
      live = false
    }
  }, [api, hydrated, language.languageId, productVariantId, site.enableStockReminderFeature, site.siteId])

  if (!site.enableStockReminderFeature) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await checkEmail(email)
    if ('problem' in checked) return setStatus(checked.problem === 'invalid' ? 'invalid' : 'offline')
    setStatus('sending')
    setRefusal(null)
    try {
      setDevice(await (await reminders()).requestEmail(productVariantId, checked.address))
      setStatus('idle')
    } catch (error) {
      const minutes = retryAfterMinutes(error)
      if (minutes !== null) {
        setWaitMinutes(minutes)
        return setStatus('limited')
      }
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        setRefusal((error.body as { code?: string } | null)?.code ?? null)
        return setStatus('failed')
      }
      setStatus(isUnreachable(error) ? 'offline' : 'failed')
    }
  }

  const cancel = async () => {
    if (!device) return
    setStatus('sending')
    try {
      await (await reminders()).cancelEmail(device)
      setDevice(null)
      setStatus('cancelled')
    } catch (error) {
      setStatus(isUnreachable(error) ? 'offline' : 'failed')
    }
  }

  const remindHere = async () => {
    setPush('asking')
    try {
      setPush(await (await reminders()).subscribePush(productVariantId))
    } catch (error) {
      // The shop not answering is 'offline'; the browser's push service refusing (or a refusal of the shop) is not.
      setPush(error instanceof ApiRequestError && isUnreachable(error) ? 'offline' : 'failed')
    }
  }

  const stopHere = async () => {
    setPush('asking')
    try {
      await (await reminders()).cancelPush(productVariantId)
      setPush('idle')
    } catch (error) {
      setPush(isUnreachable(error) ? 'offline' : 'waiting')
    }
  }

  const id = `notify-${productVariantId}`
  const message =
    status === 'invalid'
      ? t('validation.email')
      : status === 'offline'
        ? t('catalogue.notify.offline')
        : status === 'limited'
          ? t('errors.rateLimited', { minutes: waitMinutes })
          : status === 'failed' || refusal
            ? refusalText(refusal)
            : null

  return (
    <div className="notify-me">
      {device ? (
        <div className="notify-me__device">
          <p className="notify-me__done" role="status">
            {device.state === 'queued'
              ? t('catalogue.notify.queued', { email: device.emailAddress })
              : t('catalogue.notify.waiting', { email: device.emailAddress })}
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={status === 'sending'}
            onClick={() => void cancel()}
          >
            {t('catalogue.notify.cancel')}
          </button>
        </div>
      ) : (
        <form className="notify-me__form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={id}>{t('catalogue.notify.email')}</label>
          <input
            id={id}
            type="email"
            name="emailAddress"
            autoComplete="email"
            required
            value={email}
            aria-invalid={status === 'invalid' || undefined}
            aria-describedby={message ? `${id}-message` : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <button type="submit" className="button" disabled={status === 'sending'}>
            {t('catalogue.notify.submit')}
          </button>
        </form>
      )}
      {status === 'cancelled' && (
        <p className="notify-me__done" role="status">
          {t('catalogue.notify.cancelled')}
        </p>
      )}
      {message && (
        <p id={`${id}-message`} className="form-error" role="alert">
          {message}
        </p>
      )}
      {push !== 'unsupported' && (
        <div className="notify-me__push">
          {push === 'waiting' ? (
            <>
              <p className="notify-me__done" role="status">
                {t('catalogue.notify.pushWaiting')}
              </p>
              <button type="button" className="button button--secondary" onClick={() => void stopHere()}>
                {t('catalogue.notify.pushCancel')}
              </button>
            </>
          ) : push === 'denied' ? (
            <p className="notify-me__hint">{t('catalogue.notify.pushDenied')}</p>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={push === 'asking' || push === 'pending'}
              onClick={() => void remindHere()}
            >
              {t('catalogue.notify.pushButton')}
            </button>
          )}
          {(push === 'failed' || push === 'offline') && (
            <p className="form-error" role="alert">
              {t(push === 'offline' ? 'catalogue.notify.pushOffline' : 'catalogue.notify.pushFailed')}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
