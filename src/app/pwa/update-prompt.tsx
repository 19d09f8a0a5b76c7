import { useAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { useNoticeSlot } from './notice-slot.ts'
import { applyUpdate, updateAvailableAtom } from './update.ts'

/** "A new version is available": update now (what was typed is kept) or later. */
export function UpdatePrompt() {
  const { t } = useTranslation()
  const [available, setAvailable] = useAtom(updateAvailableAtom)
  if (!useNoticeSlot('update', available)) return null
  return (
    <section className="update-prompt dialog" role="alertdialog" aria-modal="false" aria-labelledby="update-title">
      <p id="update-title">{t('update.available')}</p>
      <p className="button-row">
        <button type="button" className="button" onClick={applyUpdate}>
          {t('update.reload')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAvailable(false)}>
          {t('update.later')}
        </button>
      </p>
    </section>
  )
}
