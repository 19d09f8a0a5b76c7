// The rows a sitemap is made of (Kysely only): the canonical URLs of every site whose kind is a page meant for search
// engines, and the keys of the content pages, by which the same page is found on other sites.
import { RouteTargetSchema } from '../../domain/routing.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'

const target = jsonColumn('urls', 'target', RouteTargetSchema)

/** Kinds of page a sitemap lists (not redirects, not the search page, not a scan result by its key). */
export const INDEXED_KINDS = [
  'contentPage',
  'faq',
  'productSearch',
  'productVariant',
  'productBundle',
  'adviceOverview',
  'adviceCategory',
  'adviceArticle',
  'adviceVideo',
  'blogOverview',
  'blogCategory',
  'blogArticle',
  'newsOverview',
  'newsItem',
  'partner',
] as const

export async function findIndexedUrls(db: Db) {
  const rows = await db
    .selectFrom('urls')
    .select(['siteId', 'languageId', 'path', 'routeKey', 'target'])
    .where('isCanonical', '=', true)
    .where('kind', 'in', INDEXED_KINDS)
    .orderBy('siteId')
    .orderBy('path')
    .execute()
  return rows.map((row) => ({ ...row, target: target.parse(row.target) }))
}

export function findContentPageKeys(db: Db) {
  return db.selectFrom('contentPages').select(['id', 'key']).execute()
}
