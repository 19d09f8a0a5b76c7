// The signed-in account's back-in-stock reminders, on its subscriptions page: what waits, by e-mail (its address) or
// on a device (asked for signed in), each with the product's page and a button that cancels it.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountStockReminder } from '../../domain/stock-reminders.ts'
import { isUnreachable } from '../newsletter/unreachable.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { Link } from 'react-router'
import { useAccountFormat } from './account-format.ts'

type Load = { status: 'loading' } | { status: 'ready'; reminders: AccountStockReminder[] } | { status: 'failed' }

export function StockRemindersSection() {
  const { t } = useTranslation()
  const { api } = useServices()
  const { site, language } = useRootData()
  const format = useAccountFormat()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [message, setMessage] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const scope = { siteId: site.siteId, languageId: language.languageId }
  const client = async () => (await import('../catalogue/stock-reminder-api.ts')).stockReminderApi(api, scope)

  useEffect(() => {
    const controller = new AbortController()
    void import('../catalogue/stock-reminder-api.ts')
      .then(({ stockReminderApi }) =>
        stockReminderApi(api, { siteId: site.siteId, languageId: language.languageId }).accountReminders(
          controller.signal,
        ),
      )
      .then(
        ({ reminders }) => setLoad({ status: 'ready', reminders }),
        () => {
          if (!controller.signal.aborted) setLoad({ status: 'failed' })
        },
      )
    return () => controller.abort()
  }, [api, language.languageId, site.siteId])

  if (!site.enableStockReminderFeature) return null

  const cancel = async (reminder: AccountStockReminder) => {
    setBusy(reminder.id)
    setMessage(null)
    try {
      const { reminders } = await (await client()).cancelAccountReminder(reminder.channel, reminder.id)
      setLoad({ status: 'ready', reminders })
      setMessage({
        kind: 'done',
        text: t('account.subscriptions.reminders.cancelled', { product: reminder.productName }),
      })
    } catch (error) {
      setMessage({
        kind: 'failed',
        text: isUnreachable(error) ? t('account.subscriptions.reminders.cancelFailed') : t('messages.genericError'),
      })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="account-reminders" aria-labelledby="account-reminders-title">
      <h2 id="account-reminders-title">{t('account.subscriptions.reminders.title')}</h2>
      <p>{t('account.subscriptions.reminders.intro')}</p>
      {load.status === 'loading' && <p role="status">{t('account.subscriptions.loading')}</p>}
      {load.status === 'failed' && <p role="alert">{t('messages.genericError')}</p>}
      {load.status === 'ready' && load.reminders.length === 0 && <p>{t('account.subscriptions.reminders.empty')}</p>}
      {load.status === 'ready' && load.reminders.length > 0 && (
        <ul className="account-reminders__list">
          {load.reminders.map((reminder) => (
            <li key={`${reminder.channel}-${reminder.id}`} className="account-reminders__item">
              <div>
                {reminder.path ? (
                  <Link to={reminder.path}>{reminder.productName}</Link>
                ) : (
                  <span>{reminder.productName}</span>
                )}
                <p className="account-reminders__meta">
                  {t(`account.subscriptions.reminders.${reminder.channel}`)} ·{' '}
                  {t('account.subscriptions.reminders.since', { date: format.date(reminder.createdAt) })}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy === reminder.id}
                aria-label={`${t('account.subscriptions.reminders.cancel')}: ${reminder.productName}`}
                onClick={() => void cancel(reminder)}
              >
                {t('account.subscriptions.reminders.cancel')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="account-reminders__message" role={message?.kind === 'failed' ? 'alert' : 'status'}>
        {message?.text}
      </p>
    </section>
  )
}
