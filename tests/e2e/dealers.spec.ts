import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { fill, texts, waitForServiceWorker } from './helpers.ts'
import { startServer, type RunningServer } from './server.ts'
import { startTileServer, type TileServer } from './tile-server.ts'
import { ownPort } from './ports.ts'

// The dealer finder in Chromium on a phone: a search by postcode lists the nearest dealers first, with distance,
// phone and route; then with the server stopped the same page searches the device's copy.

const nl = texts('nl')
const places = (
  JSON.parse(readFileSync(new URL('../../src/server/db/seed/dealers/places.json', import.meta.url), 'utf8')) as {
    countries: Record<string, { places: { city: string; postcode: string }[] }>
  }
).countries.NL!.places

/** The distances of the listed dealers, in km, as the page writes them. */
async function distances(page: Page): Promise<number[]> {
  const written = await page.locator('.dealer__distance').allTextContents()
  return written.map((text) => Number(/([\d.,]+)/.exec(text)![1]!.replace(',', '.')))
}

test.describe('the dealer finder', () => {
  const PORT = ownPort(24)
  const origin = `http://equivera-nl.localhost:${PORT}`
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  test('finds the nearest dealers by postcode, and again offline from the device', async ({ page, context }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${origin}/store-locator/`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vind een dealer bij jou in de buurt')

    const place = places[3]!
    await page.getByLabel(nl.dealers.search.label).fill(place.postcode)
    await page.getByRole('button', { name: nl.dealers.search.submit }).click()
    await expect(page).toHaveURL(`${origin}/store-locator/?q=${encodeURIComponent(place.postcode)}`)
    await expect(page.getByRole('heading', { name: fill(nl.dealers.results, { place: place.city }) })).toBeVisible()
    await expect(page.locator('.dealer')).toHaveCount(10)
    const found = await distances(page)
    expect(found).toEqual(found.toSorted((a, b) => a - b))
    expect(found[0]).toBeLessThan(12)
    const answer = await (
      await page.request.get(`http://localhost:${PORT}/api/dealers/search?q=${encodeURIComponent(place.postcode)}`)
    ).json()
    await expect(page.locator('.dealer__name').first()).toHaveText(answer.dealers[0].name)
    await expect(page.locator('.dealer').first().getByRole('link', { name: /^\+31/ })).toBeVisible()
    await expect(page.locator('.dealer-map')).toBeVisible()

    // The device keeps the dealers: with no network at all the search still answers.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const open = indexedDB.open('shop')
          const db = await new Promise<IDBDatabase>((resolve) =>
            open.addEventListener('success', () => resolve(open.result)),
          )
          const count = await new Promise<number>((resolve) => {
            const request = db.transaction('dealerDirectories').objectStore('dealerDirectories').count()
            request.addEventListener('success', () => resolve(request.result))
          })
          db.close()
          return count
        }),
      )
      .toBe(1)
    await server.stop()
    await context.setOffline(true)
    const other = places[10]!
    await page.goto(`${origin}/store-locator/?q=${encodeURIComponent(other.city)}`)
    await expect(page.getByRole('heading', { name: fill(nl.dealers.results, { place: other.city }) })).toBeVisible()
    await expect(page.locator('.dealer')).toHaveCount(10)
    const offline = await distances(page)
    expect(offline).toEqual(offline.toSorted((a, b) => a - b))
    expect(offline[0]).toBeLessThan(12)

    server = await startServer(PORT)
    await context.setOffline(false)
  })
})

// The map with a tile server that answers (OpenStreetMap's protocol, on this machine; the real one cannot be reached
// from here): its tiles come from MAP_TILE_URL at the map's zoom, the page policy lets them in, the attribution is
// MAP_TILE_ATTRIBUTION's, and the page has nothing to complain about on the console.
test.describe('the dealer finder with a reachable tile server', () => {
  const PORT = ownPort(29)
  const origin = `http://equivera-nl.localhost:${PORT}`
  const ATTRIBUTION = 'Kaartdata © testkaart'
  let server: RunningServer
  let tiles: TileServer
  test.beforeAll(async () => {
    tiles = await startTileServer()
    server = await startServer(PORT, 'dist', undefined, { MAP_TILE_URL: tiles.url, MAP_TILE_ATTRIBUTION: ATTRIBUTION })
  })
  test.afterAll(async () => {
    await server.stop()
    await tiles.close()
  })

  test('lays out the tiles around the dealers found, with the attribution and no console error', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText}`))
    await page.setViewportSize({ width: 390, height: 844 })
    const place = places[3]!
    await page.goto(`${origin}/store-locator/?q=${encodeURIComponent(place.postcode)}`)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await expect(page.locator('.dealer')).toHaveCount(10)

    const map = page.locator('.dealer-map')
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible()
    await expect(map.locator('.leaflet-control-attribution')).toContainText(ATTRIBUTION)
    const sources = await map
      .locator('img.leaflet-tile')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))
    const tileOrigin = new URL(tiles.url.replace(/[{}]/g, '')).origin
    expect(sources.length).toBeGreaterThan(0)
    for (const source of sources) expect(source.startsWith(`${tileOrigin}/`)).toBe(true)
    // Zoomed to the dealers found, no closer than the finder allows (fitBounds' maxZoom 13): a town's surroundings.
    const zooms = new Set(tiles.served.map((tile) => Number(tile.split('/')[0])))
    expect([...zooms].every((zoom) => zoom >= 8 && zoom <= 13)).toBe(true)
    expect(errors).toEqual([])
  })
})
