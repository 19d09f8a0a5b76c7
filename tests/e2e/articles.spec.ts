import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { nl, texts, waitForServiceWorker } from './helpers.ts'
import { startServer, type RunningServer } from './server.ts'
import { E2E_PORT, ownPort } from './ports.ts'

// Advice, blogs, news and partners in Chromium against the real server: every kind rendered by the server in two
// languages (Dutch and Belgian French), the article's JSON-LD and related products, the video only on request, and an
// article read once still readable with the server stopped.

interface Texts {
  slug: string
  title: string
}
type Group = Record<string, Texts>
interface ArticleTexts {
  overviews: Record<'advice' | 'blog' | 'news', Texts>
  adviceCategories: Group
  blogCategories: Group
  adviceArticles: Group
  adviceVideos: Group
  blogArticles: Group
  newsItems: Group
  partners: Group
}
const seed = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../../src/server/db/seed/advice/${language}.json`, import.meta.url), 'utf8'),
  ) as ArticleTexts
const structure = JSON.parse(
  readFileSync(new URL('../../src/server/db/seed/advice/structure.json', import.meta.url), 'utf8'),
) as Record<string, { key: string; category?: string }[]>

/** A path of every kind in a language, with the title its page shows. */
function pagesOf(language: string, prefix: string): { kind: string; path: string; title: string }[] {
  const t = seed(language)
  const at = (...slugs: string[]) => `/${[prefix, ...slugs].filter(Boolean).join('/')}/`
  const advice = structure.adviceArticles![0]!
  const video = structure.adviceVideos![0]!
  const blog = structure.blogArticles![0]!
  const news = structure.newsItems![0]!
  const partner = structure.partners![0]!
  const adviceCategory = structure.adviceCategories![0]!
  const blogCategory = structure.blogCategories![0]!
  return [
    { kind: 'advice overview', path: at(t.overviews.advice.slug), title: t.overviews.advice.title },
    {
      kind: 'advice category',
      path: at(t.overviews.advice.slug, t.adviceCategories[adviceCategory.key]!.slug),
      title: t.adviceCategories[adviceCategory.key]!.title,
    },
    {
      kind: 'advice article',
      path: at(t.overviews.advice.slug, t.adviceCategories[advice.category!]!.slug, t.adviceArticles[advice.key]!.slug),
      title: t.adviceArticles[advice.key]!.title,
    },
    {
      kind: 'advice video',
      path: at(t.overviews.advice.slug, t.adviceCategories[video.category!]!.slug, t.adviceVideos[video.key]!.slug),
      title: t.adviceVideos[video.key]!.title,
    },
    { kind: 'blog overview', path: at(t.overviews.blog.slug), title: t.overviews.blog.title },
    {
      kind: 'blog category',
      path: at(t.overviews.blog.slug, t.blogCategories[blogCategory.key]!.slug),
      title: t.blogCategories[blogCategory.key]!.title,
    },
    {
      kind: 'blog article',
      path: at(t.overviews.blog.slug, t.blogCategories[blog.category!]!.slug, t.blogArticles[blog.key]!.slug),
      title: t.blogArticles[blog.key]!.title,
    },
    { kind: 'news overview', path: at(t.overviews.news.slug), title: t.overviews.news.title },
    {
      kind: 'news item',
      path: at(t.overviews.news.slug, t.newsItems[news.key]!.slug),
      title: t.newsItems[news.key]!.title,
    },
    { kind: 'partner', path: at(t.partners[partner.key]!.slug), title: t.partners[partner.key]!.title },
  ].map((page) => ({ ...page, title: page.title.replaceAll('{brand}', 'Equivera') }))
}

test.describe('every content kind, rendered by the server', () => {
  test.use({ javaScriptEnabled: false })
  for (const [language, host, prefix] of [
    ['nl', 'equivera-nl.localhost', ''],
    ['fr-BE', 'equivera-be.localhost', 'fr'],
  ] as const) {
    test(`in ${language}`, async ({ page }) => {
      for (const { kind, path, title } of pagesOf(language, prefix)) {
        const response = await page.goto(`http://${host}:${E2E_PORT}${path}`)
        expect(response?.status(), `${kind} ${path}`).toBe(200)
        await expect(page.getByRole('heading', { level: 1 }), kind).toHaveText(title)
        await expect(page.locator('html'), kind).toHaveAttribute('lang', language === 'nl' ? 'nl-NL' : 'fr-BE')
        await expect(page.locator('link[rel="canonical"]'), kind).toHaveAttribute(
          'href',
          `http://${host}:${E2E_PORT}${path}`,
        )
      }
    })
  }
})

test('an advice article: JSON-LD, related products, the video only when asked for', async ({ page }) => {
  const pages = pagesOf('nl', '')
  const article = pages.find((p) => p.kind === 'advice article')!
  await page.goto(`http://equivera-nl.localhost:${E2E_PORT}${article.path}`)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!)
  expect(jsonLd).toMatchObject({ '@type': 'Article', headline: article.title, inLanguage: 'nl' })
  await expect(page.locator('.article-related .product-card')).not.toHaveCount(0)

  const video = pages.find((p) => p.kind === 'advice video')!
  await page.goto(`http://equivera-nl.localhost:${E2E_PORT}${video.path}`)
  await expect(page.locator('.article-video iframe')).toHaveCount(0)
  await page.getByRole('button', { name: texts('nl').articles.video.show }).click()
  await expect(page.locator('.article-video iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
  )
})

test.describe('articles offline', () => {
  const PORT = ownPort(23)
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  test('an article read once is readable in the stable with the server stopped', async ({ page, context }) => {
    const origin = `http://equivera-nl.localhost:${PORT}`
    const article = pagesOf('nl', '').find((p) => p.kind === 'blog article')!
    await page.goto(`${origin}/`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await page.goto(`${origin}${article.path}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
    const firstSection = await page.locator('.article-section h2').first().textContent()

    await server.stop()
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
    await expect(page.locator('.article-section h2').first()).toHaveText(firstSection!)

    server = await startServer(PORT)
    await context.setOffline(false)
  })
})
