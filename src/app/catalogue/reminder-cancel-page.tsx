// /stock-reminder/cancel/?token=…: the link in every back-in-stock reminder mail. One click: no sign-in, no second
// button; the reminder is cancelled as the page runs.
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { CancelQuerySchema } from '../../domain/stock-reminders.ts'
import { LinkActionPage } from '../newsletter/link-action.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'

export function Component() {
  const { t } = useTranslation()
  const { api } = useServices()
  const { site, language } = useRootData()
  const [params] = useSearchParams()
  const link = CancelQuerySchema.safeParse({ token: params.get('token') ?? '' })
  const scope = { siteId: site.siteId, languageId: language.languageId }
  return (
    <LinkActionPage
      run={
        link.success
          ? async () =>
              (await import('./stock-reminder-api.ts')).stockReminderApi(api, scope).cancelByToken(link.data.token)
          : null
      }
      texts={{
        title: t('catalogue.reminderCancel.title'),
        working: t('catalogue.reminderCancel.working'),
        done: ({ productName, emailAddress }) =>
          t('catalogue.reminderCancel.done', { product: productName, email: emailAddress }),
        invalid: t('catalogue.reminderCancel.invalid'),
        missing: t('catalogue.reminderCancel.missing'),
      }}
    />
  )
}
