// /newsletter/unsubscribe/?id=…&key=…: the link in every newsletter mail. One click: no sign-in, no second button.
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { UnsubscribeQuerySchema } from '../../domain/newsletter-api.ts'
import { useServices } from '../services.tsx'
import { LinkActionPage } from './link-action.tsx'

export function Component() {
  const { t } = useTranslation()
  const { api } = useServices()
  const [params] = useSearchParams()
  const link = UnsubscribeQuerySchema.safeParse({ id: params.get('id') ?? '', key: params.get('key') ?? '' })
  return (
    <LinkActionPage
      run={link.success ? () => api.newsletterUnsubscribe(String(link.data.id), link.data.key) : null}
      texts={{
        title: t('newsletter.unsubscribe.title'),
        working: t('newsletter.unsubscribe.working'),
        done: ({ emailAddress }) => t('newsletter.unsubscribe.done', { email: emailAddress }),
        invalid: t('newsletter.unsubscribe.invalid'),
        missing: t('newsletter.unsubscribe.missing'),
      }}
    />
  )
}
