// The comparison list (at most 4 products; adding one already there is ignored), per site, in IndexedDB: it
// survives reloads and is shared by the site's open tabs (a change in one tab reaches the others through Dexie's live
// queries).
import { liveQuery } from 'dexie'
import { addToComparison, ComparisonListSchema } from '../../domain/client-state.ts'
import { shopDatabase } from '../../browser/db.ts'
import { reportStorageError } from '../../browser/storage-status.ts'

/** The stored list; a stored value that fails the check counts as an empty list (and is replaced on the next write). */
export async function readCompare(siteId: number): Promise<number[]> {
  const record = await shopDatabase().compare.get(siteId)
  const list = ComparisonListSchema.safeParse(record?.productIds ?? [])
  return list.success ? list.data : []
}

export type AddResult = 'added' | 'present' | 'full'

export async function addToCompare(siteId: number, productId: number): Promise<AddResult> {
  const db = shopDatabase()
  return db
    .transaction('rw', db.compare, async () => {
      const current = await readCompare(siteId)
      if (current.includes(productId)) return 'present' as const
      const next = addToComparison(current, productId)
      if (next.length === current.length) return 'full' as const
      await db.compare.put({ siteId, productIds: next })
      return 'added' as const
    })
    .catch(reportStorageError)
}

export async function removeFromCompare(siteId: number, productId: number): Promise<void> {
  const db = shopDatabase()
  await db
    .transaction('rw', db.compare, async () => {
      const current = await readCompare(siteId)
      await db.compare.put({ siteId, productIds: current.filter((id) => id !== productId) })
    })
    .catch(reportStorageError)
}

export async function clearCompare(siteId: number): Promise<void> {
  await shopDatabase().compare.put({ siteId, productIds: [] }).catch(reportStorageError)
}

/** Calls back with the list now and after every change, in this tab or another. */
export function watchCompare(siteId: number, onChange: (ids: number[]) => void): () => void {
  const subscription = liveQuery(() => readCompare(siteId)).subscribe({
    next: onChange,
    error: () => onChange([]),
  })
  return () => subscription.unsubscribe()
}
