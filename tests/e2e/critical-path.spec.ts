import { expect, test, type APIRequestContext } from '@playwright/test'
import { startedModules } from '../../src/app/start-script.ts'
import { addToCart, CART, SPORT_MUESLI } from './cart-helpers.ts'
import { E2E_PORT } from './ports.ts'

// What a first visit must fetch before the page can run: the scripts its HTML names (the entry and the modules it
// preloads). On a rural line each file costs a round trip and each kilobyte a few milliseconds, so the home page
// keeps to few files, and no first page carries zod or Dexie: they load with the forms and stores that need them.
// (The bytes are a benchmark figure: npm run bench.)

// Node does not resolve *.localhost: ask localhost, naming the Dutch site in the Host header.
const BASE = `http://localhost:${E2E_PORT}`
const HOST = { host: `equivera-nl.localhost:${E2E_PORT}` }

/** The scripts a first visit fetches: the modules its HTML names (module tags, preloads and the bootstrap's list). */
async function firstScripts(path: string, request: APIRequestContext) {
  const html = await (await request.get(`${BASE}${path}`, { headers: HOST })).text()
  const sources = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)]
  return [...new Set([...sources.map((match) => match[1]!), ...startedModules(html)])]
}

test('the page paints before the app starts; its scripts are asked for after its picture', async ({
  page,
  request,
}) => {
  const html = await (await request.get(`${BASE}/muesli/sport-muesli/`, { headers: HOST })).text()
  expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/)
  expect(startedModules(html).length).toBeGreaterThan(1)
  expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/)

  await page.goto(`http://equivera-nl.localhost:${E2E_PORT}/muesli/sport-muesli/`)
  await expect(page.locator('html[data-hydrated]')).toBeAttached()
  const { paint, start, parsed, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    start: performance.getEntriesByName('shop:start')[0]?.startTime,
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
  }))
  expect(paint).toBeDefined()
  expect(start).toBeDefined()
  expect(paint!).toBeLessThanOrEqual(start!)
  // Asked for once the whole page is parsed, from the frame that paints it (not from the head, as it arrives); the
  // paint's own time is when the frame reached the screen, which can be a frame or two later.
  expect(scripts.length).toBeGreaterThan(0)
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(parsed)
})

// The cart page and the checkout's first step too: each view is one chunk with what it brings
// (src/server/render/chunk-groups.ts).
for (const path of ['/', '/muesli/', '/muesli/sport-muesli/', '/winkelwagen/', '/checkout/billing/']) {
  test(`${path} loads at most 12 script files`, async ({ request }) => {
    const scripts = await firstScripts(path, request)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(12)
  })
}

for (const path of ['/', '/muesli/', '/muesli/sport-muesli/', '/vergelijken/', '/winkelwagen/']) {
  test(`${path}: no zod and no Dexie on the first page's path`, async ({ request }) => {
    for (const script of await firstScripts(path, request)) {
      const code = await (await request.get(`${BASE}${script}`, { headers: HOST })).text()
      // Names both libraries keep in their minified code.
      expect(code.includes('$ZodError'), `${script} holds zod`).toBe(false)
      expect(code.includes('DexieError'), `${script} holds Dexie`).toBe(false)
    }
  })
}

// Each first page carries only its own view: the device's search (for offline) loads at idle with the device's
// catalogue, a category's page does not bring the product page's parts, nor a product's page the lists' filters
// (src/server/render/chunk-groups.ts, catalogue/load-view.ts).
const VIEWS: [path: string, has: string[], not: string[]][] = [
  ['/', [], ['device-search', 'catalogue-view', 'product-view', 'catalogue-parts']],
  ['/muesli/', ['catalogue-view', 'catalogue-parts'], ['device-search', 'product-view']],
  ['/muesli/sport-muesli/', ['product-view', 'catalogue-parts'], ['device-search', 'catalogue-view']],
]
for (const [path, has, not] of VIEWS) {
  test(`${path}: its own view, no other page's and no device search on the first page's path`, async ({ request }) => {
    const chunks = (await firstScripts(path, request)).map(
      (script) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(script)?.[1],
    )
    for (const chunk of has) expect(chunks, chunk).toContain(chunk)
    for (const chunk of not) expect(chunks, chunk).not.toContain(chunk)
  })
}

// What the home page loads once it is idle (the stores, the schemas, the catalogue sync) is data, not another page:
// a schema shared with the checkout's forms used to bring the checkout's view with it, and with it the catalogue's
// view, the cart page and three stylesheets, all evaluated and styled in the tasks after the load.
test('the home page at idle loads no other page’s view or stylesheet', async ({ page }) => {
  await page.goto(`http://equivera-nl.localhost:${E2E_PORT}/`)
  await expect(page.locator('html')).toHaveAttribute('data-catalogue-synced', /^\d+$/, { timeout: 30_000 })
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  )
  expect(loaded.some((path) => /\/assets\/catalogue-store-[\w-]+\.js$/.test(path))).toBe(true)
  const views = loaded.filter((path) => /\/assets\/[\w-]*(view|page)-[\w-]+\.(js|css)$/.test(path))
  expect(views).toEqual([])
})

// A response whose body the page never reads stays open in Chromium: it holds one of the host's six connections for
// as long as the page lives, and Lighthouse, waiting for the page's requests to end, ran into its 45 s limit on every
// page (the health check's answer was never read). Every request of a first visit, the idle work's too, ends.
test('every request a first visit makes ends, none is left open', async ({ page }) => {
  const open = new Map<object, string>()
  const asked: string[] = []
  page.on('request', (request) => {
    open.set(request, request.url())
    asked.push(new URL(request.url()).pathname)
  })
  page.on('requestfinished', (request) => open.delete(request))
  page.on('requestfailed', (request) => open.delete(request))
  // Ended means answered and read. Chromium calls off a request whose answer nobody read once the answer is dropped
  // (Playwright reports that as finished), so the browser's own network events are read too.
  const browserSide = await page.context().newCDPSession(page)
  const urls = new Map<string, string>()
  const calledOff: string[] = []
  browserSide.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url))
  browserSide.on('Network.loadingFailed', (event) => calledOff.push(`${urls.get(event.requestId)} ${event.errorText}`))
  await browserSide.send('Network.enable')
  await page.goto(`http://equivera-nl.localhost:${E2E_PORT}/`)
  await expect(page.locator('html')).toHaveAttribute('data-catalogue-synced', /^\d+$/, { timeout: 30_000 })
  // The localization check too, which the server answers with 204 (nothing to offer a visitor from the US).
  await expect(page.locator('html')).toHaveAttribute('data-localization-choice', 'none')
  await expect.poll(() => asked).toEqual(expect.arrayContaining(['/health', '/api/catalogue/sync', '/api/Sites']))
  await expect.poll(() => [...open.values()], { timeout: 10_000 }).toEqual([])
  // Time for an unread answer to be dropped and its request called off (within a second here), then none may be.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)))
  expect(calledOff).toEqual([])
})

// The first Intl object a page makes sets up ICU's data: 40–110 ms in Chromium here, inside the task that hydrates the
// first price. Prices, nutrition values, review dates and language names are written with the patterns Intl gives
// (src/domain/number-patterns.ts, intl-texts.ts; the browser has its language's with its texts, intl-data.ts), so no
// page kind a shopper lands on makes one while it loads. Nor does it compare strings by locale: the switcher's options
// come sorted from the server, review dates compare as text.
test('home, category, product and cart pages load without an Intl format or a comparison by locale', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const made: string[] = []
    Object.assign(window, { intlMade: made })
    for (const name of ['NumberFormat', 'DateTimeFormat', 'DisplayNames'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object
      const Counted = function (...args: unknown[]) {
        made.push(`${name} ${JSON.stringify(args)}`)
        return new Original(...args)
      }
      Counted.prototype = Original.prototype
      Object.assign(Intl, { [name]: Counted })
    }
    // A first comparison by locale sets up ICU's collation as well (35 ms here).
    const localeCompare = String.prototype.localeCompare
    // oxlint-disable-next-line no-extend-native -- replaced in the test's page only, to count the page's own calls
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
      made.push(`localeCompare ${JSON.stringify([this, ...args])}`)
      return localeCompare.apply(this, args)
    }
  })
  const origin = `http://equivera-nl.localhost:${E2E_PORT}`
  const loadsWithoutIntl = async (path: string) => {
    await page.goto(`${origin}${path}`)
    await expect(page.locator('html[data-hydrated]')).toBeAttached()
    await expect(page.locator('html')).toHaveAttribute('data-catalogue-synced', /^\d+$/, { timeout: 30_000 })
    await expect(page.locator('main .price').first()).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual([])
  }
  for (const path of ['/', '/muesli/', SPORT_MUESLI]) await loadsWithoutIntl(path)
  // The cart's page with a line in it, so it has prices to write.
  await addToCart(page, `${origin}${SPORT_MUESLI}`, 2)
  await loadsWithoutIntl(CART)
})
