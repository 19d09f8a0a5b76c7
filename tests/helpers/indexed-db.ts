// An IndexedDB for tests of the app's data modules (jsdom and Node have none), installed as the global one before
// Dexie loads: Dexie's live queries only follow the global IndexedDB.
// oxlint-disable-next-line import/no-unassigned-import -- installs the global IndexedDB
import 'fake-indexeddb/auto'
import { ShopDatabase, useDatabase } from '../../src/browser/db.ts'

let databases = 0
/** A fresh, empty in-memory database for the app's data modules. */
export function freshDatabase(): ShopDatabase {
  const database = new ShopDatabase(`test-${Date.now()}-${++databases}`)
  useDatabase(database)
  return database
}
