// Advice, blogs, news and partners of a site in a language: one article with its category, overview and related
// products, or a list (an overview, a category). The texts are in the language, else the site's fallback language;
// `{brand}` is the site's brand; paths follow the slugs as the seed wrote them into the URL table (articlePath).
import {
  articlePath,
  overviewOf,
  type Article,
  type ArticleCategory,
  type ArticleLink,
  type ArticleList,
  type ArticleListKind,
} from '../../domain/articles.ts'
import { NotFoundError } from '../../domain/errors.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { Db } from '../db/database.ts'
import type { RequestScope } from '../http/scope.ts'
import { findLibraryRows } from './article.repository.ts'

type Rows = Awaited<ReturnType<typeof findLibraryRows>>

/** Fills the brand into every text of a value (the seed writes {brand} where the shop names itself). */
function branded<T>(value: T, brand: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll('{brand}', brand.replace(/["\\]/g, '\\$&'))) as T
}

/** The library of a site in a language. */
async function library(db: Db, { site, language }: Pick<RequestScope, 'site' | 'language'>) {
  const ids = [language.languageId, site.fallbackLanguageId]
  const rows = await findLibraryRows(db, ids)
  const pick = <T extends { languageId: number }>(list: T[], match: (row: T) => boolean) =>
    list.find((row) => match(row) && row.languageId === ids[0]) ??
    list.find((row) => match(row) && row.languageId === ids[1])
  const prefix = language.pathPrefix
  const overview = (kind: 'advice' | 'blog' | 'news') => {
    const texts = pick(rows.overviewTexts, (row) => row.kind === kind)
    if (!texts) throw new NotFoundError(`The ${kind} overview in language ${language.languageId}`)
    return { ...texts, path: articlePath(prefix, [texts.slug]) }
  }
  const categoryOf = (row: Rows['categories'][number]) => {
    const texts = pick(rows.categoryTexts, (t) => t.categoryId === row.id)
    if (!texts) return null
    return { ...row, ...texts, path: articlePath(prefix, [overview(row.kind).slug, texts.slug]) }
  }
  const categories = rows.categories.flatMap((row) => categoryOf(row) ?? [])
  const articles = rows.articles.flatMap((row) => {
    const texts = pick(rows.articleTexts, (t) => t.articleId === row.id)
    if (!texts) return []
    const category = categories.find((c) => c.id === row.categoryId) ?? null
    const under = overviewOf(row.kind)
    const slugs =
      row.kind === 'partner'
        ? []
        : row.kind === 'newsItem'
          ? [overview('news').slug]
          : [overview(under!).slug, category?.slug ?? null]
    return [{ row, texts, category, path: articlePath(prefix, [...slugs, texts.slug]) }]
  })
  return { overview, categories, articles }
}

type Library = Awaited<ReturnType<typeof library>>
type Entry = Library['articles'][number]

const linkOf = ({ row, texts, path }: Entry): ArticleLink => ({
  articleId: row.id,
  kind: row.kind,
  title: texts.title,
  summary: texts.summary,
  path,
  publishedAt: row.publishedAt,
})
/** Newest first; undated ones (partners) in their order. */
const newestFirst = (a: Entry, b: Entry) =>
  (b.row.publishedAt ?? '').localeCompare(a.row.publishedAt ?? '') || a.row.id - b.row.id

export async function articleOf(
  db: Db,
  scope: Pick<RequestScope, 'site' | 'language'>,
  articleId: number,
  products: readonly CatalogueProduct[],
): Promise<Article> {
  const lib = await library(db, scope)
  const entry = lib.articles.find((a) => a.row.id === articleId)
  if (!entry) throw new NotFoundError(`Article ${articleId}`)
  const { row, texts, category } = entry
  const under = overviewOf(row.kind)
  const sold = new Map(products.map((p) => [p.key, p.productId]))
  return branded(
    {
      ...linkOf(entry),
      seoTitle: texts.seoTitle,
      seoDescription: texts.seoDescription,
      sections: texts.sections,
      author: row.author,
      video: row.videoUrl && row.videoSeconds ? { url: row.videoUrl, durationSeconds: row.videoSeconds } : null,
      website: row.website,
      category: category && { categoryId: category.id, title: category.title, path: category.path },
      overview: under && { title: lib.overview(under).title, path: lib.overview(under).path },
      relatedProductIds: row.related.flatMap((key) => sold.get(key) ?? []),
    },
    scope.site.brandName,
  )
}

/** A list's own texts. */
const texts = (t: { title: string; intro: string; seoTitle: string; seoDescription: string; path: string }) => ({
  title: t.title,
  intro: t.intro,
  seoTitle: t.seoTitle,
  seoDescription: t.seoDescription,
  path: t.path,
})

export async function articleListOf(
  db: Db,
  scope: Pick<RequestScope, 'site' | 'language'>,
  kind: ArticleListKind,
  id: number | undefined,
): Promise<ArticleList> {
  const lib = await library(db, scope)
  const categoryWith = (category: Library['categories'][number]): ArticleCategory => ({
    categoryId: category.id,
    title: category.title,
    intro: category.intro,
    path: category.path,
    articles: lib.articles
      .filter((a) => a.row.categoryId === category.id)
      .toSorted(newestFirst)
      .map(linkOf),
  })
  let list: ArticleList
  if (kind === 'adviceCategory' || kind === 'blogCategory') {
    const category = lib.categories.find(
      (c) => c.id === id && c.kind === (kind === 'adviceCategory' ? 'advice' : 'blog'),
    )
    if (!category) throw new NotFoundError(`Category ${id}`)
    const parent = lib.overview(category.kind)
    const own = categoryWith(category)
    list = {
      kind,
      ...texts(category),
      parent: { title: parent.title, path: parent.path },
      categories: [],
      articles: own.articles,
    }
  } else {
    const under = kind === 'adviceOverview' ? 'advice' : kind === 'blogOverview' ? 'blog' : 'news'
    const overview = lib.overview(under)
    const categories = lib.categories.filter((c) => c.kind === under).map(categoryWith)
    const articles =
      under === 'advice'
        ? []
        : lib.articles
            .filter((a) => overviewOf(a.row.kind) === under)
            .toSorted(newestFirst)
            .map(linkOf)
    list = { kind, ...texts(overview), parent: null, categories, articles }
  }
  return branded(list, scope.site.brandName)
}
