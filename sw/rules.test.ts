import { describe, expect, it } from 'vitest'
import {
  HEADER_END_ID,
  isKeptPage,
  KEPT_PAGE_TIMING,
  PAGE_CONSENT_HEADER,
  PAGE_ENTRY_HEADER,
  PAGE_PARSED_ID,
} from '../src/domain/kept-pages.ts'
import {
  isPersonalApi,
  byteBudgetPlugin,
  cacheNames,
  declaredBytes,
  fallbackImagePaths,
  isCacheable,
  isProductImage,
  keepOfflinePage,
  KEPT_PAGE_AT_ONCE_S,
  keptPageChanged,
  markedKept,
  overBudget,
  paintParsedFromCache,
  paintsParsed,
  placeholderImage,
  showsAtOnce,
  staticRoutes,
  warmImageUrl,
  type BudgetCache,
} from './rules.ts'

const response = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : 'x', { status, headers })

describe('isCacheable', () => {
  it.each([
    ['a plain 200', response(200), true],
    ['a public, cacheable 200', response(200, { 'cache-control': 'public, max-age=900' }), true],
    ['no-store', response(200, { 'cache-control': 'no-store' }), false],
    ['private', response(200, { 'cache-control': 'private, max-age=60' }), false],
    ['an answer that sets a cookie', response(200, { 'set-cookie': 'session=1' }), false],
    ['an answer that varies by Authorization', response(200, { vary: 'Host, Authorization' }), false],
    ['a page that varies by Cookie (the consent banner)', response(200, { vary: 'Accept-Encoding, Cookie' }), true],
    ['a 404', response(404), false],
    ['a 500', response(500), false],
  ])('%s: %s', (_name, candidate, expected) => {
    expect(isCacheable(candidate)).toBe(expected)
  })
})

describe('staticRoutes', () => {
  // The browser's reading: the first rule whose condition matches decides; the patterns are relative to the worker.
  const origin = 'http://equivera-nl.localhost:8080'
  const routeOf = (path: string, method = 'GET') =>
    staticRoutes('workbox-precache-v2-test').find(
      ({ condition }) =>
        new URLPattern(condition.urlPattern, `${origin}/sw.js`).test(`${origin}${path}`) &&
        (condition.requestMethod === undefined || condition.requestMethod === method),
    )?.source ?? 'no rule: the worker'

  it('reads the build’s scripts and styles from the precache, and leaves the rest to the worker', () => {
    expect(routeOf('/assets/start-B376zPOh.js')).toEqual({ cacheName: 'workbox-precache-v2-test' })
    expect(routeOf('/assets/shell-C1x2y3z4.css')).toEqual({ cacheName: 'workbox-precache-v2-test' })
    expect(routeOf('/assets/locale-nl-Dr_TPmkb.js')).toBe('fetch-event')
    expect(routeOf('/assets/start-B376zPOh.js', 'POST')).toBe('no rule: the worker')
    for (const path of [
      '/',
      '/muesli/',
      '/images/products/muesli-front-320.webp',
      '/api/catalogue/sync',
      '/icons/a.png',
    ])
      expect(routeOf(path)).toBe('no rule: the worker')
  })
})

describe('cacheNames', () => {
  it('keeps every site’s caches apart by host', () => {
    const nl = cacheNames('equivera-nl.localhost')
    const be = cacheNames('equivera-be.localhost')
    for (const key of Object.keys(nl) as (keyof typeof nl)[]) expect(nl[key]).not.toBe(be[key])
  })

  it('gives product images a cache of their own, cleaned up with the others on a new version', () => {
    const names = cacheNames('equivera-nl.localhost')
    expect(new Set(Object.values(names)).size).toBe(Object.keys(names).length)
    expect(names.images).toMatch(/^shop-images-v\d+-equivera-nl\.localhost$/)
  })
})

const webp = (bytes: number, headers: Record<string, string> = {}, status = 200) =>
  new Response(status === 204 ? null : new Uint8Array(bytes), {
    status,
    headers: { 'content-type': 'image/webp', ...headers },
  })

describe('isProductImage', () => {
  it.each([
    ['a WebP 200', webp(10), true],
    ['a WebP 200 with parameters in its type', webp(10, { 'content-type': 'Image/WebP; q=1' }), true],
    ['a 404', webp(10, {}, 404), false],
    ['a 500', webp(10, {}, 500), false],
    ['a 204', webp(0, {}, 204), false],
    ['the page renderer’s HTML', webp(10, { 'content-type': 'text/html; charset=utf-8' }), false],
    ['a PNG', webp(10, { 'content-type': 'image/png' }), false],
    ['an answer without a type', new Response(new Uint8Array(10)), false],
  ])('%s: %s', (_name, candidate, expected) => {
    expect(isProductImage(candidate)).toBe(expected)
  })
})

describe('declaredBytes', () => {
  it.each([
    ['1234', 1234],
    [' 0 ', 0],
    ['-1', null],
    ['12kb', null],
    [undefined, null],
  ])('reads Content-Length %j as %j', (length, expected) => {
    expect(
      declaredBytes(new Response(null, { headers: length === undefined ? {} : { 'content-length': length } })),
    ).toBe(expected)
  })
})

describe('overBudget', () => {
  const entries = [
    { url: 'a', bytes: 40 },
    { url: 'b', bytes: 30 },
    { url: 'c', bytes: 20 },
    { url: 'd', bytes: 10 },
  ]
  it.each([
    [100, []],
    [99, ['a']],
    [60, ['a']],
    [59, ['a', 'b']],
    [10, ['a', 'b', 'c']],
    [0, ['a', 'b', 'c', 'd']],
  ])('under a budget of %i bytes deletes %j, oldest first', (budget, expected) => {
    expect(overBudget(entries, budget)).toEqual(expected)
  })

  it('deletes nothing from an empty cache', () => {
    expect(overBudget([], 0)).toEqual([])
  })
})

/** A Cache in memory that keeps insertion order, as the Cache API does. */
function fakeCache() {
  const entries = new Map<string, Response>()
  const urlOf = (request: RequestInfo | URL) =>
    typeof request === 'string' ? request : request instanceof URL ? request.href : request.url
  const cache = {
    put(url: string, stored: Response) {
      entries.delete(url)
      entries.set(url, stored)
    },
    urls: () => [...entries.keys()],
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    match: async (request: RequestInfo | URL) => entries.get(urlOf(request))?.clone(),
    delete: async (request: RequestInfo | URL) => entries.delete(urlOf(request)),
  }
  return cache satisfies BudgetCache
}

describe('byteBudgetPlugin', () => {
  const url = (n: number) => `https://equivera-nl.localhost/images/products/p${n}-front-160.webp`
  const setUp = (maxBytes: number) => {
    const cache = fakeCache()
    const plugin = byteBudgetPlugin(maxBytes, async () => cache)
    const put = async (n: number, fetched: Response) => {
      const kept = await plugin.cacheWillUpdate!({ request: new Request(url(n)), response: fetched } as never)
      if (!kept) return false
      cache.put(url(n), kept)
      await plugin.cacheDidUpdate!({ cacheName: 'images', request: new Request(url(n)), newResponse: kept } as never)
      return true
    }
    return { cache, put }
  }

  it('keeps only WebP 200s', async () => {
    const { cache, put } = setUp(1000)
    expect(await put(1, webp(10))).toBe(true)
    expect(await put(2, webp(10, {}, 404))).toBe(false)
    expect(await put(3, new Response('<!DOCTYPE html>', { headers: { 'content-type': 'text/html' } }))).toBe(false)
    expect(cache.urls()).toEqual([url(1)])
  })

  it('deletes the oldest images once the cache is over its budget, by Content-Length or else the body', async () => {
    const { cache, put } = setUp(100)
    await put(1, webp(40, { 'content-length': '40' }))
    await put(2, webp(30)) // no Content-Length: measured from the body
    await put(3, webp(20, { 'content-length': '20' }))
    expect(cache.urls()).toEqual([url(1), url(2), url(3)])
    await put(4, webp(20, { 'content-length': '20' }))
    expect(cache.urls()).toEqual([url(2), url(3), url(4)])
    await put(5, webp(90, { 'content-length': '90' }))
    expect(cache.urls()).toEqual([url(5)])
  })

  it('counts what another plugin deleted as gone', async () => {
    const { cache, put } = setUp(100)
    await put(1, webp(60))
    await cache.delete(url(1)) // ExpirationPlugin's doing
    await put(2, webp(60))
    expect(cache.urls()).toEqual([url(2)])
  })

  it('measures a replaced image anew', async () => {
    const { cache, put } = setUp(100)
    await put(1, webp(10))
    await put(2, webp(50))
    await put(1, webp(60))
    expect(cache.urls()).toEqual([url(1)])
  })

  it('handles puts that arrive together one after another', async () => {
    const { cache, put } = setUp(100)
    await Promise.all([1, 2, 3, 4, 5].map((n) => put(n, webp(30))))
    expect(cache.urls()).toEqual([url(3), url(4), url(5)])
  })
})

describe('fallbackImagePaths', () => {
  it('offers the same view in the other widths, nearest first, then the front view', () => {
    expect(fallbackImagePaths('/images/products/sport-muesli-0a1b2c3d-scene-640.webp')).toEqual([
      '/images/products/sport-muesli-0a1b2c3d-scene-320.webp',
      '/images/products/sport-muesli-0a1b2c3d-scene-1280.webp',
      '/images/products/sport-muesli-0a1b2c3d-scene-160.webp',
      '/images/products/sport-muesli-0a1b2c3d-front-160.webp',
      '/images/products/sport-muesli-0a1b2c3d-front-320.webp',
      '/images/products/sport-muesli-0a1b2c3d-front-640.webp',
      '/images/products/sport-muesli-0a1b2c3d-front-1280.webp',
    ])
  })

  it('ends with the small front picture every synced product has', () => {
    const paths = fallbackImagePaths('/images/products/hay-net-12345678-front-1280.webp')
    expect(paths).toContain(warmImageUrl('hay-net-12345678'))
    expect(paths).not.toContain('/images/products/hay-net-12345678-front-1280.webp')
  })

  it.each(['/icons/equivera.svg', '/images/products/readme.txt', '/images/products/x-side-160.webp'])(
    'has nothing for %s',
    (path) => {
      expect(fallbackImagePaths(path)).toEqual([])
    },
  )
})

describe('placeholderImage', () => {
  it('is a neutral picture that is never kept', async () => {
    const placeholder = placeholderImage()
    expect(placeholder.status).toBe(200)
    expect(placeholder.headers.get('content-type')).toBe('image/svg+xml')
    expect(isCacheable(placeholder)).toBe(false)
    expect(isProductImage(placeholder)).toBe(false)
    expect(await placeholder.text()).toMatch(/^<svg [^>]*viewBox="0 0 160 160"/)
  })
})

describe('isPersonalApi', () => {
  it.each([
    ['/api/account', true],
    ['/api/account/12/confirm?token=x', true],
    ['/api/authentication/isauthenticated', true],
    ['/api/Authentication/signin', true],
    ['/api/captcha/challenge', true],
    ['/api/accounts-public', false],
    ['/api/sites/1', false],
    ['/account/', false],
  ])('%s is personal: %s', (path, personal) => {
    expect(isPersonalApi(new URL(path, 'https://www.equivera.nl'))).toBe(personal)
  })

  it('keeps no answer the account calls give (no-store), so no cache can hold one', () => {
    const answer = new Response('{}', { status: 200, headers: { 'cache-control': 'no-store' } })
    expect(isCacheable(answer)).toBe(false)
  })
})

describe('showsAtOnce', () => {
  const now = Date.parse('2026-11-27T12:00:00Z')
  const entry = '/assets/entry.client-AbC123.js'
  const holds = (path: string) => path === entry
  const page = (headers: Record<string, string>, status = 200) =>
    response(status, { [PAGE_ENTRY_HEADER]: entry, date: new Date(now - 60_000).toUTCString(), ...headers })

  it.each([
    ['a page of this build, kept a minute ago', page({}), true],
    [
      'one kept just under a day ago',
      page({ date: new Date(now - KEPT_PAGE_AT_ONCE_S * 1000 + 1000).toUTCString() }),
      true,
    ],
    ['one dated ahead of this device’s clock', page({ date: new Date(now + 3_600_000).toUTCString() }), true],
    ['one kept over a day ago', page({ date: new Date(now - KEPT_PAGE_AT_ONCE_S * 1000 - 1000).toUTCString() }), false],
    ['one made by another build', page({ [PAGE_ENTRY_HEADER]: '/assets/entry.client-Old999.js' }), false],
    ['one that names no entry', response(200, { date: new Date(now).toUTCString() }), false],
    ['one that names an entry elsewhere', page({ [PAGE_ENTRY_HEADER]: 'https://elsewhere.example/e.js' }), false],
    ['one without a date', response(200, { [PAGE_ENTRY_HEADER]: entry }), false],
    ['one with a date that is no date', page({ date: 'yesterday' }), false],
    ['a 404', page({}, 404), false],
  ])('%s: %s', (_name, kept, expected) => {
    expect(showsAtOnce(kept, now, holds)).toBe(expected)
  })

  it.each([
    ['made before any choice, still none', 'none', null, true],
    ['made with the choice there is now', 'necessary', 'necessary', true],
    ['made before the visitor chose (it would ask again)', 'none', 'necessary', false],
    ['made before the visitor changed their mind', 'necessary', 'all', false],
    ['made with a choice since cleared', 'all', null, false],
    ['the choice unknown to this worker', 'none', undefined, true],
  ] as const)('a page %s: %s', (_name, madeWith, choice, expected) => {
    expect(showsAtOnce(page({ [PAGE_CONSENT_HEADER]: madeWith }), now, holds, choice)).toBe(expected)
  })
})

describe('markedKept', () => {
  it('keeps the page and its headers, and adds the mark the app reads', async () => {
    const kept = response(200, { 'content-type': 'text/html', 'server-timing': 'render;dur=12', etag: '"a"' })
    const shown = markedKept(kept)
    expect(shown.status).toBe(200)
    expect(await shown.text()).toBe('x')
    expect(shown.headers.get('etag')).toBe('"a"')
    expect(shown.headers.get('server-timing')).toBe(`render;dur=12, ${KEPT_PAGE_TIMING}`)
  })

  it('paints the page once it is parsed whole, and drops a length the body no longer has', async () => {
    const html = `<!doctype html><html><head><link rel="expect" href="#${HEADER_END_ID}" blocking="render"></head><body>é</body></html>`
    const shown = markedKept(new Response(html, { headers: { 'content-length': '999' } }))
    expect(await shown.text()).toBe(html.replace(`#${HEADER_END_ID}`, `#${PAGE_PARSED_ID}`))
    expect(shown.headers.has('content-length')).toBe(false)
  })

  it('is what isKeptPage recognises, and nothing else is', () => {
    expect(isKeptPage({ serverTiming: [{ name: 'render' }, { name: KEPT_PAGE_TIMING }] })).toBe(true)
    expect(isKeptPage({ serverTiming: [{ name: 'render' }] })).toBe(false)
    expect(isKeptPage({})).toBe(false)
    expect(isKeptPage(undefined)).toBe(false)
  })
})

describe('paintParsedFromCache', () => {
  it('paints a page the strategy answers from its cache once parsed whole, and lets a miss be a miss', async () => {
    const use = paintParsedFromCache.cachedResponseWillBeUsed!
    // The event is a worker's ExtendableEvent, which the rule never reads.
    const args = { cacheName: 'pages', request: new Request('http://shop.test/') } as Parameters<typeof use>[0]
    const cachedResponse = new Response(`<head><link rel="expect" href="#${HEADER_END_ID}"></head>`)
    const shown = await use({ ...args, cachedResponse })
    expect(await shown!.text()).toBe(`<head><link rel="expect" href="#${PAGE_PARSED_ID}"></head>`)
    expect(await use({ ...args, cachedResponse: undefined })).toBeNull()
  })
})

describe('paintsParsed', () => {
  const streamOf = (...pieces: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece))
        controller.close()
      },
    })
  const piecesOf = async (stream: ReadableStream<Uint8Array>) => {
    const pieces: string[] = []
    for await (const piece of stream) pieces.push(new TextDecoder().decode(piece))
    return pieces
  }
  const expectLink = (id: string) => `<link rel="expect" href="#${id}" blocking="render">`

  it('changes the expect link in the first piece and passes every other piece as it is', async () => {
    const pieces = await piecesOf(
      paintsParsed(
        streamOf(`<head>${expectLink(HEADER_END_ID)}<title>a</title>`, `<body>${expectLink(HEADER_END_ID)}`, '</html>'),
      ),
    )
    expect(pieces).toEqual([
      `<head>${expectLink(PAGE_PARSED_ID)}<title>a</title>`,
      `<body>${expectLink(HEADER_END_ID)}`,
      '</html>',
    ])
  })

  it('leaves a page without the link, or with it split across pieces, as it is', async () => {
    expect(await piecesOf(paintsParsed(streamOf('<head><title>a</title>', '</html>')))).toEqual([
      '<head><title>a</title>',
      '</html>',
    ])
    const link = expectLink(HEADER_END_ID)
    const split = [`<head>${link.slice(0, 30)}`, `${link.slice(30)}<title>a</title>`]
    expect(await piecesOf(paintsParsed(streamOf(...split)))).toEqual(split)
  })

  it('finds the link by its bytes, after characters of several bytes and up to the end of the piece', async () => {
    const piece = `<title>Paardenvoer · müsli é</title>href="#${HEADER_END_ID}"`
    expect(await piecesOf(paintsParsed(streamOf(piece)))).toEqual([
      `<title>Paardenvoer · müsli é</title>href="#${PAGE_PARSED_ID}"`,
    ])
  })

  it('finds the link after the head’s inline styles, 30 KB in', async () => {
    const styles = `<style>${'.a{color:red}'.repeat(2400)}</style>`
    expect(await piecesOf(paintsParsed(streamOf(`<head>${styles}${expectLink(HEADER_END_ID)}`)))).toEqual([
      `<head>${styles}${expectLink(PAGE_PARSED_ID)}`,
    ])
  })
})

describe('keptPageChanged', () => {
  const kept = response(200, { etag: '"a"' })
  it.each([
    ['the same page again', response(200, { etag: '"a"' }), false],
    ['the kept copy handed back (no network)', kept, false],
    ['a page that changed', response(200, { etag: '"b"' }), true],
    ['an answer without an ETag', response(200), true],
    ['a page that is gone', response(404, { etag: '"c"' }), true],
    ['a server error', response(503), false],
  ])('%s: %s', (_name, answered, expected) => {
    expect(keptPageChanged(kept, answered)).toBe(expected)
  })

  it('says changed when the kept copy has no ETag to compare', () => {
    expect(keptPageChanged(response(200), response(200))).toBe(true)
  })
})

describe('keepOfflinePage', () => {
  /** An answer whose body says whether it was read to its end or let go. */
  function tracked(status: number, headers: Record<string, string> = {}) {
    const state = { cancelled: false }
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new TextEncoder().encode('<html>offline</html>')),
      cancel: () => {
        state.cancelled = true
      },
    })
    return { response: new Response(body, { status, headers }), state }
  }
  const memoryCache = (held: string[] = []) => {
    const kept = new Map<string, Response>(held.map((path) => [path, new Response('old')]))
    return {
      kept,
      match: async (path: RequestInfo | URL) => kept.get(String(path)),
      put: async (path: RequestInfo | URL, answer: Response) => void kept.set(String(path), answer),
    }
  }

  it('keeps the page the server answers', async () => {
    const cache = memoryCache()
    const answer = tracked(200, { 'content-type': 'text/html' })
    expect(await keepOfflinePage(cache, '/fr/offline', async () => answer.response)).toBe(true)
    expect(cache.kept.get('/fr/offline')).toBe(answer.response)
    expect(answer.state.cancelled).toBe(false)
  })

  it('asks nothing when the page is kept already', async () => {
    const cache = memoryCache(['/offline'])
    let asked = 0
    expect(await keepOfflinePage(cache, '/offline', async () => (asked++, tracked(200).response))).toBe(false)
    expect(asked).toBe(0)
  })

  it('keeps neither an error nor a no-store answer, and lets their bodies go so the requests end', async () => {
    for (const answer of [tracked(503), tracked(200, { 'cache-control': 'no-store' })]) {
      const cache = memoryCache()
      expect(await keepOfflinePage(cache, '/offline', async () => answer.response)).toBe(false)
      expect(cache.kept.size).toBe(0)
      expect(answer.state.cancelled).toBe(true)
    }
  })
})
