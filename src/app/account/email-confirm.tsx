// /account/information/confirm-email/?userId&token: the link mailed to a new e-mail address (information-forms.tsx,
// EmailForm) opens here, signed in (the guard brings a signed-out visitor back after signing in with the address the
// account still has). Following it changes the address (POST /api/account/{userId}/confirm); then back to the
// overview with 'e-mail changed'. An expired or used link says so, with the way to ask for a new one.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '../checkout/checkout-errors.ts'
import { useServices } from '../services.tsx'
import { refreshAccount } from './account-state.ts'
import type { Saved } from './information-form-props.ts'

export function EmailConfirm({ overview }: { overview: string }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const userId = params.get('userId')
  const token = params.get('token')
  const [failure, setFailure] = useState<string | null>(null)
  // The token works once: the request goes out once, however often the effect runs.
  const sent = useRef(false)

  useEffect(() => {
    if (!userId || !token) {
      void navigate(overview, { replace: true })
      return
    }
    if (sent.current) return
    sent.current = true
    api.confirmAccount(userId, token).then(
      () => {
        void refreshAccount(api).catch(() => undefined)
        const saved: Saved = { saved: 'messages.emailChanged' }
        void navigate(overview, { replace: true, state: saved })
      },
      (error: unknown) => setFailure(errorMessage(t, error)),
    )
  }, [api, navigate, overview, t, token, userId])

  if (!failure) return <p role="status">{t('account.information.email.confirming')}</p>
  return (
    <p className="account-notice account-notice--error" role="alert">
      {failure} <Link to={`${overview}email/`}>{t('account.information.email.title')}</Link>
    </p>
  )
}
