// A device store (compare, cart, catalogue, drafts) brings Dexie and the domain's schemas (zod) with it. Evaluated
// in one go that was one task of about 100 ms on a laptop, 400 ms or more on a slow phone, right after the first
// page hydrated, when the shopper starts to scroll and tap. Loaded in steps instead: the schemas one module per task
// (loadSchemas), then Dexie, then the store itself, each step a short task of its own.
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

/** A store's module, loaded after its dependencies (storeDependencies). */
export const inSteps =
  <T>(load: () => Promise<T>): (() => Promise<T>) =>
  async () => {
    await storeDependencies()
    return load()
  }
