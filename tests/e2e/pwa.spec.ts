import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type BrowserContext, type Page, type Route } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.ts'
import { CONSENT_COOKIE } from '../../src/domain/cookies.ts'
import { HEADER_END_ID, KEPT_PAGE_TIMING, PAGE_PARSED_ID } from '../../src/domain/kept-pages.ts'
import { SHORT_CACHE } from '../../src/domain/ttl-cache.ts'
import { cacheNames, warmImageUrl } from '../../sw/rules.ts'
import { serverOnOwnBuild, startServer, type RunningServer } from './server.ts'
import { holdScripts, setStockByApi, waitForServiceWorker } from './helpers.ts'
import { E2E_PORT, ownPort } from './ports.ts'

// The installable, offline PWA: manifest and service worker as Chromium judges them, pages kept for offline use,
// the offline and back-online notices, and the update prompt after a new deploy. The offline and update tests run
// a server of their own, so they can stop it (no network at all, the service worker's included) or deploy under it.

const nl = JSON.parse(readFileSync(new URL('../../locales/nl.json', import.meta.url), 'utf8')) as {
  offline: { notice: string; backOnline: string; pageTitle: string }
  update: { available: string; reload: string }
  consent: { decline: string }
  catalogue: { stock: { inStock: string; soldOut: string } }
}

test('the manifest and service worker make the app installable (no installability errors)', async () => {
  // A persistent profile: Chromium never offers to install from an incognito context, which Playwright's are.
  const profile = mkdtempSync(join(tmpdir(), 'shop-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium()!,
    args: CHROMIUM_ARGS,
  })
  const page = await context.newPage()
  await page.goto(`http://equivera-nl.localhost:${E2E_PORT}/`)
  await waitForServiceWorker(page)
  const manifest = await (
    await page.request.get(`http://localhost:${E2E_PORT}/manifest.webmanifest`, {
      headers: { host: `paddockpure-dk.localhost:${E2E_PORT}` },
    })
  ).json()
  expect(manifest).toMatchObject({ short_name: 'Paddock Pure', lang: 'da-DK', display: 'standalone' })
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '192x192 maskable',
    '512x512 maskable',
  ])
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[]
  }
  expect(installabilityErrors).toEqual([])
  const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
  expect(url).toBe(`http://equivera-nl.localhost:${E2E_PORT}/manifest.webmanifest?language=nl`)
  expect(errors).toEqual([])
  await context.close()
  rmSync(profile, { recursive: true, force: true })
})

test('with the worker in control, the shell’s scripts come from its precache without running it', async ({ page }) => {
  const origin = `http://equivera-nl.localhost:${E2E_PORT}`
  await page.goto(`${origin}/muesli/`)
  await waitForServiceWorker(page)
  await page.reload()
  await expect(page.locator('html[data-hydrated]')).toBeAttached()
  // Chromium reports, for each request of a page with a worker, which source of the worker's static routes
  // answered it ('cache': the browser read the precache itself; 'fetch-event': the worker's script ran).
  const sources = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerFinalSourceType?: string })[])
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
      .map((entry) => ({ path: new URL(entry.name).pathname, source: entry.workerFinalSourceType })),
  )
  const scripts = sources.filter(({ path }) => !path.startsWith('/assets/locale-'))
  const texts = sources.filter(({ path }) => path.startsWith('/assets/locale-'))
  expect(scripts.length).toBeGreaterThanOrEqual(5)
  expect(scripts).toEqual(scripts.map(({ path }) => ({ path, source: 'cache' })))
  // The language's texts are not precached: the worker's own cache-first route keeps them.
  expect(texts.length).toBeGreaterThan(0)
  expect(texts).toEqual(texts.map(({ path }) => ({ path, source: 'fetch-event' })))
})

test.describe('offline', () => {
  const PORT = ownPort(1)
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  test('visited pages work offline with the offline notice; the back-online notice follows', async ({
    page,
    context,
  }) => {
    const origin = `http://equivera-nl.localhost:${PORT}`
    await page.goto(`${origin}/`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await page.goto(`${origin}/klantenservice/`)
    const heading = await page.getByRole('heading', { level: 1 }).textContent()

    // No network at all: the server is gone (so the service worker's fetches fail too) and the browser is offline.
    await server.stop()
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!)
    await expect(page.getByText(nl.offline.notice)).toBeVisible()
    // The notice is there before the app runs: a page that never starts it still says so.
    const held = await pageWithoutApp(context)
    await held.goto(`${origin}/klantenservice/`)
    await expect(held.getByText(nl.offline.notice)).toBeVisible()
    expect(await held.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    await held.close()

    // Client-side navigation to another visited page works from the cached API answers.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${origin}/`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    // A page never visited: the offline page, in the site's language.
    await page.goto(`${origin}/over-ons/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.offline.pageTitle)

    server = await startServer(PORT)
    await context.setOffline(false)
    await page.goto(`${origin}/klantenservice/`)
    await context.setOffline(true)
    await expect(page.getByText(nl.offline.notice)).toBeVisible()
    await context.setOffline(false)
    await expect(page.getByText(nl.offline.backOnline)).toBeVisible()

    // Online, the page before the app runs says nothing of it.
    const online = await pageWithoutApp(context)
    await online.goto(`${origin}/klantenservice/`)
    await expect(online.getByRole('heading', { level: 1 })).toHaveText(heading!)
    await expect(online.getByText(nl.offline.notice)).toBeHidden()
    await online.close()
  })
})

/** A page whose app never starts: its bootstrap script waits for a frame after the first paint that never comes. */
async function pageWithoutApp(context: BrowserContext) {
  const page = await context.newPage()
  await page.addInitScript(() => {
    Object.defineProperty(window, 'PerformanceObserver', { value: undefined })
    window.requestAnimationFrame = () => 0
  })
  return page
}

test.describe('repeat visits', () => {
  const PORT = ownPort(28)
  const origin = `http://equivera-nl.localhost:${PORT}`
  const PRODUCT = { path: '/muesli/sport-muesli/', variantId: 101 }
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  const setStock = (stock: number) => setStockByApi(`http://localhost:${PORT}`, PRODUCT.variantId, stock)
  const keptPages = (page: Page) =>
    page.evaluate(
      async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
      cacheNames(new URL(origin).host).pages,
    )
  const keptCopy = (page: Page, path: string) =>
    page.evaluate(
      async ([name, url]) => (await (await caches.open(name!)).match(url!))?.text(),
      [cacheNames(new URL(origin).host).pages, path],
    )
  const fromKeptCopy = (page: Page) =>
    page.evaluate(() =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).serverTiming.map((e) => e.name),
    )
  /** The element the page's first paint waits for: the `href` of its render-blocking expect link. */
  const paintWaitsFor = (page: Page) =>
    page.evaluate(() => document.querySelector('link[rel="expect"][blocking="render"]')?.getAttribute('href'))
  /** Holds the page's product call (its fresh data) until the returned release is called. */
  async function holdProductData(page: Page) {
    const held: Route[] = []
    let holding = true
    await page.route(`**/api/productvariants/${PRODUCT.variantId}*`, (route) =>
      holding ? void held.push(route) : route.continue(),
    )
    return {
      asked: () => held.length,
      release: async () => {
        holding = false
        for (const route of held.splice(0)) await route.continue()
      },
    }
  }

  test('a page visited before opens from the worker’s copy, then shows the server’s data', async ({ page }) => {
    // The first visit, before the worker runs: once it does, it keeps this page from the browser's own copy.
    await page.goto(`${origin}${PRODUCT.path}`)
    await waitForServiceWorker(page)
    await expect.poll(() => keptPages(page)).toContain(PRODUCT.path)
    // That copy asks for the cookie choice, so after the choice it is not shown at once (it would ask again). The app
    // has the worker keep the network's copy, made with the choice: the next visit opens from it, without the banner.
    expect(await keptCopy(page, PRODUCT.path)).toContain('class="cookie-banner')
    const decline = page.getByRole('button', { name: nl.consent.decline })
    await decline.click()
    await expect.poll(() => keptCopy(page, PRODUCT.path)).not.toContain('class="cookie-banner')
    const chosen = await page.reload()
    expect(await fromKeptCopy(page)).toContain(KEPT_PAGE_TIMING)
    // The copy is on the device: it paints once parsed whole, so the pictures its first frame asks for do not hold
    // back the rest of the document (sw/rules.ts, paintsParsed; what that does to the timings is the bench's part).
    expect(await paintWaitsFor(page)).toBe(`#${PAGE_PARSED_ID}`)
    expect(await chosen!.text()).not.toContain('class="cookie-banner')
    const main = page.getByRole('main')
    await expect(main.getByText(nl.catalogue.stock.inStock)).toBeVisible()

    // While the shopper is away the feed sells out. The next visit shows the kept page at once, as it was; the worker
    // finds the network's copy differs, so the page's data is fetched afresh once it runs: it then says sold out.
    await setStock(0)
    // The server's own answers may be as old as its short cache (a render of the first visit may still be there).
    await page.waitForTimeout(SHORT_CACHE.ttlMs + 100)
    const data = await holdProductData(page)
    const repeat = await page.reload()
    expect(await fromKeptCopy(page)).toContain(KEPT_PAGE_TIMING)
    expect(await repeat!.text()).not.toContain('class="cookie-banner')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect.poll(data.asked).toBeGreaterThan(0)
    await expect(main.getByText(nl.catalogue.stock.inStock)).toBeVisible()
    await data.release()
    await expect(main.getByText(nl.catalogue.stock.soldOut)).toBeVisible()

    // The worker fetched the server's page behind the kept one: the visit after opens with it.
    await expect.poll(() => keptCopy(page, PRODUCT.path)).toContain(nl.catalogue.stock.soldOut)
    await page.unrouteAll()
    const next = await holdProductData(page)
    await page.reload()
    expect(await fromKeptCopy(page)).toContain(KEPT_PAGE_TIMING)
    await expect(main.getByText(nl.catalogue.stock.soldOut)).toBeVisible()
    // Nothing changed since: the worker says so, and the page asks for nothing again (the catalogue sync, which
    // starts after that answer, has come and gone).
    await expect(page.locator('html')).toHaveAttribute('data-catalogue-synced', /\d+/)
    expect(next.asked()).toBe(0)
    await next.release()

    // A page the worker has no copy of comes from the network, and paints once its header is in (the rest may still
    // be on the line).
    await page.goto(`${origin}/`)
    expect(await fromKeptCopy(page)).not.toContain(KEPT_PAGE_TIMING)
    expect(await paintWaitsFor(page)).toBe(`#${HEADER_END_ID}`)
  })

  test('a page made before the cookie choice is kept anew, with the choice, once the app runs', async ({ page }) => {
    // The page is on screen, made without a choice (its banner), while its scripts are held back; the choice is made
    // meanwhile (in another tab, say). The app, once it runs, finds the page made before the choice.
    const category = '/muesli/'
    const scripts = await holdScripts(page)
    const first = await page.goto(`${origin}${category}`)
    expect(await first!.text()).toContain('class="cookie-banner')
    await page.evaluate((name) => (document.cookie = `${name}=necessary; Path=/`), CONSENT_COOKIE)
    scripts.release()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(page.locator('.cookie-banner')).toHaveCount(0)
    await waitForServiceWorker(page)

    // The worker keeps the network's page, made with the choice: the next visit opens from it, without the banner.
    await expect
      .poll(async () => {
        const kept = await keptCopy(page, category)
        return kept !== undefined && kept.includes('class="site-main') && !kept.includes('class="cookie-banner')
      })
      .toBe(true)
    await page.unrouteAll()
    const repeat = await page.reload()
    expect(await fromKeptCopy(page)).toContain(KEPT_PAGE_TIMING)
    expect(await repeat!.text()).not.toContain('class="cookie-banner')
  })
})

test.describe('updates', () => {
  const PORT = ownPort(2)
  // A build of its own: the update test deploys under it.
  const own = serverOnOwnBuild(PORT)

  test('deploying a new build shows the update prompt, and updating reloads into it', async ({ context, page }) => {
    // Two service workers install here, each precaching the shell: more than the default time on a busy machine.
    test.slow()
    const host = `equivera-nl.localhost:${PORT}`
    const origin = `http://${host}`
    // A slow line: the old worker is still keeping product pictures when the visitor updates, and the update must not
    // wait for it (Chromium holds a new worker until the old one has no work left).
    const held: Route[] = []
    const asked = new Set<string>()
    let holding = true
    await context.route(`${origin}/images/products/**`, (route) => {
      asked.add(route.request().url())
      if (holding) held.push(route)
      else void route.continue()
    })
    await page.goto(`${origin}/klantenservice/`)
    await waitForServiceWorker(page)
    await expect.poll(() => held.length).toBeGreaterThan(0)
    // One notice at a time: the cookie choice comes first.
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await expect(page.getByText(nl.update.available)).toHaveCount(0)

    // A new deploy: the service worker file changes (as every build's precache manifest does).
    const file = join(own.dist(), 'client', 'sw.js')
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// deploy ${Date.now()}\n`)
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    await expect(page.getByText(nl.update.available)).toBeVisible({ timeout: 15_000 })

    const reloaded = page.waitForEvent('framenavigated')
    await page.getByRole('button', { name: nl.update.reload }).click()
    await reloaded
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(page.getByText(nl.update.available)).toHaveCount(0)

    // The line recovers. The pictures the old worker had not kept were handed to the new one, which keeps them all.
    holding = false
    for (const route of held.splice(0)) await route.continue().catch(() => undefined)
    const { products } = await page.evaluate(() =>
      fetch('/api/catalogue/sync?since=0', { headers: { siteid: '1', languageid: '12' } }).then(
        (response) => response.json() as Promise<{ products: { image: { name: string } }[] }>,
      ),
    )
    const every = products.map((product) => `${origin}${warmImageUrl(product.image.name)}`).toSorted()
    expect(every).toEqual(expect.arrayContaining([...asked]))
    const kept = () =>
      page.evaluate(
        async (name) => (await (await caches.open(name)).keys()).map((request) => request.url).toSorted(),
        cacheNames(host).images,
      )
    await expect.poll(kept, { timeout: 20_000 }).toEqual(every)
  })
})
