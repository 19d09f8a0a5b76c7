import type * as fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { API_VERSION } from '../../domain/version.ts'

// Every route the server adds, seen as it is added: Fastify gets an onRoute hook before the app registers anything.
const added = vi.hoisted(() => [] as { method: string; url: string }[])
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof fastify>()
  const Fastify = ((options: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options)
    app.addHook('onRoute', (route: fastify.RouteOptions) => {
      for (const method of [route.method].flat()) added.push({ method, url: route.url })
    })
    return app
  }) as typeof actual.default
  return { ...actual, default: Fastify }
})

interface OpenApiOperation {
  tags?: string[]
  deprecated?: boolean
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>
}

interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  servers: { url: string }[]
  tags: { name: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
}

/** A Fastify path as OpenAPI writes it: '/api/cart/:id' is '/api/cart/{id}'. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

const isDocsRoute = (url: string) => url.toLowerCase().startsWith('/api/docs')

describe('the API documentation', () => {
  let t: TestApp
  let doc: OpenApiDocument
  beforeAll(async () => {
    added.length = 0
    t = await createTestApp('sqlite')
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: HOSTS.nl } })
    if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`)
    doc = res.json()
  })
  afterAll(async () => t.close())

  it('is an OpenAPI 3.1 document of this API version, for the server that serves it', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./)
    expect(doc.info).toMatchObject({ title: expect.any(String), version: String(API_VERSION) })
    expect(doc.servers).toEqual([{ url: '/' }])
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: HOSTS.nl } })
    expect(res.headers['cache-control']).toBe('public, max-age=2')
  })

  it('has every API route the server registered, with its method', () => {
    // HEAD answers come with every GET; Fastify adds them itself.
    const api = added.filter(({ method, url }) => url.startsWith('/api/') && !isDocsRoute(url) && method !== 'HEAD')
    expect(api.length).toBeGreaterThan(50)
    const missing = api.filter(({ method, url }) => !doc.paths[openApiPath(url)]?.[method.toLowerCase()])
    expect(missing).toEqual([])
  })

  it('has no page, service worker or documentation route', () => {
    for (const path of Object.keys(doc.paths)) {
      expect(path).toMatch(/^\/api\//)
      expect(isDocsRoute(path)).toBe(false)
    }
  })

  it('tags every operation with its noun', () => {
    const nouns = doc.tags.map((tag) => tag.name)
    expect(nouns).toEqual(expect.arrayContaining(['sites', 'routing', 'content', 'catalogue', 'cart']))
    for (const operations of Object.values(doc.paths))
      for (const operation of Object.values(operations)) expect(operation.tags).toHaveLength(1)
    expect(doc.paths['/api/productsearch/search']!.post!.tags).toEqual(['catalogue'])
    expect(doc.paths['/api/cartcalculation/calculate']!.post!.tags).toEqual(['cart'])
    expect(doc.paths['/api/sitesettings/{siteId}/{languageId}']!.get!.tags).toEqual(['sites'])
  })

  it('lists the cart’s deprecated aliases', () => {
    expect(doc.paths['/api/cart/{id}/products-deprecated/{productVariantId}']?.put?.deprecated).toBe(true)
    expect(doc.paths['/api/cart/{id}/alternativeshipping-deprecated']?.put?.deprecated).toBe(true)
    expect(doc.paths['/api/cart/{id}/products/{productVariantId}']?.post?.deprecated).toBeUndefined()
  })

  it('names the refusals the platform adds: 403 cross-site, 429 over a rate limit', () => {
    const reminders = doc.paths['/api/stockreminders']!.post!.responses
    expect(Object.keys(reminders)).toEqual(expect.arrayContaining(['200', '403', '429']))
    expect(reminders['429']!.content!['application/json']!.schema.properties).toHaveProperty('localizedMessage')
    const change = doc.paths['/api/cart/{id}/products/{productVariantId}']!.post!.responses
    expect(Object.keys(change)).toContain('403')
    expect(Object.keys(change)).not.toContain('429')
    expect(Object.keys(doc.paths['/api/sites/getbydomain']!.get!.responses)).toEqual(['200'])
    expect(Object.keys(doc.paths['/api/backoffice/stock']!.put!.responses)).not.toContain('403')
  })

  it('names the refusals a route declares: field errors of the checkout details, an incomplete checkout', () => {
    for (const [path, method] of [
      ['/api/cart/{id}/billing', 'post'],
      ['/api/cart/{id}/shipping', 'put'],
      ['/api/cart/{id}/companyinfo', 'put'],
    ] as const) {
      const refused = doc.paths[path]![method]!.responses['400'] as {
        description?: string
      } & OpenApiOperation['responses'][string]
      expect(refused.description, path).toContain('invalidFields')
      expect(refused.content!['application/json']!.schema.properties).toHaveProperty('issues')
    }
    const order = doc.paths['/api/cart/{id}/order']!.post!.responses as Record<string, { description?: string }>
    expect(order['409']!.description).toContain('params.step')
    expect(Object.keys(doc.paths['/api/cart/{id}/newsletter']!.post!.responses)).not.toContain('400')
  })

  it('carries the request and response schemas of the routes', () => {
    const search = doc.paths['/api/productsearch/search']!.post!
    const body = search.requestBody!.content['application/json']!.schema
    const filter = body.properties!.filter as { properties: Record<string, unknown> }
    expect(filter.properties).toHaveProperty('searchTerm')
    const answer = search.responses['200']!.content!['application/json']!.schema
    expect(answer.properties).toHaveProperty('results')
    const site = doc.paths['/api/sites/getbydomain']!.get!.responses['200']!.content!['application/json']!.schema
    expect(Object.keys(site.properties!)).toEqual(expect.arrayContaining(['siteId', 'languages']))
  })

  it('answers the UI outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { host: HOSTS.nl } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
  })
})

describe('the API documentation in production', () => {
  let production: TestApp
  beforeAll(async () => {
    production = await createTestApp('sqlite', {
      env: {
        NODE_ENV: 'production',
        ALLOW_TEST_PAYMENTS: 'true',
        SESSION_SECRET: 'a-production-secret-for-this-test-only-0123456789',
        BACKOFFICE_TOKEN: 'a-back-office-token-for-this-test-only-0123456789',
      },
    })
  })
  afterAll(() => production.close())

  it('serves the document but not the UI', async () => {
    const json = await production.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: HOSTS.nl } })
    expect(json.statusCode).toBe(200)
    expect(json.json<OpenApiDocument>().paths).toHaveProperty(['/api/productsearch/search'])
    for (const url of ['/api/docs/', '/api/docs/static/index.html']) {
      const res = await production.app.inject({ method: 'GET', url, headers: { host: HOSTS.nl } })
      expect(res.statusCode).toBe(404)
    }
  })
})
