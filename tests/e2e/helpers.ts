// What several browser tests share: the texts of a language (the Dutch ones at hand), waiting for the service worker and for hydration, reading the
// device's IndexedDB, the data layer's e-commerce events, and for the late parts of a page to land.
import { readFileSync } from 'node:fs'
import { expect, type Page, type Request } from '@playwright/test'
import type { EcommerceEvent, EcommerceEventName } from '../../src/domain/tracking.ts'
import { BACKOFFICE_TOKEN } from './server.ts'

/** The UI texts of a language, as locales/ has them. */
export const texts = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8'))
export const nl = texts('nl')

/** Sets a variant's stock through the back office of the test server at `apiOrigin` ('http://localhost:PORT'). */
export async function setStockByApi(apiOrigin: string, productVariantId: number, stock: number) {
  const response = await fetch(`${apiOrigin}/api/backoffice/stock`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${BACKOFFICE_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ productVariantId, stock }]),
  })
  expect(response.status).toBe(200)
}

/** A text with its {{placeholders}} filled. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_: string, key: string) => String(values[key]))

export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
  })
}

/** Rows of an object store of the device's IndexedDB ('shop'); [] when the store is not there. */
export const storedRows = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve) => {
        // A look that leaves no trace: it never creates the database (an upgrade means there is none yet: abort it),
        // and it closes its connection, so it can never hold up the app opening or upgrading the database.
        const open = indexedDB.open('shop')
        open.addEventListener('upgradeneeded', () => open.transaction?.abort())
        open.addEventListener('success', () => {
          const db = open.result
          db.addEventListener('versionchange', () => db.close())
          if (!db.objectStoreNames.contains(name)) {
            db.close()
            return resolve([])
          }
          const all = db.transaction(name).objectStore(name).getAll()
          all.addEventListener('success', () => {
            db.close()
            resolve(all.result)
          })
        })
        open.addEventListener('error', () => resolve([]))
      }),
    store,
  )

/** Products in the device's offline catalogue. */
export const storedProducts = async (page: Page) => (await storedRows(page, 'products')).length

/** The e-commerce events of one name the page has pushed, in the shape the domain defines. */
export const events = <Name extends EcommerceEventName>(page: Page, name: Name) =>
  page.evaluate(
    (event) => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === event),
    name,
  ) as Promise<Extract<EcommerceEvent, { event: Name }>[]>

/** The catalogue part of a page reacts to input once its chunk has hydrated. */
export const hydrated = (page: Page) => expect(page.locator('article[data-hydrated]')).toBeVisible()

/** Counts the page's API requests that have not finished yet, from now on: answers still on their way. */
export function apiRequestsInFlight(page: Page): () => number {
  let open = 0
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/')
  page.on('request', (request) => void (isApi(request) && open++))
  const done = (request: Request) => void (isApi(request) && open--)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return () => open
}

/** Two frames from now: what changed before has been laid out and painted (and its layout shifts reported). */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))

/**
 * Waits for what lands on a page after it is hydrated, each by what shows it has happened: the offline catalogue's
 * sync (the last thing a page starts by itself, after its idle wait), the device's cart, the fonts, every picture
 * from the top of the page to the bottom of the window (within its width: a row scrolled sideways waits for the
 * shopper), and the API answers asked for (`inFlight`, counted from
 * before the page was opened); then two frames, so whatever moved has been painted.
 */
export async function lateDataLanded(page: Page, inFlight: () => number) {
  await expect(page.locator('html')).toHaveAttribute('data-catalogue-synced', /^\d+$/, { timeout: 30_000 })
  await expect(page.getByText(nl.cart.loading, { exact: true })).toHaveCount(0)
  await page.evaluate(async () => void (await document.fonts.ready))
  const picturesLoading = () =>
    page.evaluate(
      () =>
        [...document.images].filter((image) => {
          const box = image.getBoundingClientRect()
          const inReach = box.top < innerHeight && box.left < innerWidth && box.right > 0
          return box.width > 0 && box.height > 0 && inReach && !image.complete
        }).length,
    )
  await expect.poll(picturesLoading, { timeout: 20_000 }).toBe(0)
  await expect.poll(inFlight, { timeout: 20_000 }).toBe(0)
  await nextFrames(page)
}

/** Holds back the app's scripts until `release` is called: the page shows, and nothing of the app runs. */
export async function holdScripts(page: Page) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return { release }
}
