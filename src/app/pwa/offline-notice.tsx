import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { connectivityAtom, type Connectivity } from './connectivity.ts'
import { useNoticeSlot } from './notice-slot.ts'

/**
 * The offline notice and, when the connection returns, the back-online notice. Either can be closed; a
 * closed one stays closed until the connection changes again.
 */
export function ConnectivityNotice() {
  const { t } = useTranslation()
  const connectivity = useAtomValue(connectivityAtom)
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
