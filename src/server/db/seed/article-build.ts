// Advice, blogs, news and partners from `advice/structure.json` (keys, categories, dates, authors, videos, related
// products: what does not depend on language) and `advice/<language>.json` (slugs, titles, summaries, SEO texts,
// sections), checked with these schemas: the rows of the article tables, with fixed ids in the structure's order, and
// the URL of every overview, category and article on every site in each of its languages.
import { existsSync, readFileSync } from 'node:fs'
import { z } from 'zod'
import { ArticleSectionSchema, articlePath, SlugSchema, type ArticleKind } from '../../../domain/articles.ts'
import { LanguageCodeSchema } from '../../../domain/languages.ts'
import { LANGUAGE_CODES, type LanguageCode } from '../../../domain/language-codes.ts'
import type { RouteTarget } from '../../../domain/routing.ts'
import type { SeedRows } from './seed-tables.ts'

const dir = new URL('./advice/', import.meta.url)
const Key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
const Related = z.array(Key).max(8)
const Dated = { key: Key, publishedAt: z.iso.date(), related: Related }

export const ArticleStructureSchema = z.object({
  adviceCategories: z.array(z.object({ key: Key })).min(1),
  adviceArticles: z.array(z.object({ ...Dated, category: Key })),
  adviceVideos: z.array(
    z.object({ ...Dated, category: Key, videoUrl: z.url(), durationSeconds: z.number().int().positive() }),
  ),
  blogCategories: z.array(z.object({ key: Key })).min(1),
  blogArticles: z.array(z.object({ ...Dated, category: Key, author: z.string().min(1) })),
  newsItems: z.array(z.object(Dated)),
  partners: z.array(z.object({ key: Key, name: z.string().min(1), website: z.url(), related: Related })),
})
export type ArticleStructure = z.infer<typeof ArticleStructureSchema>

const Text = z.string().trim().min(1)
const Seo = { seoTitle: Text.max(70), seoDescription: Text.max(170) }
const ListTexts = z.object({ slug: SlugSchema, title: Text, intro: Text, ...Seo })
const ArticleTexts = z.object({
  slug: SlugSchema,
  title: Text,
  summary: Text,
  ...Seo,
  sections: z.array(ArticleSectionSchema).min(1).max(12),
})

export const ArticleLanguageSchema = z.object({
  language: LanguageCodeSchema,
  overviews: z.object({ advice: ListTexts, blog: ListTexts, news: ListTexts }),
  adviceCategories: z.record(Key, ListTexts),
  blogCategories: z.record(Key, ListTexts),
  adviceArticles: z.record(Key, ArticleTexts),
  adviceVideos: z.record(Key, ArticleTexts),
  blogArticles: z.record(Key, ArticleTexts),
  newsItems: z.record(Key, ArticleTexts),
  partners: z.record(Key, ArticleTexts),
})
export type ArticleLanguage = z.infer<typeof ArticleLanguageSchema>

export function loadArticleStructure(): ArticleStructure {
  return ArticleStructureSchema.parse(JSON.parse(readFileSync(new URL('structure.json', dir), 'utf8')))
}

/** The texts of every language that has a file. */
export function loadArticleTexts(): ArticleLanguage[] {
  return LANGUAGE_CODES.flatMap((code) => {
    const file = new URL(`${code}.json`, dir)
    if (!existsSync(file)) return []
    const texts = ArticleLanguageSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    if (texts.language !== code) throw new Error(`advice/${code}.json says it is ${texts.language}`)
    return [texts]
  })
}

/** What is wrong with a language's texts against the structure: missing or unknown keys, slugs used twice. */
export function articleTextProblems(structure: ArticleStructure, texts: ArticleLanguage): string[] {
  const problems: string[] = []
  const where = `advice/${texts.language}.json`
  const groups = [
    'adviceCategories',
    'blogCategories',
    'adviceArticles',
    'adviceVideos',
    'blogArticles',
    'newsItems',
    'partners',
  ] as const
  for (const group of groups) {
    const keys = structure[group].map((item) => item.key)
    for (const key of keys) if (!texts[group][key]) problems.push(`${where}: no ${group}.${key}`)
    for (const key of Object.keys(texts[group]))
      if (!keys.includes(key)) problems.push(`${where}: unknown ${group}.${key}`)
  }
  return problems
}

export const ARTICLE_TABLES = [
  'articleCategories',
  'articleCategoryTexts',
  'articles',
  'articleTexts',
  'articleOverviewTexts',
] as const

type ArticleGroup = 'adviceArticles' | 'adviceVideos' | 'blogArticles' | 'newsItems' | 'partners'
const KIND_OF: Record<ArticleGroup, ArticleKind> = {
  adviceArticles: 'adviceArticle',
  adviceVideos: 'adviceVideo',
  blogArticles: 'blogArticle',
  newsItems: 'newsItem',
  partners: 'partner',
}
const ARTICLE_GROUPS = Object.keys(KIND_OF) as ArticleGroup[]

function targetOf(kind: ArticleKind, id: number): RouteTarget {
  switch (kind) {
    case 'adviceArticle':
      return { kind, adviceArticleId: id }
    case 'adviceVideo':
      return { kind, adviceVideoId: id }
    case 'blogArticle':
      return { kind, blogArticleId: id }
    case 'newsItem':
      return { kind, newsItemId: id }
    case 'partner':
      return { kind, partnerId: id }
  }
}

export interface ArticleSiteLanguage {
  siteId: number
  language: LanguageCode
  languageId: number
  prefix: string
}

type UrlOf = { siteId: number; path: string; languageId: number; target: RouteTarget; isCanonical: boolean }

export function buildArticles(
  structure: ArticleStructure,
  languages: ArticleLanguage[],
  siteLanguages: ArticleSiteLanguage[],
  languageIdOf: (code: LanguageCode) => number,
) {
  const rows: Pick<
    SeedRows,
    'articleCategories' | 'articleCategoryTexts' | 'articles' | 'articleTexts' | 'articleOverviewTexts'
  > = { articleCategories: [], articleCategoryTexts: [], articles: [], articleTexts: [], articleOverviewTexts: [] }
  const urls: UrlOf[] = []
  const problems = languages.flatMap((texts) => articleTextProblems(structure, texts))
  if (problems.length) throw new Error(`The articles' texts:\n${problems.join('\n')}`)

  const categoryIds = new Map<string, number>()
  const categories = [
    ...structure.adviceCategories.map((c) => ({ ...c, kind: 'advice' as const })),
    ...structure.blogCategories.map((c) => ({ ...c, kind: 'blog' as const })),
  ]
  categories.forEach((category, index) => {
    categoryIds.set(category.key, index + 1)
    rows.articleCategories.push({ id: index + 1, kind: category.kind, key: category.key, position: index })
  })
  const articles = ARTICLE_GROUPS.flatMap((group) =>
    structure[group].map((item) => ({ group, kind: KIND_OF[group], item })),
  )
  articles.forEach(({ kind, item }, index) => {
    const category = 'category' in item ? categoryIds.get(item.category) : undefined
    if ('category' in item && category === undefined) throw new Error(`${item.key}: unknown category ${item.category}`)
    rows.articles.push({
      id: index + 1,
      kind,
      key: item.key,
      categoryId: category ?? null,
      publishedAt: 'publishedAt' in item ? item.publishedAt : null,
      author: 'author' in item ? item.author : null,
      videoUrl: 'videoUrl' in item ? item.videoUrl : null,
      videoSeconds: 'durationSeconds' in item ? item.durationSeconds : null,
      website: 'website' in item ? item.website : null,
      related: JSON.stringify(item.related),
    })
  })

  for (const texts of languages) {
    const languageId = languageIdOf(texts.language)
    for (const kind of ['advice', 'blog', 'news'] as const)
      rows.articleOverviewTexts.push({ kind, languageId, ...texts.overviews[kind] })
    for (const category of categories) {
      const own = (category.kind === 'advice' ? texts.adviceCategories : texts.blogCategories)[category.key]!
      rows.articleCategoryTexts.push({ categoryId: categoryIds.get(category.key)!, languageId, ...own })
    }
    articles.forEach(({ group, item }, index) => {
      const { sections, ...own } = texts[group][item.key]!
      rows.articleTexts.push({ articleId: index + 1, languageId, ...own, sections: JSON.stringify(sections) })
    })
  }

  for (const { siteId, language, languageId, prefix } of siteLanguages) {
    const texts = languages.find((l) => l.language === language)
    if (!texts) continue
    const url = (slugs: (string | null)[], target: RouteTarget) =>
      urls.push({ siteId, languageId, path: articlePath(prefix, slugs), target, isCanonical: true })
    const { advice, blog, news } = texts.overviews
    url([advice.slug], { kind: 'adviceOverview' })
    url([blog.slug], { kind: 'blogOverview' })
    url([news.slug], { kind: 'newsOverview' })
    for (const category of structure.adviceCategories)
      url([advice.slug, texts.adviceCategories[category.key]!.slug], {
        kind: 'adviceCategory',
        adviceCategoryId: categoryIds.get(category.key)!,
      })
    for (const category of structure.blogCategories)
      url([blog.slug, texts.blogCategories[category.key]!.slug], {
        kind: 'blogCategory',
        blogCategoryId: categoryIds.get(category.key)!,
      })
    articles.forEach(({ group, kind, item }, index) => {
      const slug = texts[group][item.key]!.slug
      const under =
        group === 'partners'
          ? []
          : group === 'newsItems'
            ? [news.slug]
            : group === 'blogArticles'
              ? [blog.slug, texts.blogCategories[(item as { category: string }).category]!.slug]
              : [advice.slug, texts.adviceCategories[(item as { category: string }).category]!.slug]
      url([...under, slug], targetOf(kind, index + 1))
    })
  }
  return { rows, urls }
}
