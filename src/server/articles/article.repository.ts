// Article queries (Kysely only): the whole library of one language and its fallback in a handful of queries (it is
// small: tens of articles), JSON columns parsed with the domain's schemas.
import { z } from 'zod'
import { ArticleSectionSchema } from '../../domain/articles.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'

const sections = jsonColumn('articleTexts', 'sections', z.array(ArticleSectionSchema))
const related = jsonColumn('articles', 'related', z.array(z.string()))

export async function findLibraryRows(db: Db, languageIds: readonly number[]) {
  const [categories, categoryTexts, articles, articleTexts, overviewTexts] = await Promise.all([
    db.selectFrom('articleCategories').selectAll().orderBy('position').execute(),
    db.selectFrom('articleCategoryTexts').selectAll().where('languageId', 'in', languageIds).execute(),
    db.selectFrom('articles').selectAll().orderBy('id').execute(),
    db.selectFrom('articleTexts').selectAll().where('languageId', 'in', languageIds).execute(),
    db.selectFrom('articleOverviewTexts').selectAll().where('languageId', 'in', languageIds).execute(),
  ])
  return {
    categories,
    categoryTexts,
    articles: articles.map((row) => ({ ...row, related: related.parse(row.related) })),
    articleTexts: articleTexts.map((row) => ({ ...row, sections: sections.parse(row.sections) })),
    overviewTexts,
  }
}
