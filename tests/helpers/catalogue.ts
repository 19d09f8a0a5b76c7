// The catalogue fixtures and the test IndexedDB under their old shared name, for the importer not moved yet
// (src/app/data/cart-sync.test.ts, which moves on another branch). New tests import catalogue-fixtures.ts (pure)
// or indexed-db.ts; delete this file once nothing imports it.
export * from './catalogue-fixtures.ts'
export { freshDatabase } from './indexed-db.ts'
