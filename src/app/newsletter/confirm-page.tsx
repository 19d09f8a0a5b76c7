// /newsletter/confirm/?token=…: the link of the confirmation mail (double opt-in).
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { NewsletterTokenSchema } from '../../domain/newsletter-api.ts'
import { useServices } from '../services.tsx'
import { LinkActionPage } from './link-action.tsx'

export function Component() {
  const { t } = useTranslation()
  const { api } = useServices()
  const [params] = useSearchParams()
  const token = NewsletterTokenSchema.safeParse(params.get('token'))
  return (
    <LinkActionPage
      run={token.success ? () => api.newsletterConfirm(token.data) : null}
      texts={{
        title: t('newsletter.confirm.title'),
        working: t('newsletter.confirm.working'),
        lead: t('messages.newsletterSignedUp'),
        done: ({ emailAddress }) => t('newsletter.confirm.done', { email: emailAddress }),
        invalid: t('newsletter.confirm.invalid'),
        missing: t('newsletter.confirm.missing'),
      }}
    />
  )
}
