import { atom, useAtom } from 'jotai'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { onStorageProblem, type StorageProblem } from '../../browser/storage-status.ts'

const storageProblemAtom = atom<StorageProblem | null>(null)

/** Storage trouble (full disk, no IndexedDB) said out loud, once, until dismissed. */
export function StorageNotice() {
  const { t } = useTranslation()
  const [problem, setProblem] = useAtom(storageProblemAtom)
  useEffect(() => onStorageProblem(setProblem), [setProblem])
  if (!problem) return null
  return (
    <div className="storage-notice" role="alert">
      <p>{t(problem === 'quota' ? 'storage.quota' : 'storage.unavailable')}</p>
      <button type="button" className="button button--small" onClick={() => setProblem(null)}>
        {t('storage.dismiss')}
      </button>
    </div>
  )
}
