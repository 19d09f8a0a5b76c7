import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { connectivityAtom } from './connectivity.ts'

/** The offline notice and, when the connection returns, the back-online notice (SPEC §2). */
export function ConnectivityNotice() {
  const { t } = useTranslation()
  const connectivity = useAtomValue(connectivityAtom)
  return (
    <div className="connectivity-notice" data-state={connectivity} role="status" aria-live="polite">
      {connectivity === 'offline' && <p>{t('offline.notice')}</p>}
      {connectivity === 'back-online' && <p>{t('offline.backOnline')}</p>}
    </div>
  )
}
