import { expect, test, type Page } from '@playwright/test'
import { nl, storedProducts, waitForServiceWorker } from './helpers.ts'
import { ownPort } from './ports.ts'
import { startServer, type RunningServer } from './server.ts'

// Pictures offline: after one visit, the small picture of every product of the synced catalogue is on the device, so
// a category never visited shows its products' pictures with no network; a picture the device does not have shows as
// a neutral placeholder, never as a broken image. And the offline notice can be closed.

const PORT = ownPort(4)
const origin = `http://equivera-nl.localhost:${PORT}`

/** Kept small front pictures (the service worker's images cache). */
const keptSmallPictures = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('shop-images-'))
    if (!name) return 0
    const keys = await (await caches.open(name)).keys()
    return keys.filter((request) => request.url.endsWith('-front-160.webp')).length
  })

/** What each product picture on the page shows: its type as the service worker answers it (no network here). */
const pictures = (page: Page) =>
  page.locator('.product-card img').evaluateAll((images) =>
    Promise.all(
      (images as HTMLImageElement[]).map(async (image) => {
        await image.decode().catch(() => undefined)
        const answer = await fetch(image.currentSrc)
        return { loaded: image.complete && image.naturalWidth > 0, type: answer.headers.get('content-type') }
      }),
    ),
  )

test.describe('product pictures offline', () => {
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  test('a category never visited shows every picture offline; a missing one a placeholder', async ({ browser }) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3, // asks for the 640 px pictures, of which the device keeps none
      isMobile: true,
      hasTouch: true,
    })
    await context.addCookies([{ name: 'consent', value: 'necessary', url: origin }])
    const page = await context.newPage()
    await page.goto(`${origin}/`)
    await waitForServiceWorker(page)
    // The catalogue syncs once the page is idle; then every product's small picture is kept.
    await expect.poll(() => storedProducts(page), { timeout: 20_000 }).toBeGreaterThan(20)
    const products = await storedProducts(page)
    await expect.poll(() => keptSmallPictures(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(products)

    await context.setOffline(true)
    await page.goto(`${origin}/brokken/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brokken')
    const shown = await pictures(page)
    expect(shown.length).toBeGreaterThan(2)
    for (const picture of shown) expect(picture).toEqual({ loaded: true, type: 'image/webp' })

    // A picture the device never had: a neutral placeholder.
    const missing = await page.evaluate(async () => {
      const answer = await fetch('/images/products/unknown-0000abcd-front-640.webp')
      return { status: answer.status, type: answer.headers.get('content-type') }
    })
    expect(missing).toEqual({ status: 200, type: 'image/svg+xml' })

    // The offline notice says it once and can be closed.
    const notice = page.getByText(nl.offline.notice)
    await expect(notice).toBeVisible()
    await page.locator('.connectivity-notice').getByRole('button', { name: nl.a11y.closeDialog }).click()
    await expect(notice).toBeHidden()
    await expect(page.getByText(/offline/i)).toHaveCount(0)
    await context.close()
  })
})
