import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { connectivityAtom, type Connectivity } from './connectivity.ts'
import { useNoticeSlot } from './notice-slot.ts'

/**
 * The offline notice and, when the connection returns, the back-online notice. Either can be closed; a
 * closed one stays closed until the connection changes again.
 *
 * Until the app runs, the page (the server's, or the service worker's copy) carries the offline notice's text hidden.
 * A device that knows it is offline shows it at once: a script in the page's head marks the page before the first paint
 * (root/offline-mark.ts) and dialogs.css shows the text, unless another notice has the place. On a slow phone the app starts well after the
 * first paint, and the notice would otherwise come last, as the largest thing painted. Once hydrated, the app's own
 * notice (inserted, so the live region says it) takes over in the same render.
 */
export function ConnectivityNotice() {
  const { t } = useTranslation()
  const connectivity = useAtomValue(connectivityAtom)
  const hydrated = useHydrated()
  const [closed, setClosed] = useState<Connectivity | null>(null)
  // A change of connection opens the notice again (state adjusted while rendering, as React recommends).
  const [seen, setSeen] = useState(connectivity)
  if (seen !== connectivity) {
    setSeen(connectivity)
    setClosed(null)
  }
  const open = connectivity !== 'online' && closed !== connectivity
  const shown = useNoticeSlot('connectivity', open)
  return (
    <div className="connectivity-notice" data-state={connectivity} role="status" aria-live="polite">
      {!hydrated && !shown && (
        <p className="connectivity-notice__early" hidden>
          <span>{t('offline.notice')}</span>
        </p>
      )}
      {shown && (
        <p>
          <span>{t(connectivity === 'offline' ? 'offline.notice' : 'offline.backOnline')}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('a11y.closeDialog')}
            onClick={() => setClosed(connectivity)}
          >
            ×
          </button>
        </p>
      )}
    </div>
  )
}
