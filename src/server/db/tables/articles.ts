// Advice, blogs, news and partners (src/server/articles/, migration 0023): shared by every site, texts per language;
// their paths are rows of `urls` per site and language, like every page.
export interface ArticleCategoryTable {
  id: number
  kind: 'advice' | 'blog'
  key: string
  position: number
}

export interface ArticleCategoryTextTable {
  categoryId: number
  languageId: number
  slug: string
  title: string
  intro: string
  seoTitle: string
  seoDescription: string
}

export interface ArticleTable {
  id: number
  kind: 'adviceArticle' | 'adviceVideo' | 'blogArticle' | 'newsItem' | 'partner'
  key: string
  categoryId: number | null
  /** Date (YYYY-MM-DD); null for partners. */
  publishedAt: string | null
  author: string | null
  videoUrl: string | null
  videoSeconds: number | null
  website: string | null
  /** JSON: the related products' keys, in order. */
  related: string
}

export interface ArticleTextTable {
  articleId: number
  languageId: number
  slug: string
  title: string
  summary: string
  seoTitle: string
  seoDescription: string
  /** JSON: the sections (ArticleSectionSchema). */
  sections: string
}

/** The advice, blog and news overviews' texts per language. */
export interface ArticleOverviewTextTable {
  kind: 'advice' | 'blog' | 'news'
  languageId: number
  slug: string
  title: string
  intro: string
  seoTitle: string
  seoDescription: string
}

export interface ArticleTables {
  articleCategories: ArticleCategoryTable
  articleCategoryTexts: ArticleCategoryTextTable
  articles: ArticleTable
  articleTexts: ArticleTextTable
  articleOverviewTexts: ArticleOverviewTextTable
}
