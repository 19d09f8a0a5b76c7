import { describe, expect, it } from 'vitest'
import { RouteInfoSchema, RouteTargetSchema } from '../../domain/routing.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'

describe.each(DIALECTS)('routing API on %s', (dialect) => {
  const { current } = useTestApp(dialect)

  const getByUrl = (url: string, host: string = HOSTS.nl) =>
    current().app.inject({
      method: 'GET',
      url: `/api/routing/getbyurl?url=${encodeURIComponent(url)}`,
      headers: { host },
    })
  const getUrl = (body: unknown, headers: Record<string, string> = {}) =>
    current().app.inject({
      method: 'POST',
      url: '/api/routing/geturl',
      payload: body as object,
      headers: { host: HOSTS.nl, ...headers },
    })

  describe('GET /api/routing/getbyurl', () => {
    it.each([
      ['/', { kind: 'contentPage', contentPageId: 101 }],
      ['/klantenservice/', { kind: 'contentPage', contentPageId: 102 }],
      ['/klantenservice/veelgestelde-vragen/', { kind: 'faq', contentPageId: 103, faqId: null, faqItemId: null }],
      [
        '/klantenservice/veelgestelde-vragen/bezorging/',
        { kind: 'faq', contentPageId: 103, faqId: 151, faqItemId: null },
      ],
      [
        '/klantenservice/veelgestelde-vragen/bezorging/hoe-lang-duurt-de-bezorging/',
        { kind: 'faq', contentPageId: 103, faqId: 151, faqItemId: 1051 },
      ],
      ['/pagina-niet-gevonden/', { kind: 'contentPage', contentPageId: 110 }],
      ['/er-ging-iets-mis/', { kind: 'contentPage', contentPageId: 111 }],
      ['/bestelling-geplaatst/', { kind: 'contentPage', contentPageId: 112 }],
      ['/bestelling-mislukt/', { kind: 'contentPage', contentPageId: 114 }],
      ['/service/', { kind: 'redirect', url: '/klantenservice/', statusCode: 301 }],
      ['/actie/', { kind: 'redirect', url: '/', statusCode: 302 }],
      ['/Klantenservice/', { kind: 'contentPage', contentPageId: 102 }],
      ['https://www.equivera.nl/over-ons/?utm_source=x', { kind: 'contentPage', contentPageId: 104 }],
    ])('resolves %s', async (url, target) => {
      const res = await getByUrl(url)
      expect(res.statusCode).toBe(200)
      expect(RouteInfoSchema.parse(res.json())).toEqual({
        ...target,
        siteId: 1,
        languageId: LANG.nl,
        path: expect.any(String),
      })
    })

    it('resolves a French path on the Belgian site to the French language', async () => {
      const nl = RouteInfoSchema.parse((await getByUrl('/', HOSTS.be)).json())
      const fr = RouteInfoSchema.parse((await getByUrl('/fr/', HOSTS.be)).json())
      expect([nl.languageId, fr.languageId]).toEqual([LANG['nl-BE'], LANG['fr-BE']])
      expect(fr).toMatchObject({
        kind: 'contentPage',
        contentPageId: nl.kind === 'contentPage' ? nl.contentPageId : -1,
      })
    })

    it('resolves the same path to different sites by host', async () => {
      const nl = RouteInfoSchema.parse((await getByUrl('/')).json())
      const de = RouteInfoSchema.parse((await getByUrl('/', HOSTS.de)).json())
      expect([nl.siteId, de.siteId]).toEqual([1, 3])
    })

    it.each([
      ['/klantenservice', '/klantenservice/'],
      ['/klantenservice?x=1', '/klantenservice/?x=1'],
      ['/fr/service-clientele', '/fr/service-clientele/'],
    ])('redirects %s to %s (strict trailing slash)', async (url, to) => {
      const host = url.startsWith('/fr/') ? HOSTS.be : HOSTS.nl
      const res = await getByUrl(url, host)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ kind: 'redirect', url: to, statusCode: 301 })
    })

    it('answers 404 with the site’s not-found page for an unknown path', async () => {
      const res = await getByUrl('/bestaat-niet/')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'pageNotFound', siteId: 1, languageId: LANG.nl, contentPageId: 110 })
      const fr = await getByUrl('/fr/nexiste-pas/', HOSTS.be)
      expect(fr.json()).toMatchObject({ siteId: 2, languageId: LANG['fr-BE'], contentPageId: 210 })
    })

    it.each([
      ['/api/routing/getbyurl', 'parameterRequired'],
      ['/api/routing/getbyurl?url=', 'parameterRequired'],
      ['/api/routing/getbyurl?url=geen-slash/', 'invalidParameter'],
      ['/api/routing/getbyurl?url=javascript:alert(1)', 'invalidParameter'],
      ['/api/routing/getbyurl?url=/%E0%A4%A/', 'invalidParameter'],
    ])('%s → 400 %s', async (url, code) => {
      const res = await current().app.inject({ method: 'GET', url, headers: { host: HOSTS.nl } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code })
    })

    it('says the API’s message for a missing url', async () => {
      const res = await current().app.inject({
        method: 'GET',
        url: '/api/routing/getbyurl',
        headers: { host: HOSTS.nl },
      })
      expect(res.json().message).toBe("The parameter 'url' must be defined.")
    })

    it('is cached for 2 seconds', async () => {
      expect((await getByUrl('/')).headers['cache-control']).toBe('public, max-age=2')
    })
  })

  describe('GET /api/routing/alternates', () => {
    const alternates = async (url: string, host: string = HOSTS.nl) => {
      const response = await current().app.inject({
        method: 'GET',
        url: `/api/routing/alternates?url=${encodeURIComponent(url)}`,
        headers: { host },
      })
      expect(response.statusCode).toBe(200)
      return response.json<{ siteId: number; languageId: number; url: string }[]>()
    }

    it('lists the same content page on every site and language, on the local domain family', async () => {
      const list = await alternates('/klantenservice/veelgestelde-vragen/', HOSTS.nl)
      const belgianFrench = list.find((a) => a.siteId === 2 && a.languageId === LANG['fr-BE'])
      expect(belgianFrench?.url).toMatch(/^http:\/\/equivera-be\.localhost(:\d+)?\/fr\/.+\/$/)
      const german = list.find((a) => a.siteId === 3)
      expect(german?.url).toMatch(/^http:\/\/muehldorfer-de\.localhost(:\d+)?\/.+\/$/)
      // Every site has a FAQ page, and Belgium has it in both of its languages.
      expect(new Set(list.map((a) => a.siteId)).size).toBe(18)
      expect(list.filter((a) => a.siteId === 2)).toHaveLength(2)
    })

    it('answers 404 for an unknown path', async () => {
      const response = await current().app.inject({
        method: 'GET',
        url: '/api/routing/alternates?url=/bestaat-niet/',
        headers: { host: HOSTS.nl },
      })
      expect(response.statusCode).toBe(404)
    })
  })

  describe('POST /api/routing/geturl', () => {
    it('builds the path of every canonical URL of every site, the inverse of getbyurl', async () => {
      const rows = await current()
        .database.handle.db.selectFrom('urls')
        .selectAll()
        .where('isCanonical', '=', true)
        .execute()
      expect(rows.length).toBeGreaterThan(450)
      for (const row of rows) {
        const target = RouteTargetSchema.parse(JSON.parse(row.target))
        const res = await getUrl({ ...target, siteId: row.siteId, languageId: row.languageId })
        expect([res.statusCode, res.body], JSON.stringify(row)).toEqual([200, JSON.stringify({ url: row.path })])
      }
    })

    it('uses the request’s site and language when the body names none', async () => {
      const res = await getUrl(
        { kind: 'contentPage', contentPageId: 202 },
        { host: HOSTS.be, languageid: String(LANG['fr-BE']) },
      )
      expect(res.json().url).toMatch(/^\/fr\/.+\/$/)
    })

    it('answers 204 for a route that has no URL', async () => {
      expect((await getUrl({ kind: 'newsItem', newsItemId: 5 })).statusCode).toBe(204)
      expect((await getUrl({ kind: 'contentPage', contentPageId: 202 })).statusCode).toBe(204) // a Belgian page on the Dutch site
    })

    it.each([
      [{ kind: 'bogus' }, 400, 'invalidBody'],
      [{ kind: 'contentPage' }, 400, 'invalidBody'],
      [{ kind: 'contentPage', contentPageId: 'x' }, 400, 'invalidBody'],
      [[1, 2], 400, 'invalidBody'],
      [{ kind: 'contentPage', contentPageId: 101, siteId: 999 }, 404, 'unknownSite'],
      [{ kind: 'contentPage', contentPageId: 101, languageId: LANG.de }, 400, 'unknownLanguage'],
    ])('%j → %i %s', async (body, status, code) => {
      const res = await getUrl(body)
      expect([res.statusCode, res.json().code]).toEqual([status, code])
      // A body that does not match the shape says which fields were wrong; the other errors carry no issues.
      expect((res.json().issues ?? []).length > 0).toBe(code === 'invalidBody')
    })

    it.each([
      ['{"kind":', 'application/json', 400, 'malformedJson'],
      ['', 'application/json', 400, 'malformedJson'],
      ['kind=contentPage', 'application/x-www-form-urlencoded', 415, 'unsupportedMediaType'],
    ])('a body %j of type %s → %i %s', async (payload, contentType, status, code) => {
      const res = await current().app.inject({
        method: 'POST',
        url: '/api/routing/geturl',
        payload,
        headers: { host: HOSTS.nl, 'content-type': contentType },
      })
      expect([res.statusCode, res.json().code]).toEqual([status, code])
    })

    it('refuses a body over 64 KiB with 413', async () => {
      const payload = JSON.stringify({
        kind: 'productSearch',
        searchType: 'search',
        parameters: { q: 'x'.repeat(70_000) },
      })
      const res = await current().app.inject({
        method: 'POST',
        url: '/api/routing/geturl',
        payload,
        headers: { host: HOSTS.nl, 'content-type': 'application/json' },
      })
      expect([res.statusCode, res.json().code]).toEqual([413, 'bodyTooLarge'])
    })
  })
})
