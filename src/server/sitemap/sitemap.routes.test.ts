// The sitemap and robots.txt of each site on real databases: every listed page is one the routing table (or the app)
// answers, the pages meant to stay out are out, and the hreflang alternates stay within the brand.
import { describe, expect, it } from 'vitest'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
const urlBlocks = (xml: string) => [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!)

describe.each(DIALECTS)('sitemaps on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const get = (url: string, host: string) => current().app.inject({ method: 'GET', url, headers: { host } })

  it('lists every page of a site meant for search engines, each once, each a page that answers', async () => {
    const res = await get('/sitemap.xml', HOSTS.be)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /)
    const locs = locsOf(res.body)
    expect(new Set(locs).size).toBe(locs.length)
    const paths = locs.map((loc) => new URL(loc).pathname)
    // Both languages of the Belgian site: home, a category, a product, the calculator, the FAQ.
    for (const path of [
      '/',
      '/fr/',
      '/muesli/',
      '/fr/mashs/',
      '/voercalculator/',
      '/fr/calculateur-de-ration/',
      '/store-locator/',
      '/fr/store-locator/',
    ])
      expect(paths).toContain(path)
    expect(paths.some((p) => p.startsWith('/muesli/sport-muesli/'))).toBe(true)
    // Not the search page, the not-found page, the checkout's outcomes, the cart or the account.
    expect(paths.filter((p) => /^(\/fr)?\/(zoeken|recherche|winkelmandje|panier|account|checkout)\//.test(p))).toEqual(
      [],
    )
    const routed = paths.filter((p) => !/voercalculator|calculateur-de-ration|store-locator/.test(p))
    for (const path of routed.filter((_, i) => i % 7 === 0)) {
      const route = await get(`/api/routing/getbyurl?url=${encodeURIComponent(path)}`, HOSTS.be)
      expect(route.statusCode, path).toBe(200)
      expect(route.json().kind, path).not.toBe('redirect')
    }
  })

  it('gives each page its alternates on the brand’s sites and languages, itself included', async () => {
    const res = await get('/sitemap.xml', HOSTS.nl)
    const home = urlBlocks(res.body).find((block) => block.includes(`<loc>http://${HOSTS.nl}:8080/</loc>`))!
    expect(home).toContain(`hreflang="nl-NL" href="http://${HOSTS.nl}:8080/"`)
    expect(home).toContain(`hreflang="fr-BE" href="http://${HOSTS.be}:8080/fr/"`)
    expect(home).not.toContain('paddockpure')
    const second = await get('/sitemap.xml', 'paddockpure-nl.localhost')
    expect(second.body).not.toContain('equivera-')
    expect(locsOf(second.body).length).toBeGreaterThan(10)
  })

  it('has a robots.txt that keeps the personal pages out and names the sitemap', async () => {
    const res = await get('/robots.txt', HOSTS.nl)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Disallow: /account/')
    expect(res.body).toContain('Disallow: /*/checkout/')
    expect(res.body).toContain(`Sitemap: http://${HOSTS.nl}:8080/sitemap.xml`)
    expect((await get('/robots.txt', 'nobody.example')).statusCode).toBe(404)
    expect((await get('/sitemap.xml', 'nobody.example')).statusCode).toBe(404)
  })
})
