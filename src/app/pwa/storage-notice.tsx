import { atom, useAtom } from 'jotai'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { onStorageProblem, type StorageProblem } from '../../browser/storage-status.ts'
import { useNoticeSlot } from './notice-slot.ts'

const storageProblemAtom = atom<StorageProblem | null>(null)

/**
 * Storage trouble (full disk, no IndexedDB) said out loud, once, until dismissed; it takes its turn with the other
 * notices at the bottom (after the cookie choice), so it never stacks on one or moves it.
 */
export function StorageNotice() {
  const { t } = useTranslation()
  const [problem, setProblem] = useAtom(storageProblemAtom)
  useEffect(() => onStorageProblem(setProblem), [setProblem])
  if (!useNoticeSlot('storage', problem !== null) || !problem) return null
  return (
    <div className="storage-notice" role="alert">
      <p>{t(problem === 'quota' ? 'storage.quota' : 'storage.unavailable')}</p>
      <button type="button" className="button button--small" onClick={() => setProblem(null)}>
        {t('storage.dismiss')}
      </button>
    </div>
  )
}
