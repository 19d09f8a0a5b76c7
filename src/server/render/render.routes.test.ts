import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { sourceRenderer } from '../../../tests/helpers/renderer.ts'
import { precompressAssets } from '../../../scripts/precompress-assets.ts'
import nl from '../../../locales/nl.json' with { type: 'json' }
import frBE from '../../../locales/fr-BE.json' with { type: 'json' }

describe.each(DIALECTS)('server-rendered pages on %s', (dialect) => {
  let testApp: TestApp
  const image = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP')
  const script = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i * 7}\n`).join('')
  beforeAll(async () => {
    const renderer = sourceRenderer()
    // The build's files must be there when the server starts (it lists them then).
    mkdirSync(new URL('images/products/', renderer.clientDir), { recursive: true })
    writeFileSync(new URL('images/products/sport-muesli-0a1b2c3d-front-160.webp', renderer.clientDir), image)
    // A script big enough to be compressed, and its copies as the build makes them.
    mkdirSync(new URL('assets/', renderer.clientDir), { recursive: true })
    writeFileSync(new URL('assets/entry.client-test.js', renderer.clientDir), script)
    await precompressAssets(fileURLToPath(renderer.clientDir))
    testApp = await createTestApp(dialect, { renderer })
  })
  afterAll(async () => testApp.close())
  const get = (url: string, host: string = HOSTS.nl, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers: { host, ...headers } })

  it('renders the home page with its frame, texts, hydration data and assets', async () => {
    const response = await get('/')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    const html = response.body
    expect(html).toMatch(/^<!DOCTYPE html><html lang="nl-NL" data-brand="equivera">/)
    expect(html).toContain(nl.a11y.skipToContent)
    expect(html).toMatch(/<h1[^>]*>Paardenvoer van Equivera<\/h1>/)
    expect(html).toContain('<title>Equivera | Paardenvoer')
    expect(html).toContain('window.__staticRouterHydrationData = JSON.parse(')
    // The app's modules are asked for after the first paint, by the bootstrap script, the entry first.
    expect(html).toContain(
      'var m=["/assets/entry.client-test.js","/assets/dynamic.route-test.js","/assets/locale-nl-test.js"]',
    )
    expect(html).toContain('import(m[0])')
    expect(html).toContain('requestAnimationFrame(')
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).toContain('href="/assets/entry-test.css"')
  })

  it.each([
    ['/', HOSTS.nl, nl.home, '/muesli/', '/zoeken/?sale=yes'],
    ['/fr/', HOSTS.be, frBE.home, '/fr/mueslis/', '/fr/recherche/?sale=yes'],
  ])(
    'shows the product groups and offers with prices on the home page %s',
    async (path, host, texts, group, offers) => {
      const html = (await get(path, host)).body
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
      expect(main).toContain(`>${texts.groups}</h2>`)
      expect(main).toMatch(new RegExp(`<a class="showcase__group" href="${group}"[^>]*><img class="product-image"`))
      expect(main).toContain(`>${texts.offers}</h2>`)
      expect(main.match(/class="showcase__offer"/g)?.length).toBeGreaterThan(0)
      expect(main).toMatch(/class="showcase__price">.*?<span class="price"[^>]*>[^<]*\d/)
      expect(main).toContain(`href="${offers.replace('&', '&amp;')}"`)
      // Other content pages are what they were.
      expect((await get('/over-ons/')).body).not.toContain('showcase')
    },
  )

  it('renders a page in the language of its path prefix', async () => {
    const response = await get('/fr/', HOSTS.be)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="fr-BE"')
    expect(response.body).toContain(frBE.a11y.skipToContent.replaceAll("'", '&#x27;'))
  })

  it.each([
    ['/fr/mueslis/', 'Muesli Loisir', '/fr/mueslis/muesli-loisir/'],
    ['/fr/mueslis/muesli-loisir/', 'Muesli Loisir', '/fr/mueslis/'],
  ])('renders the catalogue of %s in French with French links', async (path, name, link) => {
    const response = await get(path, HOSTS.be)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(name)
    expect(response.body).toContain(`href="${link}"`)
    expect(response.body).not.toMatch(/Recreatie Muesli|Graanvrije Muesli|href="\/muesli\//)
  })

  it.each(['/muesli/', '/muesli/sport-muesli/', '/zoeken/?q=muesli'])(
    'renders the catalogue page %s in place, inside <main> of the first HTML',
    async (path) => {
      const html = (await get(path)).body
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
      expect(main).toMatch(/<h1[^>]*>[^<]+<\/h1>/)
      expect(main).toContain('class="product-')
      // Nothing left to stream in after the footer and swap into place (a layout shift on every visit).
      expect(html).not.toMatch(/<template id="B:/)
    },
  )

  it('marks prices outside the euro as indicative, and only there', async () => {
    const danish = await get('/', HOSTS.dk)
    expect(danish.body).toContain('class="indicative-price-notice"')
    expect(danish.body).toContain('DKK')
    expect((await get('/')).body).not.toContain('indicative-price-notice')
  })

  it('renders the second brand with its theme and its own texts', async () => {
    const response = await get('/', 'paddockpure-dk.localhost')
    expect(response.body).toContain('data-brand="paddockpure"')
  })

  it('keeps a rendered page for 2 s, apart per consent choice', async () => {
    const { db } = testApp.database.handle
    const first = await get('/over-ons/')
    expect(first.statusCode).toBe(200)
    await db.updateTable('contentPageTexts').set({ title: 'Nieuwe titel' }).where('contentPageId', '=', 104).execute()
    // The same page, with a nonce of its own (see http/security-headers.test.ts).
    const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""')
    expect(withoutNonce((await get('/over-ons/')).body)).toBe(withoutNonce(first.body))
    const consented = await get('/over-ons/', HOSTS.nl, { cookie: 'consent=all' })
    expect(consented.body).not.toContain('cookie-banner')
    expect(first.body).toContain('cookie-banner')
  })

  it('answers an unknown path with 404 and the not-found page', async () => {
    const response = await get('/bestaat-niet/')
    expect(response.statusCode).toBe(404)
    expect(response.body).toMatch(/<h1[^>]*>Pagina niet gevonden<\/h1>/)
  })

  it('redirects a path without its trailing slash with 301', async () => {
    const response = await get('/klantenservice?x=1')
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/klantenservice/?x=1')
  })

  it.each([
    ['an undecodable path', '/%ZZ/'],
    ['an over-long path', `/${'a'.repeat(3000)}/`],
    ['an unknown language prefix', '/xx/'],
    ['markup in the path', '/%3Cscript%3Ealert(1)%3C/script%3E/'],
  ])('answers %s with the not-found page', async (_name, url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<!DOCTYPE html>')
    expect(response.body).not.toContain('<script>alert')
  })

  it('ignores a corrupt cookie and a broken mailplus_id', async () => {
    const response = await get('/?mailplus_id=%3Cx%3E', HOSTS.nl, { cookie: 'consent=%E0%A4; localization={bad' })
    expect(response.statusCode).toBe(200)
  })

  it('answers a domain that is no shop with 404', async () => {
    expect((await get('/', 'unknown.example')).statusCode).toBe(404)
  })

  it('serves a web app manifest per site and language', async () => {
    const response = await get('/manifest.webmanifest?language=fr-BE', HOSTS.be)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/manifest+json')
    expect(response.json()).toMatchObject({ lang: 'fr-BE', start_url: '/fr/?source=pwa', display: 'standalone' })
    const other = await get('/manifest.webmanifest?language=xx', 'paddockpure-nl.localhost')
    expect(other.json()).toMatchObject({ short_name: 'Paddock Pure', lang: 'nl-NL', theme_color: '#2d6a1e' })
  })

  it('serves product images for a year without revalidation', async () => {
    const response = await get('/images/products/sport-muesli-0a1b2c3d-front-160.webp')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload.equals(image)).toBe(true)
  })

  it.each([
    ['brotli, as Chromium asks', 'gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', 'gzip', gunzipSync],
    ['nothing compressed', '', undefined, (bytes: Buffer) => bytes],
  ])('sends a script compressed at build time: %s', async (_name, accepted, encoding, decompress) => {
    const response = await get('/assets/entry.client-test.js', HOSTS.nl, { 'accept-encoding': accepted })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['vary']).toMatch(/accept-encoding/i)
    expect(decompress(response.rawPayload).toString('utf8')).toBe(script)
    // Compressed, it is a fraction of the file.
    expect(response.rawPayload.length < script.length / 2).toBe(encoding !== undefined)
  })

  it('has no address of its own for a compressed copy', async () => {
    expect((await get('/assets/entry.client-test.js.br')).statusCode).toBe(404)
  })

  it.each([
    ['a product image', '/images/products/sport-muesli-ffffffff-front-160.webp'],
    ['another image', '/images/other.png'],
    ['a WebP elsewhere', '/missing.webp'],
  ])('answers a missing file (%s) with a plain 404, not a page', async (_name, url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    expect(response.body).not.toContain('<!DOCTYPE html>')
  })

  it('keeps API 404s as JSON', async () => {
    const response = await get('/api/bestaat-niet')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'routeNotFound' })
  })

  it('names the API version on API answers', async () => {
    const response = await get('/api/sites/getbydomain?domain=localhost')
    expect(response.headers['x-api-version']).toBe('1')
  })

  it('answers 500 with the error page when the data behind a page is broken', async () => {
    const { db } = testApp.database.handle
    await sql`drop table content_page_texts`.execute(db)
    const response = await get('/klantenservice/')
    expect(response.statusCode).toBe(500)
    expect(response.body).toContain(nl.error.title)
    expect(response.body).not.toMatch(/no such table|does not exist/)
  })
})
