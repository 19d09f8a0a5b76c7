// The security headers on every kind of answer: a page (with its nonce on every inline script and style), an API
// answer, static files, 404s of both kinds; the tag manager only with consent on a site that has one; a route's own
// policy; HSTS in production only.
import { mkdirSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { sourceRenderer } from '../../../tests/helpers/renderer.ts'
import { COMMON_HEADERS, DOCUMENT_HEADERS, HSTS } from './security-headers.ts'

const NOTHING = "default-src 'none'; frame-ancestors 'none'"

/** The directives of a policy by name. */
function directives(policy: unknown): Record<string, string[]> {
  expect(typeof policy).toBe('string')
  return Object.fromEntries(
    (policy as string).split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/)
      return [name!, sources]
    }),
  )
}

function nonceOf(policy: unknown): string {
  const source = directives(policy)['script-src']!.find((s) => s.startsWith("'nonce-"))
  expect(source).toBeDefined()
  return source!.slice("'nonce-".length, -1)
}

describe('security headers', () => {
  let testApp: TestApp
  beforeAll(async () => {
    const renderer = sourceRenderer()
    mkdirSync(new URL('assets/', renderer.clientDir), { recursive: true })
    writeFileSync(new URL('assets/app-test.js', renderer.clientDir), 'export {}\n')
    writeFileSync(new URL('assets/app-test.css', renderer.clientDir), 'body{}\n')
    writeFileSync(new URL('sw.js', renderer.clientDir), 'self.addEventListener("fetch", () => {})\n')
    testApp = await createTestApp('sqlite', {
      // The build's CSS goes inline, as in production.
      renderer: { ...renderer, assets: { ...renderer.assets, cssText: '.site-header{color:#123}' } },
      extend: (app) =>
        app.get(
          '/dev/mail-preview-test/',
          { config: { contentSecurityPolicy: { 'style-src': ["'unsafe-inline'"], 'img-src': ['*', 'data:'] } } },
          async (_, reply) => reply.type('text/html; charset=utf-8').send('<p style="color:red">mail</p>'),
        ),
    })
  })
  afterAll(async () => testApp.close())
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers: { host: HOSTS.nl, ...headers } })

  // The referrer, permissions and opener policies go with documents and workers' scripts only.
  it.each([
    ['a page', '/', true],
    ['a page not found', '/bestaat-niet/', true],
    ['an API answer', '/api/language', false],
    ['an API route not found', '/api/nothing-here', false],
    ['a script', '/assets/app-test.js', true],
    ['a stylesheet', '/assets/app-test.css', false],
    ['the service worker', '/sw.js', true],
    ['a file not found', '/assets/missing.js', false],
    ['the health check', '/health', false],
    ['an undecodable address', '/%ZZ/', true],
  ])('%s carries the common headers and a policy, no HSTS outside production', async (_, url, document) => {
    const response = await get(url)
    for (const [name, value] of Object.entries(COMMON_HEADERS)) expect(response.headers[name]).toBe(value)
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS))
      expect(response.headers[name], name).toBe(document ? value : undefined)
    expect(directives(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"])
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('gives a page a strict policy with a nonce that every inline script and style carries', async () => {
    // Cookies declined: the policy names no tag manager either.
    const response = await get('/', { cookie: 'consent=necessary' })
    expect(response.statusCode).toBe(200)
    const policy = directives(response.headers['content-security-policy'])
    const nonce = nonceOf(response.headers['content-security-policy'])
    expect(nonce).toMatch(/^[\w-]{22}$/)
    expect(policy['script-src']).toEqual(["'self'", `'nonce-${nonce}'`])
    expect(policy['style-src']).toEqual(["'self'", `'nonce-${nonce}'`])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'none'"])
    expect(policy['form-action']).toEqual(["'self'"])
    expect(policy['connect-src']).toEqual(["'self'"])
    expect(policy['worker-src']).toEqual(["'self'"])
    expect(policy['manifest-src']).toEqual(["'self'"])
    expect(response.headers['content-security-policy']).not.toContain('unsafe')
    const html = response.body
    expect(html).toMatch(new RegExp(`<script nonce="${nonce}"[^>]*>[^<]*window.__staticRouterHydrationData`))
    // Every executable script (inline or not) and every inline style has the nonce; JSON-LD is data, not a script.
    // (The page has two scripts of its own: the offline mark in the head, before the first paint, and the inline
    // bootstrap, from which the app's modules load.)
    expect(html.slice(0, html.indexOf('</head>'))).toContain(`<script nonce="${nonce}">(function(){`)
    const scripts = html.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts.filter((t) => !t.includes('application/ld+json')))
      expect(tag).toContain(`nonce="${nonce}"`)
    expect(html).toMatch(new RegExp(`<style nonce="${nonce}"[^>]*>\\.site-header\\{color:#123\\}</style>`))
    for (const tag of html.match(/<style\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`)
    expect(html).not.toMatch(/\sstyle="/)
  })

  it('gives every answer a nonce of its own, a kept page included', async () => {
    const first = await get('/muesli/')
    const second = await get('/muesli/') // from the renderer's page cache
    const [a, b] = [
      nonceOf(first.headers['content-security-policy']),
      nonceOf(second.headers['content-security-policy']),
    ]
    expect(a).not.toBe(b)
    expect(second.body).toContain(`nonce="${b}"`)
    expect(second.body).not.toContain(a)
    expect(second.body.replaceAll(b, a)).toBe(first.body)
  })

  it.each([
    ['no choice yet (the app waits for consent)', HOSTS.nl, '', true],
    ['cookies declined', HOSTS.nl, 'consent=necessary', false],
    ['consent on a site with a container', HOSTS.nl, 'consent=all', true],
    ['consent on a site without one', HOSTS.corporate, 'consent=all', false],
  ])('allows the tag manager where the site has one, unless declined: %s', async (_, host, cookie, allowed) => {
    const response = await get('/', { host, ...(cookie && { cookie }) })
    const policy = directives(response.headers['content-security-policy'])
    expect(policy['script-src']!.includes('https://www.googletagmanager.com')).toBe(allowed)
    expect(policy['connect-src']!.some((s) => s.includes('google-analytics.com'))).toBe(allowed)
    expect(response.body.includes('window.tagManagerAllowed = true;')).toBe(allowed)
  })

  it.each([
    ['an API answer', '/api/language', NOTHING],
    ['an API error', '/api/nothing-here', NOTHING],
    ['a stylesheet', '/assets/app-test.css', NOTHING],
    ['the manifest', '/manifest.webmanifest', NOTHING],
    ['a file not found', '/assets/missing.js', NOTHING],
  ])('lets %s do nothing', async (_, url, policy) => {
    expect((await get(url)).headers['content-security-policy']).toBe(policy)
  })

  it.each([['/assets/app-test.js'], ['/sw.js']])('lets a script (%s) reach its own origin only', async (url) => {
    const policy = directives((await get(url)).headers['content-security-policy'])
    expect(policy['default-src']).toEqual(["'self'"])
    expect(policy['connect-src']).toBeUndefined() // falls back to default-src: the service worker's fetches
  })

  it('gives a page not found the page policy', async () => {
    const response = await get('/bestaat-niet/')
    expect(response.statusCode).toBe(404)
    const nonce = nonceOf(response.headers['content-security-policy'])
    expect(response.body).toContain(`nonce="${nonce}"`)
  })

  it("lets a route replace directives of the page policy (a mail preview's inline styles and images)", async () => {
    const policy = directives((await get('/dev/mail-preview-test/')).headers['content-security-policy'])
    expect(policy['style-src']).toEqual(["'unsafe-inline'"])
    expect(policy['img-src']).toEqual(['*', 'data:'])
    expect(policy['script-src']![0]).toBe("'self'")
    expect(policy['frame-ancestors']).toEqual(["'none'"])
  })

  it('answers an unchanged page 304 and leaves the browser the policy that matches its copy', async () => {
    const first = await get('/klantenservice/')
    const second = await get('/klantenservice/')
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe(
      nonceOf(second.headers['content-security-policy']),
    )
    expect(second.headers.etag).toBe(first.headers.etag)
    const again = await get('/klantenservice/', { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.headers['content-security-policy']).toBeUndefined()
    expect(again.headers['x-content-type-options']).toBe('nosniff')
  })

  it.each([['/'], ['/api/language']])('answers HEAD %s with the headers', async (url) => {
    const response = await testApp.app.inject({ method: 'HEAD', url, headers: { host: HOSTS.nl } })
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('answers HEAD like GET', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: '/api/language', headers: { host: HOSTS.nl } })
    expect(response.headers['content-security-policy']).toBe(NOTHING)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('security headers in production', () => {
  let production: TestApp
  beforeAll(async () => {
    production = await createTestApp('sqlite', {
      renderer: sourceRenderer(),
      env: {
        NODE_ENV: 'production',
        ALLOW_TEST_PAYMENTS: 'true',
        SESSION_SECRET: 'a-production-secret-for-this-test-only-0123456789',
        BACKOFFICE_TOKEN: 'a-back-office-token-for-this-test-only-0123456789',
      },
    })
  })
  afterAll(() => production.close())

  it.each([['/'], ['/api/language'], ['/api/nothing-here']])('sends HSTS on %s', async (url) => {
    const response = await production.app.inject({ method: 'GET', url, headers: { host: HOSTS.nl } })
    expect(response.headers['strict-transport-security']).toBe(HSTS)
  })
})
