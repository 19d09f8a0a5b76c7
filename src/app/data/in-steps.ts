// A device store (compare, cart, catalogue, drafts) brings Dexie and the domain's schemas (zod) with it. Evaluated
// in one go that was one task of about 100 ms on a laptop, 400 ms or more on a slow phone, right after the first
// page hydrated, when the shopper starts to scroll and tap. Loaded in steps instead: the schemas one module per task
// (loadSchemas), then Dexie, then each store, each step a short task of its own.
import { loadSchemas } from '../api/shop-api.ts'
import { nextTask } from '../when-idle.ts'

let dependencies: Promise<void> | undefined

/** What every store needs, loaded once, in steps. */
export const storeDependencies = (): Promise<void> =>
  (dependencies ??= (async () => {
    await loadSchemas()
    await import('../../browser/db.ts')
    await nextTask()
  })())

/** The last store load asked for: the next one starts in a task of its own once it has ended. */
let queue: Promise<unknown> = Promise.resolve()

/**
 * A store's module, loaded after its dependencies (storeDependencies). The frame asks for several stores at once (the
 * cart's, the comparison's, the catalogue's, the reminders'): started together, they were evaluated together, one
 * task of about 50 ms at 4× CPU slowdown. They are loaded one after the other instead, each in a task of its own.
 */
export function inSteps<T>(load: () => Promise<T>): () => Promise<T> {
  /** The module's load, shared by every caller; forgotten when it fails, so the next call tries again. */
  let loaded: Promise<T> | undefined
  return () => {
    if (!loaded) {
      const loading = queue.then(async () => {
        await storeDependencies()
        await nextTask()
        return load()
      })
      queue = loading.catch(() => undefined)
      loading.catch(() => (loaded = undefined))
      loaded = loading
    }
    return loaded
  }
}
