import { RouteTargetSchema } from '../../domain/routing.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import { prepared } from '../db/prepared.ts'

const target = jsonColumn('urls', 'target', RouteTargetSchema)

const findUrlQuery = prepared(
  (db: Db, siteId: number, path: string) =>
    db.selectFrom('urls').select(['languageId', 'target']).where('siteId', '=', siteId).where('path', '=', path),
  2,
)

/** The route of a path on a site and its language; asked on every page view, hence prepared. */
export async function findUrl(db: Db, siteId: number, path: string) {
  const [row] = await findUrlQuery(db, siteId, path)
  return row && { languageId: row.languageId, target: target.parse(row.target) }
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

/** The canonical paths of route keys on every site, for the same page elsewhere (alternates). */
export function findCanonicalPathsEverywhere(db: Db, routeKeys: string[]) {
  if (routeKeys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('urls')
    .select(['siteId', 'languageId', 'path'])
    .where('routeKey', 'in', routeKeys)
    .where('isCanonical', '=', true)
    .orderBy('siteId')
    .orderBy('languageId')
    .orderBy('path')
    .execute()
}

/** Content pages of every site with the same key as one page ('faq', 'about' …): the same page on other sites. */
export function findContentPagesLike(db: Db, contentPageId: number) {
  return db
    .selectFrom('contentPages as page')
    .innerJoin('contentPages as same', 'same.key', 'page.key')
    .select(['same.id', 'same.key'])
    .where('page.id', '=', contentPageId)
    .execute()
}
