import type { Db } from '../db/database.ts'

export function findUrl(db: Db, siteId: number, path: string) {
  return db
    .selectFrom('urls')
    .select(['languageId', 'target'])
    .where('siteId', '=', siteId)
    .where('path', '=', path)
    .executeTakeFirst()
}

export function findCanonicalPath(db: Db, siteId: number, languageId: number, routeKey: string) {
  return db
    .selectFrom('urls')
    .select('path')
    .where('siteId', '=', siteId)
    .where('routeKey', '=', routeKey)
    .where('languageId', '=', languageId)
    .where('isCanonical', '=', true)
    .orderBy('path')
    .executeTakeFirst()
}
