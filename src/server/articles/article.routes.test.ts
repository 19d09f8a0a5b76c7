// Advice, blogs, news and partners through the API on real databases: every list and article of the seed in a site's
// language, their paths as the routing table resolves them, related products the site sells, the brand filled in.
import { describe, expect, it } from 'vitest'
import { ArticleListSchema, ArticleSchema, type ArticleList } from '../../domain/articles.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { RouteInfoSchema } from '../../domain/routing.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { loadArticleStructure, loadArticleTexts } from '../db/seed/article-build.ts'

const IE = 'equivera-ie.localhost'
const SECOND = 'paddockpure-nl.localhost'
const structure = loadArticleStructure()
const texts = (language: string) => loadArticleTexts().find((t) => t.language === language)!

describe.each(DIALECTS)('advice, blogs, news and partners on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const get = (url: string, host = IE) => current().app.inject({ method: 'GET', url, headers: { host } })
  const list = async (kind: string, host = IE, id?: number) => {
    const res = await get(`/api/articlelists/${kind}${id === undefined ? '' : `?id=${id}`}`, host)
    expect(res.statusCode, res.body).toBe(200)
    return ArticleListSchema.parse(res.json())
  }
  const routeOf = async (path: string, host = IE) => {
    const res = await get(`/api/routing/getbyurl?url=${encodeURIComponent(path)}`, host)
    expect(res.statusCode, res.body).toBe(200)
    return RouteInfoSchema.parse(res.json())
  }

  it('lists the advice overview by category, each at the path the routing table resolves', async () => {
    const en = texts('en')
    const advice = await list('adviceOverview')
    expect(advice).toMatchObject({ title: en.overviews.advice.title, path: `/${en.overviews.advice.slug}/` })
    expect(advice.categories.map((c) => c.title)).toEqual(
      structure.adviceCategories.map((c) => en.adviceCategories[c.key]!.title),
    )
    expect(await routeOf(advice.path)).toMatchObject({ kind: 'adviceOverview' })
    for (const category of advice.categories) {
      expect(await routeOf(category.path)).toMatchObject({
        kind: 'adviceCategory',
        adviceCategoryId: category.categoryId,
      })
      expect((await list('adviceCategory', IE, category.categoryId)).articles).toEqual(category.articles)
      for (const article of category.articles) {
        const route = await routeOf(article.path)
        expect(route.kind).toBe(article.kind)
        const id =
          route.kind === 'adviceArticle' ? route.adviceArticleId : route.kind === 'adviceVideo' && route.adviceVideoId
        expect(id).toBe(article.articleId)
      }
    }
    const total = advice.categories.reduce((sum, c) => sum + c.articles.length, 0)
    expect(total).toBe(structure.adviceArticles.length + structure.adviceVideos.length)
  })

  it('gives an article whole: sections, category, overview, the products the site sells, the brand', async () => {
    const videoKey = structure.adviceVideos[0]!.key
    const advice = await list('adviceOverview')
    const link = advice.categories.flatMap((c) => c.articles).find((a) => a.kind === 'adviceVideo')!
    const res = await get(`/api/articles/${link.articleId}`)
    expect(res.statusCode, res.body).toBe(200)
    const article = ArticleSchema.parse(res.json())
    expect(article.title).toBe(texts('en').adviceVideos[videoKey]!.title)
    expect(article.video).toEqual({
      url: structure.adviceVideos[0]!.videoUrl,
      durationSeconds: structure.adviceVideos[0]!.durationSeconds,
    })
    expect(article.overview).toEqual({ title: advice.title, path: advice.path })
    expect(article.category?.path).toBe(advice.categories.find((c) => c.articles.includes(link))?.path)
    expect(article.relatedProductIds.length).toBeGreaterThan(0)
    expect(JSON.stringify(article)).not.toContain('{brand}')
  })

  it('lists blog articles and news items newest first, partners under no overview', async () => {
    for (const kind of ['blogOverview', 'newsOverview']) {
      const { articles }: ArticleList = await list(kind)
      const dates = articles.map((a) => a.publishedAt!)
      expect(dates).toEqual(dates.toSorted().toReversed())
      expect(articles.length).toBe(kind === 'blogOverview' ? structure.blogArticles.length : structure.newsItems.length)
    }
    const partner = texts('en').partners[structure.partners[0]!.key]!
    const route = await routeOf(`/${partner.slug}/`)
    expect(route.kind).toBe('partner')
    const article = ArticleSchema.parse(
      (await get(`/api/articles/${route.kind === 'partner' && route.partnerId}`)).json(),
    )
    expect(article).toMatchObject({ overview: null, category: null, website: structure.partners[0]!.website })
  })

  it('fills in the brand of the site', async () => {
    const news = await list('newsOverview', SECOND)
    const all = JSON.stringify(
      await Promise.all(news.articles.map(async (a) => (await get(`/api/articles/${a.articleId}`, SECOND)).json())),
    )
    expect(all).not.toContain('{brand}')
    expect(all).not.toContain('Equivera')
  })

  it('answers an unknown article or category with 404 and an unknown list kind with 400', async () => {
    expect(ApiErrorSchema.parse((await get('/api/articles/9999')).json()).code).toBe('notFound')
    expect((await get('/api/articlelists/adviceCategory?id=9999')).statusCode).toBe(404)
    expect((await get('/api/articlelists/adviceCategory')).statusCode).toBe(404)
    expect((await get('/api/articlelists/recipes')).statusCode).toBe(400)
    expect((await get('/api/articlelists/adviceOverview', HOSTS.nl)).statusCode).toBe(200)
  })
})
