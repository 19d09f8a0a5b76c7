import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Notification } from '../../domain/content.ts'
import { AppLink } from '../ui/app-link.tsx'

const DISMISSED_KEY = 'notification-dismissed'

/** The site's running notification; closing it hides it for the rest of the visit (this tab). */
export function NotificationBar({ notification }: { notification: Notification | null }) {
  const { t } = useTranslation()
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => {
    try {
      if (notification && sessionStorage.getItem(DISMISSED_KEY) === String(notification.notificationId))
        setDismissed(true)
    } catch {
      // storage blocked: the bar stays
    }
  }, [notification])
  if (!notification || dismissed) return null
  return (
    <div className={`notification-bar notification-bar--${notification.severity}`} role="status">
      <p>
        {notification.text} {notification.link && <AppLink link={notification.link} />}
      </p>
      <button
        type="button"
        className="icon-button"
        aria-label={t('notification.close')}
        onClick={() => {
          setDismissed(true)
          try {
            sessionStorage.setItem(DISMISSED_KEY, String(notification.notificationId))
          } catch {
            // private mode: the bar simply comes back on the next page load
          }
        }}
      >
        ×
      </button>
    </div>
  )
}
