// /account/subscriptions/ (signed in): the newsletter opt-in and out, and the back-in-stock reminders waiting. Opting in here counts as confirmed (the
// account's address was proven by its activation; docs/accounts.md), so the change is done when the server says so.
import { useAtomValue } from 'jotai'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../browser/transport.ts'
import type { AccountSubscriptions } from '../../domain/newsletter-api.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { isUnreachable } from '../newsletter/unreachable.ts'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { StockRemindersSection } from './stock-reminders-section.tsx'

type Load =
  | { status: 'loading' }
  | { status: 'ready'; subscriptions: AccountSubscriptions }
  | { status: 'notSignedIn' | 'offline' | 'failed' }
type Save = 'idle' | 'saving' | 'saved' | 'offline' | 'failed'

const failureOf = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 401
    ? ('notSignedIn' as const)
    : isUnreachable(error)
      ? ('offline' as const)
      : ('failed' as const)

export function Component() {
  const { t } = useTranslation()
  const { api } = useServices()
  const { site } = useRootData()
  const id = useId()
  const connectivity = useAtomValue(connectivityAtom)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [newsletter, setNewsletter] = useState(false)
  const [save, setSave] = useState<Save>('idle')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    // A retry shows the loading state again.
    if (attempt > 0) setLoad({ status: 'loading' })
    api.accountSubscriptions(controller.signal).then(
      (subscriptions) => {
        setLoad({ status: 'ready', subscriptions })
        setNewsletter(subscriptions.newsletter)
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: failureOf(error) })
      },
    )
    return () => controller.abort()
  }, [api, attempt])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (connectivity === 'offline') return setSave('offline')
    setSave('saving')
    try {
      const subscriptions = await api.setAccountSubscriptions(newsletter)
      setLoad({ status: 'ready', subscriptions })
      setNewsletter(subscriptions.newsletter)
      setSave('saved')
    } catch (error) {
      const failure = failureOf(error)
      if (failure === 'notSignedIn') return setLoad({ status: 'notSignedIn' })
      setSave(failure)
    }
  }

  const title = t('account.subscriptions.title')
  return (
    <article className="account-page account-subscriptions">
      <PageHead title={`${title} | ${site.brandName}`} noIndex />
      <PageHeading>{title}</PageHeading>
      <p>{t('account.subscriptions.intro')}</p>
      {load.status === 'loading' && <p role="status">{t('account.subscriptions.loading')}</p>}
      {load.status === 'notSignedIn' && <p role="alert">{t('errors.notSignedIn')}</p>}
      {(load.status === 'offline' || load.status === 'failed') && (
        <>
          <p role="alert">
            {load.status === 'offline' ? t('account.subscriptions.offline') : t('messages.genericError')}
          </p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('newsletter.retry')}
          </button>
        </>
      )}
      {load.status === 'ready' && (
        <form className="account-subscriptions__form" onSubmit={(event) => void submit(event)}>
          <div className="account-subscriptions__choice">
            <input
              id={`${id}-newsletter`}
              type="checkbox"
              name="newsletter"
              checked={newsletter}
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                setNewsletter(event.currentTarget.checked)
                setSave('idle')
              }}
            />
            <label htmlFor={`${id}-newsletter`}>{t('account.subscriptions.newsletter')}</label>
            <p id={`${id}-hint`}>
              {t('account.subscriptions.newsletterHint', { email: load.subscriptions.emailAddress })}
            </p>
          </div>
          <button type="submit" className="button" disabled={save === 'saving'}>
            {t('account.subscriptions.save')}
          </button>
          <p
            className="account-subscriptions__message"
            role={save === 'offline' || save === 'failed' ? 'alert' : 'status'}
          >
            {save === 'saved' && t('messages.subscriptionsChanged')}
            {save === 'offline' && t('account.subscriptions.offline')}
            {save === 'failed' && t('messages.genericError')}
          </p>
        </form>
      )}
      {load.status === 'ready' && <StockRemindersSection />}
    </article>
  )
}
