import type { Db } from '../db/database.ts'
import { prepared } from '../db/prepared.ts'

const findUrlQuery = prepared(
  (db: Db, siteId: number, path: string) =>
    db.selectFrom('urls').select(['languageId', 'target']).where('siteId', '=', siteId).where('path', '=', path),
  2,
)

/** The URL-table row of a path on a site; asked on every page view, hence prepared. */
export async function findUrl(db: Db, siteId: number, path: string) {
  const [row] = await findUrlQuery(db, siteId, path)
  return row
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
