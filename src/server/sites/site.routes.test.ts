import { describe, expect, it } from 'vitest'
import de from '../../../locales/de.json' with { type: 'json' }
import { ApiErrorSchema } from '../../domain/errors.ts'
import { SiteByDomainSchema, SiteSchema } from '../../domain/site.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'

describe.each(DIALECTS)('site, language and settings API on %s', (dialect) => {
  const { current, get } = useTestApp(dialect)

  describe('GET /api/sites/getbydomain', () => {
    it.each([
      ['www.equivera.nl', 1],
      ['equivera.nl', 1],
      ['equivera-nl.localhost', 1],
      ['www.equivera.be', 2],
      ['muehldorfer-de.localhost', 3],
      ['www.paddockpure.de', 16],
      ['equivera-group.localhost', 18],
      ['localhost', 1],
      ['WWW.EQUIVERA.SE:443', 6],
    ])('finds the site of %s', async (domain, siteId) => {
      const res = await get(`/api/sites/getbydomain?domain=${encodeURIComponent(domain)}`)
      expect(res.statusCode).toBe(200)
      const body = SiteByDomainSchema.parse(res.json())
      expect(body.siteId).toBe(siteId)
    })

    it('lists Belgium with Dutch first and French under /fr', async () => {
      const body = SiteByDomainSchema.parse((await get('/api/sites/getbydomain?domain=www.equivera.be')).json())
      expect(body.languages.map((l) => [l.code, l.pathPrefix])).toEqual([
        ['nl-BE', ''],
        ['fr-BE', 'fr'],
      ])
      expect(body.fallbackLanguageId).toBe(LANG['nl-BE'])
      expect(body.clientApiEndpoint).toBe('https://www.equivera.be/api/')
    })

    it('gives a local domain a local API endpoint', async () => {
      const body = SiteByDomainSchema.parse((await get('/api/sites/getbydomain?domain=equivera-be.localhost')).json())
      expect(body.clientApiEndpoint).toBe('http://equivera-be.localhost:8080/api/')
    })

    it('answers 404 for a domain of no site', async () => {
      const res = await get('/api/sites/getbydomain?domain=example.com')
      expect(res.statusCode).toBe(404)
      expect(ApiErrorSchema.parse(res.json()).code).toBe('unknownSite')
    })
  })

  describe('GET /api/Sites and /api/Sites/{id}', () => {
    it('lists all 18 sites, each a complete Site', async () => {
      const res = await get('/api/Sites')
      expect(res.statusCode).toBe(200)
      const sites = SiteSchema.array().parse(res.json())
      expect(sites.map((s) => s.siteId)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1))
      expect(sites.filter((s) => s.type === 1).map((s) => s.siteId)).toEqual([15, 16, 17])
      expect(sites.filter((s) => s.type === 2).map((s) => s.name)).toEqual(['Equivera Group'])
    })

    it('serves the German site as the muehldorfer variant with its own brand', async () => {
      const site = SiteSchema.parse((await get('/api/sites/3')).json())
      expect(site).toMatchObject({
        variant: 'muehldorfer',
        brandName: 'Mühldorfer',
        vatPercentageHigh: 19,
        vatPercentageLow: 7,
      })
      expect(site.customerServiceLink.route).toBe('/kundenservice/')
    })

    it.each([
      [5, 'Kr.', 'DKK'],
      [6, 'KR', 'SEK'],
      [7, 'zł', 'PLN'],
      [1, '€', 'EUR'],
    ])('site %i has currency %s (%s)', async (id, symbol, code) => {
      const site = SiteSchema.parse((await get(`/api/Sites/${id}`)).json())
      expect([site.currency, site.currencyCode]).toEqual([symbol, code])
      expect(site.currencyConversionDisclaimerLink === null).toBe(code === 'EUR')
    })

    it('gives the texts in the language of the languageid header', async () => {
      const nl = SiteSchema.parse((await get('/api/Sites/2', { host: HOSTS.be })).json())
      const fr = SiteSchema.parse(
        (await get('/api/Sites/2', { host: HOSTS.be, languageid: String(LANG['fr-BE']) })).json(),
      )
      expect(nl.customerServiceLink.route.startsWith('/fr/')).toBe(false)
      expect(fr.customerServiceLink.route.startsWith('/fr/')).toBe(true)
      expect(fr.openingHours).not.toEqual(nl.openingHours)
    })

    it('names the active notification only while it runs (datetime header)', async () => {
      const during = SiteSchema.parse((await get('/api/Sites/1', { datetime: '2026-06-01T12:00:00Z' })).json())
      const after = SiteSchema.parse((await get('/api/Sites/1', { datetime: '2027-06-01T12:00:00Z' })).json())
      expect(during.notificationId).toBe(1)
      expect(after.notificationId).toBeNull()
    })

    it('answers the same whatever the case of the path', async () => {
      const lower = await get('/api/sites/1')
      const upper = await get('/API/SITES/1')
      expect([upper.statusCode, upper.body]).toEqual([200, lower.body])
    })

    it('is cached for 15 minutes', async () => {
      expect((await get('/api/Sites/1')).headers['cache-control']).toBe('public, max-age=900')
    })

    it.each([
      ['/api/Sites/999', 404, 'unknownSite'],
      ['/api/Sites/abc', 400, 'invalidParameter'],
      ['/api/Sites/-1', 400, 'invalidParameter'],
      ['/api/Sites/1.5', 400, 'invalidParameter'],
    ])('%s → %i %s', async (url, status, code) => {
      const res = await get(url)
      expect(res.statusCode).toBe(status)
      expect(ApiErrorSchema.parse(res.json()).code).toBe(code)
    })
  })

  describe('POST /api/Sites (localization check)', () => {
    const check = (url: string, countryCode: string, host: string = HOSTS.be) =>
      current().app.inject({
        method: 'POST',
        url: `/api/Sites?url=${encodeURIComponent(url)}&countryCode=${countryCode}`,
        headers: { host },
      })

    it('answers 204 for a visitor in the site’s own country', async () => {
      expect((await check('https://www.equivera.be/', 'BE')).statusCode).toBe(204)
    })

    it('sends a German visitor on the Belgian site to the German site, keeping campaign parameters', async () => {
      const res = await check('http://equivera-be.localhost/over-ons/?utm_source=news&mailplus_id=12&x=1', 'de')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        redirectUrl: 'http://muehldorfer-de.localhost:8080/',
        availableQueryParameters: ['mailplus_id', 'utm_source'],
      })
    })

    it('offers visitors in the Netherlands the Dutch site even where the site does not redirect', async () => {
      const res = await check('/', 'NL', HOSTS.nl.replace('equivera-nl', 'paddockpure-de'))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ redirectUrl: 'http://paddockpure-nl.localhost:8080/' })
    })

    it('does not redirect visitors from a country without a site, nor on the corporate site', async () => {
      expect((await check('/', 'US')).statusCode).toBe(204)
      expect((await check('/', 'DE', HOSTS.corporate)).statusCode).toBe(204)
    })

    it.each([
      ['/api/Sites?countryCode=DE', 'parameterRequired', 'url'],
      ['/api/Sites?url=/', 'parameterRequired', 'countryCode'],
      ['/api/Sites?url=/&countryCode=', 'parameterRequired', 'countryCode'],
      ['/api/Sites?url=/&countryCode=Deutschland', 'invalidParameter', 'countryCode'],
    ])('%s → 400 %s (%s)', async (url, code, name) => {
      const res = await current().app.inject({ method: 'POST', url, headers: { host: HOSTS.be } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code, params: { name } })
    })
  })

  describe('GET /api/sitesettings/{siteId}/{languageId}', () => {
    it('gives tag manager, captcha key and currency', async () => {
      const res = await get(`/api/sitesettings/5/${LANG.da}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        gtmContainerId: 'GTM-EQ05DK',
        googleRecaptchaKey: expect.any(String),
        currency: 'Kr.',
      })
    })

    it('has no tag manager on the corporate site', async () => {
      expect((await get(`/api/sitesettings/18/${LANG.en}`)).json()).toMatchObject({ gtmContainerId: null })
    })

    it.each([
      [`/api/sitesettings/999/${LANG.nl}`, 404, 'unknownSite'],
      [`/api/sitesettings/1/${LANG.de}`, 404, 'unknownLanguage'],
      ['/api/sitesettings/1/x', 400, 'invalidParameter'],
    ])('%s → %i %s', async (url, status, code) => {
      const res = await get(url)
      expect([res.statusCode, res.json().code]).toEqual([status, code])
    })
  })

  describe('GET /api/language', () => {
    it('lists the 15 languages with their cultures', async () => {
      const res = await get('/api/language')
      expect(res.statusCode).toBe(200)
      const languages = res.json() as { code: string; culture: string }[]
      expect(languages.map((l) => l.code)).toEqual(Object.keys(LANG))
      expect(languages.find((l) => l.code === 'de-AT')?.culture).toBe('de-AT')
    })

    it('finds one language by id, and 404 for an unknown one', async () => {
      expect((await get(`/api/language/${LANG.sv}`)).json()).toMatchObject({ code: 'sv', localizedName: 'Svenska' })
      expect((await get('/api/language/99')).statusCode).toBe(404)
    })
  })

  describe('request scope headers', () => {
    it.each([
      [{ siteid: '999' }, 404, 'unknownSite'],
      [{ siteid: 'abc' }, 400, 'invalidParameter'],
      [{ languageid: String(LANG.de) }, 400, 'unknownLanguage'],
      [{ languageid: '0' }, 400, 'invalidParameter'],
      [{ datetime: 'yesterday' }, 400, 'invalidParameter'],
      [{ host: 'shop.example.com' }, 421, 'unknownHost'],
    ])('%j → %i %s', async (headers, status, code) => {
      const res = await get('/api/language', headers)
      expect(res.statusCode).toBe(status)
      const body = ApiErrorSchema.parse(res.json())
      expect(body.code).toBe(code)
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/)
    })

    it('lets the siteid header choose the site whatever the host', async () => {
      const res = await get('/api/routing/getbyurl?url=/', { siteid: '3' })
      expect(res.json()).toMatchObject({ siteId: 3, languageId: LANG.de })
    })

    it('answers errors in the language of the request', async () => {
      const res = await get('/api/Sites/999', { host: HOSTS.de })
      expect(res.json()).toMatchObject({ message: 'Site 999 does not exist.', localizedMessage: de.errors.unknownSite })
    })
  })
})
