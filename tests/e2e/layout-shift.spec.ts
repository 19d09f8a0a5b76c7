import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { addToCart, CART, SPORT_MUESLI } from './cart-helpers.ts'
import { apiRequestsInFlight, fill, lateDataLanded, nextFrames, nl } from './helpers.ts'
import { PAGE_KINDS } from './page-kinds.ts'
import { E2E_PORT, ownPort } from './ports.ts'
import { startTrickleProxy } from './trickle-proxy.ts'

// Nothing on a page moves under the reader's thumb: the layout shifts of every page kind, recorded from the first
// paint through hydration, images, fonts, the cookie banner and data that arrives late, on a phone with a slow CPU
// and a slow line and on a desktop. Target: a cumulative layout shift of at most 0.02 (Lighthouse's 'good' is 0.1).

const ORIGIN = `http://equivera-nl.localhost:${E2E_PORT}`
const PAGES = PAGE_KINDS

const LIMIT = 0.02

declare global {
  interface Window {
    layoutShifts: { value: number; sources: string[] }[]
    /** Takes in the shifts the observer has seen but not yet handed over. */
    takeShifts: () => void
  }
}

/** Records every layout shift not caused by input, with the elements that moved. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShifts = []
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[]) {
        if (entry.hadRecentInput) continue
        const box = (rect: DOMRectReadOnly) =>
          `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node
          // Where it was and where it went, when (ms after the start) and the viewport then.
          const when = `at ${Math.round(entry.startTime)} ms, viewport ${innerWidth}×${innerHeight}`
          const moved = `${box(source.previousRect)} → ${box(source.currentRect)} ${when}`
          if (!(node instanceof Element)) return `${String(node?.nodeName)} ${moved}`
          // What it holds at that moment, so a container that moved says what came into it.
          const inside = [...node.children].map(
            (child) =>
              `${child.tagName.toLowerCase()}.${child.className}:${Math.round(child.getBoundingClientRect().height)}`,
          )
          return `${node.tagName.toLowerCase()}.${node.className} [${inside.slice(0, 6).join(' ')}] ${moved}`
        })
        window.layoutShifts.push({ value: entry.value, sources })
      }
    }
    const observer = new PerformanceObserver((list) => record(list.getEntries()))
    observer.observe({ type: 'layout-shift', buffered: true })
    window.takeShifts = () => record(observer.takeRecords())
  })
}

/** Lets the late data land, then scrolls and lets the pictures below the first screen land too. */
async function settle(page: Page, inFlight: () => number) {
  await page.waitForLoadState('load')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 })
  await lateDataLanded(page, inFlight)
  // Scrolls as far as the page goes, up to 600 px, and waits until it is there.
  const scrolledTo = await page.evaluate(() =>
    Math.max(0, Math.min(scrollY + 600, document.documentElement.scrollHeight - innerHeight)),
  )
  await page.mouse.wheel(0, 600)
  await expect.poll(() => page.evaluate((to) => Math.abs(scrollY - to) < 1, scrolledTo)).toBe(true)
  await nextFrames(page)
  await lateDataLanded(page, inFlight)
}

const total = async (page: Page) => {
  const shifts = await page.evaluate(() => {
    window.takeShifts()
    return window.layoutShifts
  })
  return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts }
}

test.describe('layout shift', () => {
  test.describe.configure({ timeout: 60_000 })

  // What moved the footer on product pages: a finished part sent after the footer and swapped in by a script once
  // the footer was on screen. Every page's content is in place in the first HTML.
  test('every page kind is in place in the HTML the server sends', async ({ request }) => {
    for (const [kind, path] of PAGES) {
      const html = await (await request.get(`http://localhost:${E2E_PORT}${path}`)).text()
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
      expect(/<h1[^>]*>.+?<\/h1>/.test(main), `${kind}: a heading in <main>`).toBe(true)
      expect(/<template id="B:/.test(html), `${kind}: a part to swap in later`).toBe(false)
    }
  })

  // The catalogue's and the cart's styles come with their pages, not with the first page of every visit: a page opened
  // in the app has them as surely as one loaded from the server.
  test('pages opened in the app bring their styles', async ({ page }) => {
    await page.goto(`${ORIGIN}/`)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    expect(await page.locator('style[href^="/assets/"]').count()).toBe(0)
    await page.locator('.showcase__group').first().click()
    await expect(page.locator('.product-grid')).toHaveCSS('display', 'grid')
    await page.locator('.mini-cart__link').click()
    await expect(page.locator('.cart-page')).toHaveCSS('min-height', /px$/)
    expect(
      await page.locator('.cart-page').evaluate((element) => parseFloat(getComputedStyle(element).minHeight)),
    ).toBeGreaterThan(400)
  })

  /** Opens the page, lets it settle and checks what moved, closing the context whatever happens. */
  async function expectSteady(
    context: BrowserContext,
    path: string,
    slow: boolean,
    /** What the page shows once settled, so the late data the test is about did arrive. */
    landed?: (page: Page) => Promise<void>,
    origin = ORIGIN,
  ) {
    try {
      const page = await context.newPage()
      if (slow) {
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        })
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      }
      await recordShifts(page)
      const inFlight = apiRequestsInFlight(page)
      await page.goto(origin + path)
      await settle(page, inFlight)
      await landed?.(page)
      const { cls, shifts } = await total(page)
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(LIMIT)
    } finally {
      await context.close()
    }
  }

  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

  for (const [kind, path] of PAGES) {
    test(`${kind} on a slow phone stays put`, async ({ browser }) => {
      await expectSteady(await browser.newContext(phone), path, true)
    })

    test(`${kind} on a desktop stays put`, async ({ browser }) => {
      await expectSteady(await browser.newContext({ viewport: { width: 1280, height: 900 } }), path, false)
    })
  }

  // A document that arrives in pieces is painted piece by piece: the parts of the header that came first must not
  // be pushed aside by the ones after them, nor the first rows of a page stretched to a screen's height and then
  // shrunk as the rest comes in. Each page's HTML comes 1.5 KB every 60 ms (a weak line; the time it takes is not
  // the point, the order is).
  test.describe('with the HTML arriving in pieces', () => {
    const proxyPort = ownPort(27)
    let proxy: Awaited<ReturnType<typeof startTrickleProxy>>
    test.beforeAll(async () => {
      proxy = await startTrickleProxy(proxyPort, E2E_PORT)
    })
    test.afterAll(async () => proxy.close())

    for (const [name, options] of [
      ['a phone', phone],
      ['a desktop', { viewport: { width: 1280, height: 900 } }],
    ] as const) {
      test(`every page kind on ${name} stays put as it arrives`, async ({ browser }) => {
        test.setTimeout(240_000)
        for (const [kind, path] of PAGES) {
          await test.step(kind, async () => {
            await expectSteady(
              await browser.newContext(options),
              path,
              false,
              undefined,
              proxy.origin('equivera-nl.localhost'),
            )
          })
        }
      })
    }
  })

  // The cart's lines come from the device (IndexedDB) after hydration, their products from the device's catalogue and
  // their totals from the server a moment later: none of it may move what is already on screen. The shopper read the
  // product page long enough for the device's catalogue to come in, as on a real visit.
  test('the cart with a line on a slow phone stays put', async ({ browser }) => {
    const context = await browser.newContext(phone)
    const page = await context.newPage()
    await addToCart(page, `${ORIGIN}${SPORT_MUESLI}`, 2)
    await expect(page.locator('html[data-catalogue-synced]')).toBeAttached({ timeout: 20_000 })
    await page.close()
    await expectSteady(context, CART, true)
  })

  // The comparison's products are on the device too: the table comes after hydration, and nothing in view may move.
  test('the comparison with two products on a slow phone stays put', async ({ browser }) => {
    const context = await browser.newContext(phone)
    const page = await context.newPage()
    await page.goto(`${ORIGIN}/muesli/`)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    for (const count of [1, 2]) {
      await page.locator('.product-card .compare-toggle input:not(:checked)').first().click()
      // The bar counts the stored list: the tick is on the device.
      await expect(page.locator('.compare-bar')).toContainText(fill(nl.catalogue.compare.bar, { count, max: 4 }))
    }
    await page.close()
    await expectSteady(context, '/vergelijken/', true, async (comparison) => {
      await expect(comparison.locator('.compare-table thead th')).toHaveCount(2)
    })
  })
})
