import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../domain/errors.ts'
import { createTestApp, HOSTS, LANG, type TestApp } from '../../tests/helpers/app.ts'
import { DIALECTS } from '../../tests/helpers/database.ts'

// Bad input at every endpoint: each case must get a 4xx with the one error shape, never a 500 or a stack trace.
// The endpoint-specific cases (missing and malformed parameters) are listed per endpoint; the request-scope cases
// (unknown host, site, language, bad datetime) are tried on every endpoint.

interface Endpoint {
  method: 'GET' | 'POST'
  url: string
  body?: unknown
  /** Requests that must fail: [description, url, body?, status, code]. */
  bad: [string, string, unknown, number, string][]
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    url: '/api/sites/getbydomain?domain=www.equivera.nl',
    bad: [
      ['no domain', '/api/sites/getbydomain', undefined, 400, 'parameterRequired'],
      ['an empty domain', '/api/sites/getbydomain?domain=', undefined, 400, 'parameterRequired'],
      ['a domain of no site', '/api/sites/getbydomain?domain=example.org', undefined, 404, 'unknownSite'],
      [
        'a domain of 300 characters',
        `/api/sites/getbydomain?domain=${'a'.repeat(300)}`,
        undefined,
        400,
        'invalidParameter',
      ],
    ],
  },
  { method: 'GET', url: '/api/Sites', bad: [] },
  {
    method: 'GET',
    url: '/api/Sites/1',
    bad: [
      ['a word for an id', '/api/Sites/one', undefined, 400, 'invalidParameter'],
      ['an id too large', '/api/Sites/99999999999', undefined, 400, 'invalidParameter'],
      ['an unknown id', '/api/Sites/77', undefined, 404, 'unknownSite'],
    ],
  },
  {
    method: 'POST',
    url: '/api/Sites?url=/&countryCode=DE',
    bad: [
      ['no url', '/api/Sites?countryCode=DE', undefined, 400, 'parameterRequired'],
      ['no country', '/api/Sites?url=/', undefined, 400, 'parameterRequired'],
      ['a three-letter country', '/api/Sites?url=/&countryCode=DEU', undefined, 400, 'invalidParameter'],
      ['a url that is no URL', '/api/Sites?url=http%3A%2F%2F&countryCode=DE', undefined, 400, 'invalidParameter'],
    ],
  },
  {
    method: 'GET',
    url: `/api/sitesettings/1/${LANG.nl}`,
    bad: [
      ['a word for a site', `/api/sitesettings/x/${LANG.nl}`, undefined, 400, 'invalidParameter'],
      ['an unknown site', `/api/sitesettings/77/${LANG.nl}`, undefined, 404, 'unknownSite'],
      ['a language of another site', `/api/sitesettings/1/${LANG.sv}`, undefined, 404, 'unknownLanguage'],
    ],
  },
  { method: 'GET', url: '/api/language', bad: [] },
  {
    method: 'GET',
    url: '/api/language/1',
    bad: [
      ['a code for an id', '/api/language/nl', undefined, 400, 'invalidParameter'],
      ['an unknown id', '/api/language/16', undefined, 404, 'notFound'],
    ],
  },
  { method: 'GET', url: '/api/countries', bad: [] },
  { method: 'GET', url: '/api/countries/localizedname', bad: [] },
  ...['', '/localizedname', '/zipcodeexclusions'].map((suffix): Endpoint => ({
    method: 'GET',
    url: `/api/countries/1${suffix}`,
    bad: [
      ['a region code for an id', `/api/countries/NL${suffix}`, undefined, 400, 'invalidParameter'],
      ['an unknown id', `/api/countries/500${suffix}`, undefined, 404, 'notFound'],
    ],
  })),
  {
    method: 'GET',
    url: '/api/routing/getbyurl?url=/',
    bad: [
      ['no url', '/api/routing/getbyurl', undefined, 400, 'parameterRequired'],
      ['a relative url', '/api/routing/getbyurl?url=over-ons/', undefined, 400, 'invalidParameter'],
      ['an unknown path', '/api/routing/getbyurl?url=/nergens/', undefined, 404, 'pageNotFound'],
      [
        'a url of 3000 characters',
        `/api/routing/getbyurl?url=/${'a'.repeat(3000)}/`,
        undefined,
        400,
        'invalidParameter',
      ],
    ],
  },
  {
    method: 'POST',
    url: '/api/routing/geturl',
    body: { kind: 'contentPage', contentPageId: 101 },
    bad: [
      ['no body', '/api/routing/geturl', undefined, 400, 'invalidBody'],
      ['an unknown kind', '/api/routing/geturl', { kind: 'shop' }, 400, 'invalidBody'],
      ['a missing id', '/api/routing/geturl', { kind: 'faq', contentPageId: 103 }, 400, 'invalidBody'],
      ['a negative id', '/api/routing/geturl', { kind: 'contentPage', contentPageId: -1 }, 400, 'invalidBody'],
      ['a string', '/api/routing/geturl', 'contentPage', 400, 'invalidBody'],
    ],
  },
  ...[
    'contentpages/101',
    'primarynavigations/11',
    'secondarynavigations/12',
    'footer/1',
    'uspcollections/11',
    'notifications/1',
  ].map((path): Endpoint => {
    const [noun] = path.split('/')
    return {
      method: 'GET',
      url: `/api/${path}`,
      bad: [
        ['a word for an id', `/api/${noun}/abc`, undefined, 400, 'invalidParameter'],
        ['a fraction for an id', `/api/${noun}/1.5`, undefined, 400, 'invalidParameter'],
        [
          'an id of another site',
          `/api/${noun}/${path.startsWith('contentpages') ? 201 : path.startsWith('footer') || path.startsWith('notif') ? 2 : 21}`,
          undefined,
          404,
          'notFound',
        ],
      ],
    }
  }),
]

const SCOPE_CASES: [string, Record<string, string>, number, string][] = [
  ['an unknown host', { host: 'www.example.com' }, 421, 'unknownHost'],
  ['an unknown siteid', { siteid: '404' }, 404, 'unknownSite'],
  ['a siteid that is no number', { siteid: 'nl' }, 400, 'invalidParameter'],
  ['a languageid the site does not offer', { languageid: String(LANG.pl) }, 400, 'unknownLanguage'],
  ['a languageid that is no number', { languageid: 'nl' }, 400, 'invalidParameter'],
  ['a datetime that is no date', { datetime: '31-12-2026' }, 400, 'invalidParameter'],
]

describe.each(DIALECTS)('bad input on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t.close())

  const send = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { host: HOSTS.nl, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })

  function expectError(res: Awaited<ReturnType<typeof send>>, status: number, code: string) {
    expect(res.statusCode).toBe(status)
    const body = ApiErrorSchema.parse(res.json())
    expect(body).toMatchObject({ status, code })
    expect(body.localizedMessage.length).toBeGreaterThan(0)
    expect(res.body).not.toMatch(/\.ts:\d+|node_modules|stack/i)
  }

  describe.each(ENDPOINTS)('$method $url', (endpoint) => {
    it('answers the good request', async () => {
      const res = await send(endpoint.method, endpoint.url, endpoint.body)
      expect(res.statusCode).toBeLessThan(300)
    })

    it.each(SCOPE_CASES)('refuses %s', async (_what, headers, status, code) => {
      expectError(await send(endpoint.method, endpoint.url, endpoint.body, headers), status, code)
    })
  })

  describe.each(ENDPOINTS.filter((e) => e.bad.length > 0))('$method $url', (endpoint) => {
    it.each(endpoint.bad)('refuses %s', async (_what, url, body, status, code) => {
      expectError(await send(endpoint.method, url, body), status, code)
    })
  })

  describe.each(ENDPOINTS.filter((e) => e.method === 'POST'))('$method $url', (endpoint) => {
    it.each([
      ['malformed JSON', '{"kind":', 400, 'malformedJson'],
      ['a body over 64 KiB', JSON.stringify({ x: 'y'.repeat(70_000) }), 413, 'bodyTooLarge'],
    ] as const)('refuses %s', async (_what, payload, status, code) => {
      const res = await t.app.inject({
        method: 'POST',
        url: endpoint.url,
        payload,
        headers: { host: HOSTS.nl, 'content-type': 'application/json' },
      })
      expectError(res, status, code)
    })
  })
})
