import { readFileSync } from 'node:fs'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { apiRequestsInFlight, fill, hydrated, lateDataLanded, nl } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

// The catalogue as a stable owner meets it on a 390 x 844 phone: what the first screen of a product page holds, the
// filters as a sheet with a results button and 44 px rows, and the comparison with add to cart and without the bar
// over its table; and the names assistive technology reads on list pages.

const de = JSON.parse(readFileSync(new URL('../../locales/de.json', import.meta.url), 'utf8'))
const PHONE = { width: 390, height: 844 }

/** A phone with the cookie choice made (the banner is the consent tests' business, not these). */
async function phone(browser: Browser, host = 'localhost'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  await context.addCookies([{ name: 'consent', value: 'necessary', domain: host, path: '/' }])
  // Layout shifts that move the page's own content (in main), from the first paint on, for the no-shift check.
  await context.addInitScript(() => {
    type Shift = { value: number; sources: { node?: Node | null }[] }
    const shifts: { value: number; moved: string[]; at: number }[] = []
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as (Shift & { startTime: number })[]) {
        const main = document.getElementById('main')
        const moved = entry.sources.flatMap((source) =>
          source.node instanceof Element && main?.contains(source.node)
            ? [`${source.node.tagName.toLowerCase()}.${source.node.className}`]
            : [],
        )
        if (moved.length > 0) shifts.push({ value: entry.value, moved, at: Math.round(entry.startTime) })
      }
    }
    const observer = new PerformanceObserver((list) => record(list.getEntries()))
    observer.observe({ type: 'layout-shift', buffered: true })
    // The shifts so far, with those the observer has seen but not yet handed over.
    Object.assign(window, { layoutShifts: () => (record(observer.takeRecords()), shifts) })
  })
  return context.newPage()
}
/** The layout shifts inside <main>: their sum, and what moved when (for the message when the sum is too high). */
const layoutShift = async (page: Page) => {
  const shifts = await page.evaluate(() =>
    (window as unknown as { layoutShifts: () => { value: number; moved: string[]; at: number }[] }).layoutShifts(),
  )
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts: JSON.stringify(shifts) }
}
const cards = (page: Page) => page.locator('.product-grid .product-card')

test.describe('a product page on a phone', () => {
  const pages: [string, string, string][] = [
    // [host, path, add-to-cart button text]
    ['localhost', '/muesli/sport-muesli/', nl.cart.add.button], // three variants, one reduced
    ['localhost', '/dekens-en-halsters/gevoerd-halster/', nl.cart.add.button], // six variants
    ['localhost', '/supplementen/kruidensiroop-luchtwegen/', nl.cart.add.button], // a long name
    ['muehldorfer-de.localhost', '/pellets/fohlen-und-aufzuchtpellets/', de.cart.add.button], // German, long name
    ['muehldorfer-de.localhost', '/decken-und-halfter/gepolstertes-halfter/', de.cart.add.button],
  ]
  for (const [host, path, button] of pages) {
    test(`has price, variant choice and add to cart in its first screen, without a layout shift: ${host}${path}`, async ({
      browser,
    }) => {
      const page = await phone(browser, host)
      const inFlight = apiRequestsInFlight(page)
      await page.goto(`http://${host}:${E2E_PORT}${path}`)
      await hydrated(page)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport({ ratio: 1 })
      await expect(page.locator('.product-page__price')).toBeInViewport({ ratio: 1 })
      await expect(page.getByRole('button', { name: button })).toBeInViewport({ ratio: 1 })
      const choice = page.locator('.variant-choice')
      if (await choice.count()) await expect(choice).toBeInViewport({ ratio: 1 })
      // Nothing moves once the page stands: the picture keeps its room, the chunk renders what the server sent, and
      // the data that comes later (the offline catalogue, the cart, the API's answers) changes nothing in sight.
      await lateDataLanded(page, inFlight)
      const { total, shifts } = await layoutShift(page)
      expect(total, shifts).toBeLessThan(0.01)
      await page.context().close()
    })
  }
})

test('on a phone the filters open as a sheet whose button shows the count and closes it on the filtered list', async ({
  browser,
}) => {
  const page = await phone(browser)
  await page.goto(`http://localhost:${E2E_PORT}/muesli/`)
  await hydrated(page)
  const total = await cards(page).count()
  const sheet = page.getByRole('dialog', { name: nl.catalogue.list.filters })
  await expect(sheet).toBeHidden()

  await page.getByRole('button', { name: nl.catalogue.list.filters }).click()
  await expect(sheet).toBeVisible()
  const show = sheet.getByRole('button', { name: fill(nl.catalogue.list.showResults, { count: total }) })
  await expect(show).toBeInViewport()

  // Every row to tick is a target of at least 44 px high, and the box in it is not a 13 px speck.
  const rows = sheet.locator('.facet__values label')
  expect(await rows.count()).toBeGreaterThan(4)
  for (const box of await rows.evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height)))
    expect(box).toBeGreaterThanOrEqual(44)
  const checkbox = await sheet.getByRole('checkbox').first().boundingBox()
  expect(checkbox!.height).toBeGreaterThanOrEqual(20)

  // Pick one: the button counts what is left.
  const pony = sheet.locator('fieldset[data-facet="horseType"] label').filter({ hasText: /^Pony/ })
  const ponies = Number((await pony.locator('.facet__count').textContent())!.replace(/\D/g, ''))
  expect(ponies).toBeLessThan(total)
  await pony.click()
  await expect(page).toHaveURL(/\/muesli\/\?horseType=pony$/)
  await expect(
    sheet.getByRole('button', { name: fill(nl.catalogue.list.showResults, { count: ponies }) }),
  ).toBeVisible()
  await expect(pony.getByRole('checkbox')).toBeChecked()

  // Tapping it shows the filtered list.
  await sheet.getByRole('button', { name: fill(nl.catalogue.list.showResults, { count: ponies }) }).click()
  await expect(sheet).toBeHidden()
  await expect(cards(page)).toHaveCount(ponies)
  await expect(cards(page).first()).toBeInViewport()
  await expect(page.getByRole('button', { name: `${nl.catalogue.list.filters} (1)` })).toBeVisible()
  await page.context().close()
})

test('the comparison on a phone: no bar over the table, and each product can go into the cart', async ({ browser }) => {
  const page = await phone(browser)
  await page.goto(`http://localhost:${E2E_PORT}/muesli/`)
  await hydrated(page)
  const names = await page.locator('.product-card__name').allTextContents()
  for (const name of names.slice(0, 2))
    await page.getByRole('checkbox', { name: `${nl.catalogue.compare.add} ${name}` }).check()
  const bar = page.getByRole('complementary', { name: nl.catalogue.compare.barLabel })
  await expect(bar).toContainText(fill(nl.catalogue.compare.bar, { count: 2, max: 4 }))

  await bar.getByRole('link', { name: nl.catalogue.compare.open }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.catalogue.compare.title)
  const table = page.locator('.compare-table')
  await expect(table.locator('thead th')).toHaveCount(2)
  await expect(bar).toHaveCount(0)
  // The table scrolls in its box; the page stays the phone's width (nothing in a column off to the right widens it).
  expect(await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth])).toEqual([390, 390])

  // A variant of the first product, then into the cart: the header counts it.
  const order = table.getByRole('row', { name: new RegExp(`^${nl.catalogue.compare.order}`) })
  await expect(order.getByRole('button', { name: nl.cart.add.button })).toHaveCount(2)
  const variants = page.getByRole('combobox', { name: fill(nl.catalogue.compare.variantOf, { name: names[0]! }) })
  const second = await variants.locator('option').nth(1).getAttribute('value')
  await variants.selectOption(second!)
  const price = table
    .getByRole('row', { name: new RegExp(`^${nl.catalogue.compare.price}`) })
    .locator('td')
    .first()
  await expect(price).not.toHaveText(/^$/)
  await order.getByRole('button', { name: nl.cart.add.button }).first().click()
  await expect(order.getByText(nl.messages.addedToCart)).toBeVisible()
  await expect(page.locator('.mini-cart__count')).toHaveText('1')
  await page.context().close()
})

test('names on list pages: compare boxes say what they show, the two search landmarks differ, the combobox is a text box', async ({
  page,
}) => {
  await page.goto(`http://localhost:${E2E_PORT}/zoeken/?q=muesli`)
  await hydrated(page)
  // WCAG 2.5.3: each compare box's name starts with its visible word and says which product.
  const names = await page.locator('.product-card__name').allTextContents()
  expect(names.length).toBeGreaterThan(5)
  for (const name of names)
    await expect(page.getByRole('checkbox', { name: `${nl.catalogue.compare.add} ${name}`, exact: true })).toHaveCount(
      1,
    )
  // Two search landmarks, each with a name of its own.
  const landmarks = page.getByRole('search')
  await expect(landmarks).toHaveCount(2)
  await expect(page.getByRole('search', { name: nl.header.search, exact: true })).toHaveCount(1)
  await expect(page.getByRole('search', { name: nl.catalogue.search.refine, exact: true })).toHaveCount(1)
  // ARIA 1.2 allows the combobox role on a text input, not on type=search.
  const combobox = page.getByRole('combobox', { name: nl.header.search })
  await expect(combobox).toHaveAttribute('type', 'text')
  await expect(combobox).toHaveAttribute('aria-controls', /.+/)
})
