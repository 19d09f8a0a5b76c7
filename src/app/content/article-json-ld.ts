// schema.org data of an article for search engines: a BlogPosting, a NewsArticle or an Article (advice, videos,
// partners), with its headline, description, dates, author (the person, else the brand) and publisher.
import type { Article } from '../../domain/articles.ts'

const TYPES: Record<Article['kind'], string> = {
  adviceArticle: 'Article',
  adviceVideo: 'Article',
  blogArticle: 'BlogPosting',
  newsItem: 'NewsArticle',
  partner: 'Article',
}

export function articleJsonLd(article: Article, origin: string, brandName: string, language: string, logo: string) {
  const publisher = {
    '@type': 'Organization',
    name: brandName,
    logo: { '@type': 'ImageObject', url: `${origin}${logo}` },
  }
  return {
    '@context': 'https://schema.org',
    '@type': TYPES[article.kind],
    headline: article.title,
    description: article.seoDescription || article.summary,
    inLanguage: language,
    mainEntityOfPage: { '@type': 'WebPage', '@id': `${origin}${article.path}` },
    ...(article.publishedAt ? { datePublished: article.publishedAt, dateModified: article.publishedAt } : {}),
    author: article.author ? { '@type': 'Person', name: article.author } : publisher,
    publisher,
  }
}
