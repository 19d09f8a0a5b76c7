import { describe, expect, it } from 'vitest'
import {
  ContentPageSchema,
  FooterSchema,
  NavigationSchema,
  NotificationSchema,
  UspCollectionSchema,
} from '../../domain/content.ts'
import { SiteSchema } from '../../domain/site.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'

describe.each(DIALECTS)('content API on %s', (dialect) => {
  const { get } = useTestApp(dialect)

  it('serves a content page with its ordered blocks, SEO texts and path', async () => {
    const page = ContentPageSchema.parse((await get('/api/contentpages/101')).json())
    expect(page).toMatchObject({ key: 'home', path: '/', title: 'Paardenvoer van Equivera' })
    expect(page.blocks.map((b) => b.type)).toEqual(['hero', 'text', 'callToAction', 'linkList'])
    expect(page.seoTitle).toContain('Equivera')
  })

  it('serves the hay-analysis page with its offer of the scans, linked to their category in its language', async () => {
    const page = ContentPageSchema.parse(
      (await get('/api/contentpages/209', { host: HOSTS.be, languageid: String(LANG['fr-BE']) })).json(),
    )
    expect(page.path).toBe('/fr/analyse-de-fourrage/')
    const offer = page.blocks.find((block) => block.type === 'productOffer')
    expect(offer).toMatchObject({
      productGroup: 'roughage-analysis',
      link: { route: '/fr/commander-analyse-de-fourrage/', target: '_self' },
    })
    const route = await get(`/api/routing/getbyurl?url=${encodeURIComponent(offer!.link.route)}`, { host: HOSTS.be })
    expect(route.json()).toMatchObject({
      kind: 'productSearch',
      searchType: 'category',
      parameters: { productGroup: 'roughage-analysis' },
      languageId: LANG['fr-BE'],
    })
  })

  it('serves the FAQ page with its groups and items and their deep-link paths', async () => {
    const page = ContentPageSchema.parse((await get('/api/contentpages/103')).json())
    expect(page.faqs.map((f) => f.title)).toEqual(['Bestellen en betalen', 'Bezorging', 'Voeren'])
    const item = page.faqs[1]!.items[0]!
    expect(item.path).toBe('/klantenservice/veelgestelde-vragen/bezorging/hoe-lang-duurt-de-bezorging/')
    const route = (await get(`/api/routing/getbyurl?url=${encodeURIComponent(item.path)}`)).json()
    expect(route).toMatchObject({ kind: 'faq', faqItemId: item.faqItemId })
  })

  it('fills the brand, and serves the same page in French on the Belgian site', async () => {
    const fr = ContentPageSchema.parse(
      (await get('/api/contentpages/201', { host: HOSTS.be, languageid: String(LANG['fr-BE']) })).json(),
    )
    const nl = ContentPageSchema.parse((await get('/api/contentpages/201', { host: HOSTS.be })).json())
    expect(fr.title).not.toBe(nl.title)
    expect(fr.path).toBe('/fr/')
    expect(JSON.stringify(fr)).not.toMatch(/\{brand\}|\{phone\}|\{email\}/)
  })

  it('gives the second brand its own home page text', async () => {
    const main = ContentPageSchema.parse((await get('/api/contentpages/101')).json())
    const second = ContentPageSchema.parse(
      (await get('/api/contentpages/1501', { host: 'paddockpure-nl.localhost' })).json(),
    )
    expect(second.title).not.toBe(main.title)
    expect(JSON.stringify(second)).toContain('Paddock Pure')
  })

  it('serves every page of every site in each of its languages', async () => {
    const sites = SiteSchema.array().parse((await get('/api/Sites')).json())
    for (const site of sites) {
      for (const language of site.languages) {
        const res = await get(`/api/contentpages/${site.notFoundContentPageId}`, {
          siteid: String(site.siteId),
          languageid: String(language.languageId),
        })
        expect(res.statusCode, `${site.name} ${language.code}`).toBe(200)
      }
    }
  })

  it('serves navigations, footer and USPs of the site in its language', async () => {
    const site = SiteSchema.parse((await get('/api/Sites/1')).json())
    const primary = NavigationSchema.parse((await get(`/api/PrimaryNavigations/${site.primaryNavigationId}`)).json())
    const secondary = NavigationSchema.parse(
      (await get(`/api/SecondaryNavigations/${site.secondaryNavigationId}`)).json(),
    )
    const footer = FooterSchema.parse((await get(`/api/footer/${site.footerId}`)).json())
    const usps = UspCollectionSchema.parse((await get(`/api/uspcollections/${site.headerUspCollectionId}`)).json())
    // The shop's products and their categories come first, then the content pages.
    expect(primary.items[0]).toMatchObject({
      route: '/zoeken/',
      children: expect.arrayContaining([expect.objectContaining({ route: '/muesli/' })]),
    })
    expect(primary.items.find((i) => i.route === '/klantenservice/')?.children.length).toBeGreaterThan(0)
    expect(secondary.kind).toBe('secondary')
    expect(footer.columns.length).toBeGreaterThan(0)
    expect(footer.bottomLinks.map((l) => l.route)).toContain('/privacy/')
    expect(usps.kind).toBe('header')
    expect(usps.usps.length).toBeGreaterThan(0)
  })

  it('caches navigations and footer for 15 minutes, content pages for 2 seconds', async () => {
    expect((await get('/api/footer/1')).headers['cache-control']).toBe('public, max-age=900')
    expect((await get('/api/primarynavigations/11')).headers['cache-control']).toBe('public, max-age=900')
    expect((await get('/api/contentpages/101')).headers['cache-control']).toBe('public, max-age=2')
  })

  it('shows a notification only between its start and end (datetime header)', async () => {
    const during = await get('/api/notifications/1', { datetime: '2026-12-20T10:00:00+01:00' })
    expect(NotificationSchema.parse(during.json()).text).toContain('feestdagen')
    expect((await get('/api/notifications/1', { datetime: '2027-02-01T00:00:00Z' })).statusCode).toBe(204)
    expect((await get('/api/notifications/1', { datetime: '2025-12-01T00:00:00Z' })).statusCode).toBe(204)
  })

  it.each([
    ['/api/contentpages/201', 404, 'notFound'], // a Belgian page asked on the Dutch site
    ['/api/contentpages/99999', 404, 'notFound'],
    ['/api/contentpages/x', 400, 'invalidParameter'],
    ['/api/primarynavigations/12', 404, 'notFound'], // the secondary navigation's id
    ['/api/secondarynavigations/21', 404, 'notFound'],
    ['/api/footer/2', 404, 'notFound'],
    ['/api/uspcollections/0', 400, 'invalidParameter'],
    ['/api/notifications/2', 404, 'notFound'],
    ['/api/nothing-here', 404, 'routeNotFound'],
  ])('%s → %i %s', async (url, status, code) => {
    const res = await get(url)
    expect([res.statusCode, res.json().code]).toEqual([status, code])
    expect(res.headers['cache-control']).toBe('no-store')
  })
})
