import type { Db } from '../db/database.ts'

export function listLanguages(db: Db) {
  return db.selectFrom('languages').select(['id', 'code', 'culture', 'localizedName']).orderBy('id').execute()
}
