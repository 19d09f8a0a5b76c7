import { z } from 'zod'
import { IdSchema } from './ids.ts'

// Advice, blogs, news and partners (spec §2 route kinds): articles in sections, in categories (advice, blog), under
// overviews, each at its own path per site and language. The server answers them (src/server/articles/), the app
// renders them on the catch-all route; their paths come from slugs by the same rules on both sides.

export const ArticleKindSchema = z.enum(['adviceArticle', 'adviceVideo', 'blogArticle', 'newsItem', 'partner'])
export type ArticleKind = z.infer<typeof ArticleKindSchema>

/** The lists: the three overviews and the two kinds of category. */
export const ArticleListKindSchema = z.enum([
  'adviceOverview',
  'blogOverview',
  'newsOverview',
  'adviceCategory',
  'blogCategory',
])
export type ArticleListKind = z.infer<typeof ArticleListKindSchema>

/** Which overview an article or category belongs under. */
export type OverviewKind = 'advice' | 'blog' | 'news'
export const overviewOf = (kind: ArticleKind | 'adviceCategory' | 'blogCategory'): OverviewKind | null =>
  kind === 'adviceArticle' || kind === 'adviceVideo' || kind === 'adviceCategory'
    ? 'advice'
    : kind === 'blogArticle' || kind === 'blogCategory'
      ? 'blog'
      : kind === 'newsItem'
        ? 'news'
        : null

export const SlugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)

/**
 * An article's path: under its overview and category ('/advies/voeren/hoeveel-krachtvoer/'), a news item under the
 * news overview, a partner at the top ('/agrilab/'); with the language's prefix where the site has one.
 */
export function articlePath(prefix: string, slugs: readonly (string | null)[]): string {
  const parts = [prefix, ...slugs].filter((part): part is string => !!part)
  return `/${parts.join('/')}/`
}

export const ArticleSectionSchema = z.object({
  heading: z.string().max(200),
  paragraphs: z.array(z.string().min(1).max(3000)).min(1).max(10),
})
export type ArticleSection = z.infer<typeof ArticleSectionSchema>

const Text = z.string().max(500)
const Path = z.string().startsWith('/').max(1024)

/** An article as lists show it. */
export const ArticleLinkSchema = z.object({
  articleId: IdSchema,
  kind: ArticleKindSchema,
  title: Text,
  summary: z.string().max(1000),
  path: Path,
  publishedAt: z.iso.date().nullable(),
})
export type ArticleLink = z.infer<typeof ArticleLinkSchema>

/** `GET /api/articles/{id}`: one article in the request's site and language. */
export const ArticleSchema = ArticleLinkSchema.extend({
  seoTitle: Text,
  seoDescription: Text,
  sections: z.array(ArticleSectionSchema).min(1).max(12),
  author: z.string().max(100).nullable(),
  /** An advice video: its embed address (shown once the visitor allows third-party content) and length. */
  video: z.object({ url: z.url(), durationSeconds: z.number().int().positive() }).nullable(),
  /** A partner's website. */
  website: z.url().nullable(),
  category: z.object({ categoryId: IdSchema, title: Text, path: Path }).nullable(),
  overview: z.object({ title: Text, path: Path }).nullable(),
  /** Products of the site it recommends, in order. */
  relatedProductIds: z.array(IdSchema).max(12),
})
export type Article = z.infer<typeof ArticleSchema>

export const ArticleCategorySchema = z.object({
  categoryId: IdSchema,
  title: Text,
  intro: z.string().max(1000),
  path: Path,
  articles: z.array(ArticleLinkSchema),
})
export type ArticleCategory = z.infer<typeof ArticleCategorySchema>

/**
 * `GET /api/articlelists/{kind}[?id=]`: an overview (advice: its categories with their articles; blog: the newest
 * articles and the categories; news: the items, newest first) or a category with its articles.
 */
export const ArticleListSchema = z.object({
  kind: ArticleListKindSchema,
  title: Text,
  intro: z.string().max(1000),
  seoTitle: Text,
  seoDescription: Text,
  path: Path,
  /** A category's overview. */
  parent: z.object({ title: Text, path: Path }).nullable(),
  categories: z.array(ArticleCategorySchema),
  articles: z.array(ArticleLinkSchema),
})
export type ArticleList = z.infer<typeof ArticleListSchema>

export const ArticleListQuerySchema = z.object({ id: z.coerce.number().pipe(IdSchema).optional() })
