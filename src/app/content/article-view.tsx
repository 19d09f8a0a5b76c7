// Advice, blog, news and partner pages (docs/advice.md): an article in sections with its date and author, a video
// shown once the visitor allows YouTube (or taps to show it), the products it recommends and its place under its
// category and overview; and the lists: an overview with its categories or newest articles, a category's articles.
import './articles.css'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Article, ArticleLink } from '../../domain/articles.ts'
import { summaryOf, utcDay } from '../../domain/product-rules.ts'
import { ProductCard } from '../catalogue/product-card.tsx'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { consentAtom } from '../consent/consent.ts'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { scriptJson } from '../start-script.ts'
import { articleJsonLd } from './article-json-ld.ts'
import type { ArticleData } from './articles.data.ts'
import { PageHead } from './page-head.tsx'

function useDate() {
  const { locale } = useRootData()
  return (iso: string) =>
    new Intl.DateTimeFormat(locale.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
}

function Trail({ links }: { links: ({ title: string; path: string } | null)[] }) {
  const { t } = useTranslation()
  const shown = links.filter((link): link is { title: string; path: string } => link !== null)
  if (shown.length === 0) return null
  return (
    <nav className="article-trail" aria-label={t('a11y.breadcrumbs')}>
      <ol>
        {shown.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{link.title}</Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}

function Video({ video, title }: { video: NonNullable<Article['video']>; title: string }) {
  const { t } = useTranslation()
  const consent = useAtomValue(consentAtom)
  const [shown, setShown] = useState(false)
  // A tap before the page runs would do nothing: the button waits for it.
  const hydrated = useHydrated()
  const minutes = Math.floor(video.durationSeconds / 60)
  const seconds = String(video.durationSeconds % 60).padStart(2, '0')
  return (
    <figure className="article-video">
      <div className="article-video__frame">
        {consent === 'all' || shown ? (
          <iframe
            src={video.url}
            title={title}
            loading="lazy"
            // oxlint-disable-next-line react/iframe-missing-sandbox -- a cross-origin player: same-origin is YouTube's own origin, not the shop's, and it cannot play without scripts
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="article-video__consent">
            <p>{t('articles.video.consent')}</p>
            <button type="button" className="button" onClick={() => setShown(true)} disabled={!hydrated}>
              {t('articles.video.show')}
            </button>
          </div>
        )}
      </div>
      <figcaption>{t('articles.video.duration', { minutes: String(minutes), seconds })}</figcaption>
    </figure>
  )
}

function ArticlePage({ data }: { data: Extract<ArticleData, { kind: 'article' }> }) {
  const { t } = useTranslation()
  const { origin, site, locale, brand } = useRootData()
  const date = useDate()
  const { article } = data
  const today = utcDay(new Date())
  return (
    <article className="content-page article-page">
      <PageHead
        title={article.seoTitle}
        description={article.seoDescription}
        path={article.path}
        alternates={data.alternates}
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: scriptJson(
            articleJsonLd(article, origin, site.brandName, locale.language, `/icons/${brand}-192.png`),
          ),
        }}
      />
      <Trail links={[article.overview, article.category]} />
      <PageHeading>{article.title}</PageHeading>
      {(article.publishedAt || article.author) && (
        <p className="article-page__meta">
          {article.publishedAt && (
            <time dateTime={article.publishedAt}>{t('articles.published', { date: date(article.publishedAt) })}</time>
          )}
          {article.author && <span> · {t('articles.by', { author: article.author })}</span>}
        </p>
      )}
      <p className="article-page__summary">{article.summary}</p>
      {article.video && <Video video={article.video} title={article.title} />}
      {article.sections.map((section) => (
        <section key={section.heading} className="article-section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {article.website && (
        <p>
          <a href={article.website} rel="noopener" target="_blank">
            {t('articles.website')}
          </a>
        </p>
      )}
      {data.related.length > 0 && (
        <section className="article-related" aria-labelledby="article-related">
          <h2 id="article-related">{t('articles.related')}</h2>
          <div className="product-grid">
            {data.related.map((product, index) => (
              <ProductCard
                key={product.productId}
                summary={summaryOf(product, today)}
                list={null}
                index={index}
                headingLevel={3}
              />
            ))}
          </div>
        </section>
      )}
    </article>
  )
}

function Links({ articles }: { articles: ArticleLink[] }) {
  const { t } = useTranslation()
  const date = useDate()
  if (articles.length === 0) return <p>{t('articles.none')}</p>
  return (
    <ul className="article-links">
      {articles.map((article) => (
        <li key={article.articleId}>
          <Link to={article.path} className="article-links__title">
            {article.title}
          </Link>
          {article.kind === 'adviceVideo' && <span className="article-links__kind"> {t('articles.videoLabel')}</span>}
          {article.publishedAt && (
            <time className="article-links__date" dateTime={article.publishedAt}>
              {date(article.publishedAt)}
            </time>
          )}
          <p>{article.summary}</p>
        </li>
      ))}
    </ul>
  )
}

function ListPage({ data }: { data: Extract<ArticleData, { kind: 'articleList' }> }) {
  const { t } = useTranslation()
  const { list } = data
  const isCategory = list.kind === 'adviceCategory' || list.kind === 'blogCategory'
  return (
    <article className="content-page article-list-page">
      <PageHead title={list.seoTitle} description={list.seoDescription} path={list.path} alternates={data.alternates} />
      <Trail links={[list.parent]} />
      <PageHeading>{list.title}</PageHeading>
      <p className="article-page__summary">{list.intro}</p>
      {list.articles.length > 0 || isCategory ? (
        <section aria-labelledby="article-list-latest">
          <h2 id="article-list-latest" className={isCategory ? 'visually-hidden' : undefined}>
            {t('articles.latest')}
          </h2>
          <Links articles={list.articles} />
        </section>
      ) : null}
      {list.categories.map((category) => (
        <section
          key={category.categoryId}
          className="article-category"
          aria-labelledby={`category-${category.categoryId}`}
        >
          <h2 id={`category-${category.categoryId}`}>
            <Link to={category.path}>{category.title}</Link>
          </h2>
          <p>{category.intro}</p>
          {list.kind === 'adviceOverview' && <Links articles={category.articles} />}
        </section>
      ))}
    </article>
  )
}

export function ArticleView({ data }: { data: ArticleData }) {
  return data.kind === 'article' ? <ArticlePage data={data} /> : <ListPage data={data} />
}
