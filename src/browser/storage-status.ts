// Storage trouble (a full disk, a browser that refuses IndexedDB) is told to the person, never swallowed: writes to
// the device's database report it here, and the app's frame shows it (StorageNotice).

export type StorageProblem = 'quota' | 'unavailable'

type Listener = (problem: StorageProblem) => void
const listeners = new Set<Listener>()

export function onStorageProblem(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The kind of storage problem an error is, or null for any other error. */
export function storageProblemOf(error: unknown): StorageProblem | null {
  const names = [error, (error as { inner?: unknown } | null)?.inner].map((e) => (e as { name?: string } | null)?.name)
  if (names.includes('QuotaExceededError')) return 'quota'
  if (names.some((name) => name === 'MissingAPIError' || name === 'InvalidStateError' || name === 'OpenFailedError'))
    return 'unavailable'
  return null
}

/** Reports a storage error and rethrows it; other errors are rethrown untouched. */
export function reportStorageError(error: unknown): never {
  const problem = storageProblemOf(error)
  if (problem) for (const listener of listeners) listener(problem)
  throw error
}
