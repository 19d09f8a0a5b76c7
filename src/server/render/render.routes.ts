// Pages: the server renders every navigation (src/app/entry.server.tsx) and serves the built app (dist/client):
// hashed assets and product images for a year, the service worker never from a cache, and each site's web app
// manifest.
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { PageAssets, RenderOptions, render as renderPage } from '../../app/entry.server.tsx'
import { pathWithQuery } from '../../domain/paths.ts'
import { LanguageCodeSchema } from '../../domain/languages.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { notFoundHandler } from '../http/errors.ts'
import { etagOf } from '../http/etag.ts'
import { header, isApiRequest } from '../http/scope.ts'
import { allowsTagManager, cspNonce } from '../http/security-headers.ts'
import { hostnameOf } from '../sites/site.directory.ts'
import { findCountry } from '../countries/country.repository.ts'
import { webManifest } from './web-manifest.ts'
import { consentFrom } from '../../domain/cookies.ts'
import { PAGE_CONSENT_HEADER, PAGE_ENTRY_HEADER } from '../../domain/kept-pages.ts'
import { SHORT_CACHE, TtlCache } from '../../domain/ttl-cache.ts'

export interface Renderer {
  render: typeof renderPage
  assets: PageAssets
  /** The browser build, served as static files. */
  clientDir: URL
}

/** Requests for files that are not there are plain 404s, not pages. */
const FILE_PATH =
  /^\/(assets|icons|images)\/|\.(js|mjs|css|map|png|svg|ico|json|webmanifest|txt|xml|webp|avif|jpe?g|gif)$/i

const IMMUTABLE = 'public, max-age=31536000, immutable'

function sendPage(reply: FastifyReply, status: number, body: Buffer | Readable, personal = false) {
  // Pages may be kept (the service worker's offline copy) but are checked with the server every time; a personal
  // page (the account area) is kept by no one.
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', personal ? 'private, no-store' : 'no-cache')
    .header('vary', 'Accept-Encoding, Cookie') // the cookie banner depends on the consent cookie
    .send(body)
}

/** A rendered page kept for the next visitors: its HTML, and where the nonce it was rendered with stands in it. */
interface KeptPage {
  status: number
  html: Buffer
  /** The byte offsets of the nonce's value in every `nonce="…"` of the HTML. */
  nonceAt: number[]
  etag: string
}

/** Where `nonce="…"` holds this nonce: 128 random bits never appear in a page by chance. */
function nonceOffsets(html: Buffer, nonce: string): number[] {
  const attribute = Buffer.from(`nonce="${nonce}"`, 'latin1')
  const offsets: number[] = []
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, at + attribute.length))
    offsets.push(at + 'nonce="'.length)
  return offsets
}

/**
 * A kept page's HTML with this answer's nonce: a copy of its bytes with the new nonce written over the old one (every
 * nonce is cspNonce's 22 characters of base64url). Decoding the page, replacing and encoding it again took most of a
 * kept page's answer (bench/README.md, seventeenth round).
 */
function withNonce(page: KeptPage, nonce: string): Buffer {
  const html = Buffer.allocUnsafe(page.html.length)
  page.html.copy(html)
  for (const at of page.nonceAt) html.write(nonce, at, 'latin1')
  return html
}

/**
 * A page's ETag leaves its nonce out, so an unchanged page is still answered 304 (without a new policy: the browser
 * keeps the one that matches the nonce in its copy, see http/security-headers.ts).
 */
function pageEtag(html: Buffer, nonce: string): string {
  return etagOf(nonce ? html.toString('utf8').replaceAll(`nonce="${nonce}"`, 'nonce=""') : html)
}

export async function renderRoutes(app: ZodApp, { sites, config, database }: AppContext, renderer: Renderer) {
  await app.register(fastifyStatic, {
    root: fileURLToPath(renderer.clientDir),
    wildcard: false,
    index: false,
    allowedPath: (path) => !path.startsWith('/.vite') && path !== '/README.md',
    cacheControl: false,
    // The hashed scripts and styles have brotli and gzip copies made at build time (scripts/precompress-assets.ts),
    // sent as the browser accepts them; other files are compressed per answer.
    preCompressed: true,
    // The copies are sent in place of their file, never at an address of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    // @fastify/static passes the reply here.
    setHeaders(reply: FastifyReply, path: string) {
      if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', IMMUTABLE)
      // Product images are named after what they are drawn from (src/domain/product-images.ts): a new picture
      // gets a new name, so a copy never needs checking.
      else if (/[/\\]images[/\\]products[/\\]/.test(path)) reply.header('cache-control', IMMUTABLE)
      else if (path.endsWith('sw.js')) {
        // The browser must see a new service worker as soon as it is deployed.
        reply.header('cache-control', 'no-cache')
        reply.header('service-worker-allowed', '/')
      } else reply.header('cache-control', 'public, max-age=86400')
    },
  })

  app.get(
    '/manifest.webmanifest',
    { schema: { querystring: z.object({ language: LanguageCodeSchema.optional().catch(undefined) }) } },
    async (request, reply) => {
      const site = sites.byDomain(request.host)
      if (!site) return reply.status(404).send()
      const language = site.languages.find((l) => l.code === request.query.language) ?? site.languages[0]!
      const country = await findCountry(database.db, site.countryId, language.languageId)
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(webManifest(site, language, country?.name)))
    },
  )

  /** The API as the browser sees it, reached in-process: same validation, same response cache, no socket. */
  const transportFor =
    (request: FastifyRequest): RenderOptions['transport'] =>
    async (call) => {
      const response = await app.inject({
        method: call.method ?? 'GET',
        url: pathWithQuery(call.path, call.query),
        headers: {
          host: request.host,
          'x-request-id': request.id,
          // The visitor's session, for the calls that ask who is signed in (the account area's guard); their
          // answers are personal (no-store), so no cache keeps them.
          ...(request.headers.cookie && { cookie: request.headers.cookie }),
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...call.headers,
        },
        payload: call.body === undefined ? undefined : JSON.stringify(call.body),
      })
      const text = response.body
      let body: unknown = null
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        body = text
      }
      return { status: response.statusCode, body, headers: new Headers(response.headers as Record<string, string>) }
    }

  // Rendered pages are kept as long as the API answers behind them (the short cache: 200 entries, 2 s), so a
  // burst of visitors on one page costs one render. Keyed by what changes the HTML: host, URL and the consent choice
  // (the cookie banner, the tag manager). Only complete 200 pages are kept, with the nonce they were rendered with: each
  // answer gets its own (see http/security-headers.ts), swapped in for the kept one.
  const pages = new TtlCache<string, KeptPage>(SHORT_CACHE.maxEntries, SHORT_CACHE.ttlMs)

  async function page(request: FastifyRequest, reply: FastifyReply, url = request.url) {
    if (isApiRequest(request)) return notFoundHandler(request, reply)
    if (FILE_PATH.test(request.url.split('?')[0]!)) return reply.status(404).type('text/plain').send('Not found')
    if (!sites.byDomain(hostnameOf(request.host))) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('This domain does not belong to any of our shops.')
    }
    // The build and the cookie choice that made the page: the service worker shows its copy at once only if it holds
    // this script and the visitor's choice is still the one the page was made with.
    const consent = consentFrom(request.headers.cookie ?? '')
    reply.header(PAGE_ENTRY_HEADER, renderer.assets.entry)
    reply.header(PAGE_CONSENT_HEADER, consent ?? 'none')
    const key = `${request.host}|${url}|${consent ?? ''}`
    const nonce = cspNonce(reply)
    const kept = pages.get(key)
    if (kept) {
      reply.header('etag', kept.etag)
      return sendPage(reply, kept.status, withNonce(kept, nonce))
    }

    const controller = new AbortController()
    request.raw.once('close', () => controller.abort())
    const webRequest = new Request(`${request.protocol}://${request.host}${url}`, {
      method: request.method,
      headers: { accept: request.headers.accept ?? 'text/html', cookie: request.headers.cookie ?? '' },
      signal: controller.signal,
    })
    const result = await renderer.render(webRequest, {
      transport: transportFor(request),
      visitorCountry: header(request, config.GEO_COUNTRY_HEADER)?.toUpperCase() ?? null,
      assets: renderer.assets,
      nonce,
      tagManager: allowsTagManager(sites, request),
    })
    if (result.type === 'response') {
      const { response } = result
      reply.status(response.status)
      response.headers.forEach((value, name) => reply.header(name, value))
      return reply.send(response.body ? Readable.fromWeb(response.body as never) : null)
    }
    if (result.status !== 200 || result.personal) return sendPage(reply, result.status, result.body, result.personal)
    const chunks: Buffer[] = []
    for await (const chunk of result.body) chunks.push(chunk as Buffer)
    const html = Buffer.concat(chunks)
    const etag = pageEtag(html, nonce)
    pages.set(key, { status: 200, html, nonceAt: nonceOffsets(html, nonce), etag })
    reply.header('etag', etag)
    return sendPage(reply, 200, html)
  }

  app.get('/*', (request, reply) => page(request, reply))
  app.get('/', (request, reply) => page(request, reply))

  /** The page for a URL that cannot be decoded: the site's not-found page, with status 404. */
  return (request: FastifyRequest, reply: FastifyReply) => page(request, reply, '/not-a-valid-address/')
}
