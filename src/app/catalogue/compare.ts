// The comparison list as UI state (jotai), mirrored from IndexedDB (src/app/data/compare-store.ts), which is loaded
// on first use so pages without a comparison do not carry Dexie.
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { COMPARE_MAX } from '../../domain/catalogue-constants.ts'
import { inSteps } from '../data/in-steps.ts'
import { inOwnTask } from '../when-idle.ts'

export const compareIdsAtom = atom<number[]>([])
/** The last refused addition (the list is full), for the notice; cleared when the list changes. */
export const compareRefusedAtom = atom<number | null>(null)

const store = inSteps(() => import('../data/compare-store.ts'))

/** The stored list of a site, read through the store loaded in steps. */
export const readCompareList = async (siteId: number) => (await store()).readCompare(siteId)

/** Keeps compareIdsAtom equal to the stored list of a site, across tabs. Mounted once, in the frame. */
export function useCompareSync(siteId: number, enabled: boolean): void {
  const setIds = useSetAtom(compareIdsAtom)
  useEffect(() => {
    if (!enabled) return
    let stop: (() => void) | undefined
    let stopped = false
    const cancel = inOwnTask(() => {
      void store()
        .then(({ watchCompare }) => {
          if (!stopped) stop = watchCompare(siteId, setIds)
        })
        .catch(() => undefined)
    })
    return () => {
      stopped = true
      cancel()
      stop?.()
    }
  }, [siteId, enabled, setIds])
}

export function useCompare(siteId: number) {
  const [ids, setIds] = useAtom(compareIdsAtom)
  const setRefused = useSetAtom(compareRefusedAtom)
  // Storage errors are already told to the person (storage-status.ts); here they only end the action.
  const add = useCallback(
    async (productId: number) => {
      const { addToCompare, readCompare } = await store()
      const result = await addToCompare(siteId, productId).catch(() => null)
      setRefused(result === 'full' ? productId : null)
      setIds(await readCompare(siteId).catch(() => []))
      return result
    },
    [siteId, setIds, setRefused],
  )
  const remove = useCallback(
    async (productId: number) => {
      const { removeFromCompare, readCompare } = await store()
      await removeFromCompare(siteId, productId).catch(() => undefined)
      setRefused(null)
      setIds(await readCompare(siteId).catch(() => []))
    },
    [siteId, setIds, setRefused],
  )
  const clear = useCallback(async () => {
    const { clearCompare } = await store()
    await clearCompare(siteId).catch(() => undefined)
    setRefused(null)
    setIds([])
  }, [siteId, setIds, setRefused])
  return { ids, add, remove, clear, isFull: ids.length >= COMPARE_MAX }
}

export const useCompareRefused = () => useAtomValue(compareRefusedAtom)
