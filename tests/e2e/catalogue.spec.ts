import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { events, fill, hydrated, nl, storedProducts, waitForServiceWorker } from './helpers.ts'
import { startServer, type RunningServer } from './server.ts'
import { E2E_PORT, ownPort } from './ports.ts'

// The catalogue in a real Chromium against the real server: a category with filters, a product, the comparison
// (four at most), the e-commerce events, and then the whole catalogue offline — server stopped, browser offline,
// service worker in charge — after a reload: category, search, an unvisited product page and the comparison, each
// saying how fresh its prices and stock are.

const fr = JSON.parse(readFileSync(new URL('../../locales/fr-BE.json', import.meta.url), 'utf8'))
/** The freshness note without its time. */
const freshness = new RegExp(fill(nl.catalogue.freshness, { time: '.+' }).replace(/[.]$/, '\\.'))

const cards = (page: Page) => page.locator('.product-grid .product-card')

test.describe('the catalogue', () => {
  const PORT = ownPort(2)
  const origin = `http://equivera-nl.localhost:${PORT}`
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  test('category → filter → product → compare four (a fifth is refused) → offline: category, search, product and compare still work', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${origin}/muesli/`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await hydrated(page)

    // A category with its facets; the count says "first - last of count".
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Muesli')
    const total = await cards(page).count()
    await expect(page.locator('.product-list__count')).toHaveText(
      fill(nl.catalogue.list.count, { first: 1, last: total, count: total }),
    )

    // Impressions are sent as one view_item_list, a second after the cards came into view.
    await expect.poll(async () => (await events(page, 'view_item_list')).length, { timeout: 5000 }).toBeGreaterThan(0)
    const [impressions] = await events(page, 'view_item_list')
    expect(impressions!.ecommerce.items.length).toBeGreaterThan(1)
    await expect.poll(async () => (await events(page, 'view_promotion')).length).toBeGreaterThan(0)

    // Filter: the state goes into the URL and every product left is a pony product.
    const horseType = page.locator('fieldset[data-facet="horseType"]')
    await horseType.getByRole('checkbox', { name: /^Pony/ }).check()
    await expect(page).toHaveURL(/\/muesli\/\?horseType=pony$/)
    await expect.poll(() => cards(page).count()).toBeLessThan(total)
    const filtered = await cards(page).count()
    expect(filtered).toBeGreaterThan(0)
    await expect(page.locator('.product-list__count')).toHaveText(
      fill(nl.catalogue.list.count, { first: 1, last: filtered, count: filtered }),
    )

    // A product: its page, its structured data, select_item and view_item.
    const firstName = (await cards(page).first().locator('.product-card__name').textContent())!
    await cards(page).first().locator('.product-card__link').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName)
    await hydrated(page)
    expect((await events(page, 'select_item'))[0]!.ecommerce.items[0]!.item_name).toBe(firstName)
    await expect.poll(async () => (await events(page, 'view_item')).length).toBe(1)
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
    expect(jsonLd).toMatchObject({ '@type': 'Product', name: firstName, offers: { priceCurrency: 'EUR' } })
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${origin}/muesli/`))

    // Compare four; the fifth is refused and the list stays at four.
    await page.getByRole('checkbox', { name: `${nl.catalogue.compare.add} ${firstName}` }).check()
    await page.goto(`${origin}/zoeken/?sort=name`)
    await hydrated(page)
    const addButtons = page.locator('.product-card .compare-toggle input:not(:checked)')
    for (let added = 1; added < 4; added++) {
      await addButtons.first().click()
      await expect(page.locator('.compare-bar')).toContainText(
        fill(nl.catalogue.compare.bar, { count: added + 1, max: 4 }),
      )
    }
    await expect(page.locator('.compare-bar')).toContainText(fill(nl.catalogue.compare.bar, { count: 4, max: 4 }))
    await addButtons.first().click()
    await expect(page.getByRole('alert')).toHaveText(fill(nl.catalogue.compare.full, { max: 4 }))
    await expect(page.locator('.compare-bar')).toContainText(fill(nl.catalogue.compare.bar, { count: 4, max: 4 }))

    // The comparison page, and its aliases showing the same screen.
    await page.locator('.compare-bar').getByRole('link', { name: nl.catalogue.compare.open }).click()
    await expect(page).toHaveURL(`${origin}/vergelijken/`)
    await expect(page.locator('.compare-table thead th')).toHaveCount(4)
    const compared = await page.locator('.compare-table__name').allTextContents()
    expect(compared).toContain(firstName)
    for (const alias of ['confronto', 'vergleichen', 'sammenlign', 'compare']) {
      await page.goto(`${origin}/${alias}/`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.catalogue.compare.title)
      await expect(page.locator('.compare-table thead th')).toHaveCount(4)
    }
    await page.goto(`${origin}/vergelijken/`)
    await expect(page.locator('.compare-table thead th')).toHaveCount(4)

    // The catalogue is on the device after the visit.
    await expect.poll(() => storedProducts(page), { timeout: 20_000 }).toBeGreaterThan(30)

    // No network at all from here: the server is gone and the browser is offline.
    await server.stop()
    await context.setOffline(true)

    // The comparison survives a reload, offline, with its products from the device.
    await page.reload()
    await expect(page.locator('.compare-table__name')).toHaveText(compared)
    await expect(page.getByText(freshness)).toBeVisible()

    // A category page, filtered offline by the same rules.
    const menu = page.getByRole('navigation', { name: nl.a11y.mainNavigation })
    await menu.getByRole('link', { name: nl.catalogue.navigation.products }).hover()
    await menu.getByRole('link', { name: 'Muesli', exact: true }).click()
    await page.mouse.move(640, 880) // off the menu, which opened on hover
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Muesli')
    await expect(page.getByText(freshness)).toBeVisible()
    await expect(cards(page)).toHaveCount(total)
    await page.locator('fieldset[data-facet="horseType"]').getByRole('checkbox', { name: /^Pony/ }).check()
    await expect(cards(page)).toHaveCount(filtered)

    // Search from the header, answered by the device.
    const search = page.getByRole('combobox', { name: nl.header.search })
    await search.fill('muesli')
    await search.press('Enter')
    await expect(page).toHaveURL(`${origin}/zoeken/?q=muesli`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(nl.catalogue.search.resultsFor, { term: 'muesli' }),
    )
    await expect(page.getByText(freshness)).toBeVisible()
    expect(await cards(page).count()).toBeGreaterThan(3)

    // A product page never visited, opened and then reloaded offline: it comes from the device both times.
    const unvisited = cards(page).filter({ hasNotText: firstName }).first()
    const unvisitedName = (await unvisited.locator('.product-card__name').textContent())!
    await unvisited.locator('.product-card__link').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unvisitedName)
    await expect(page.getByText(freshness)).toBeVisible()
    const productUrl = page.url()
    await page.reload()
    await expect(page).toHaveURL(productUrl)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unvisitedName)
    await expect(page.getByText(freshness)).toBeVisible()
    await expect(page.locator('.spec-table')).toBeVisible()

    // A page that is not in the catalogue and was never visited still says "offline".
    await page.goto(`${origin}/over-ons/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.offline.pageTitle)

    server = await startServer(PORT)
    await context.setOffline(false)
  })
})

test.describe('catalogue pages', () => {
  test('render on the server in the site language, with facets and prices (Belgian French)', async ({ page }) => {
    const response = await page.goto(`http://equivera-be.localhost:${E2E_PORT}/fr/`)
    expect(response?.status()).toBe(200)
    const category = await page.evaluate(() => document.querySelector('a[href^="/fr/muesli"]')?.getAttribute('href'))
    expect(category).toBeTruthy()
    const page2 = await page.context().newPage()
    await page2.route('**/*.js', (route) => route.abort()) // what the server sent, before any script runs
    expect((await page2.goto(`http://equivera-be.localhost:${E2E_PORT}${category}`))?.status()).toBe(200)
    await expect(page2.locator('html')).toHaveAttribute('lang', /fr/)
    await expect(page2.locator('fieldset[data-facet="horseType"] legend')).toHaveText(fr.catalogue.facet.horseType)
    await expect(page2.locator('.product-list__toolbar')).toContainText(fr.catalogue.list.sort)
    await expect(page2.locator('.product-card__price').first()).toContainText('€')
  })

  test('bad list parameters give the page with its defaults, never an error', async ({ page }) => {
    const response = await page.goto(
      `http://localhost:${E2E_PORT}/zoeken/?p=-1&ps=100000&sort=evil&weightClass=abc&horseType=%3Cscript%3E&q=%F0%9F%90%B4`,
    )
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('the notify-me form stores a request for a product that is not yet available', async ({ page }) => {
    await page.goto(`http://localhost:${E2E_PORT}/zoeken/?q=hooinet`)
    await page.locator('.product-card__link').first().click()
    await expect(page.getByText(nl.messages.notYetAvailable)).toBeVisible()
    // The product's form, not the footer's newsletter form (which asks for an e-mail address too).
    const main = page.getByRole('main')
    await main.getByLabel(nl.catalogue.notify.email).fill('not an address')
    await main.getByRole('button', { name: nl.catalogue.notify.submit }).click()
    await expect(main.getByRole('alert').filter({ hasText: nl.validation.email })).toBeVisible()
    await main.getByLabel(nl.catalogue.notify.email).fill('stal@example.nl')
    await main.getByRole('button', { name: nl.catalogue.notify.submit }).click()
    await expect(main.getByText(nl.catalogue.notify.waiting.replace('{{email}}', 'stal@example.nl'))).toBeVisible()
  })

  test('on a phone every catalogue page fits the screen, and the filters fold away until asked for', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
    const page = await context.newPage()
    for (const path of ['/muesli/', '/muesli/sport-muesli/', '/zoeken/?q=muesli', '/vergelijken/']) {
      await page.goto(`http://localhost:${E2E_PORT}${path}`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0)
    }
    await page.goto(`http://localhost:${E2E_PORT}/muesli/`)
    await hydrated(page)
    const horseType = page.locator('fieldset[data-facet="horseType"]')
    await expect(horseType).toBeHidden()
    await expect(cards(page).first()).toBeInViewport()
    await page.locator('.facets-toggle').click()
    await expect(horseType).toBeVisible()
    await horseType.getByRole('checkbox').first().check()
    await expect(page).toHaveURL(/horseType=/)
    await page.getByRole('dialog').getByRole('button', { name: nl.a11y.closeDialog }).click()
    await expect(page.locator('.facets-toggle')).toHaveText(`${nl.catalogue.list.filters} (1)`)
    await context.close()
  })

  test('on a wide screen the filters stand open beside the products, also before the script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.route('**/*.js', (route) => route.abort()) // what the server sent, before the app's script runs
    await page.goto(`http://localhost:${E2E_PORT}/muesli/`)
    await expect(page.locator('fieldset[data-facet="horseType"]')).toBeVisible()
    await expect(page.locator('.facets-toggle')).toBeHidden()
    await context.close()
  })

  test('a filter ticked with the keyboard keeps the focus while the list changes behind it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`http://localhost:${E2E_PORT}/muesli/`)
    await hydrated(page)
    const total = await cards(page).count()
    const pony = page.locator('fieldset[data-facet="horseType"]').getByRole('checkbox', { name: /^Pony/ })
    await pony.focus()
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/horseType=pony/)
    await expect.poll(() => cards(page).count()).toBeLessThan(total)
    await expect(pony).toBeChecked()
    await expect(pony).toBeFocused()
  })

  test('search suggestions work with the keyboard', async ({ page }) => {
    await page.goto(`http://localhost:${E2E_PORT}/`)
    await page.evaluate(() => document.documentElement.dataset.hydrated)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    const search = page.getByRole('combobox', { name: nl.header.search })
    await search.fill('pony')
    await expect(search).toHaveAttribute('aria-expanded', 'true')
    const options = page.getByRole('option')
    await expect(options.first()).toContainText(/Pony/)
    await search.press('ArrowDown')
    const active = await search.getAttribute('aria-activedescendant')
    expect(active).toBeTruthy()
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true')
    const name = (await page.locator(`[id="${active}"] .search-box__name`).textContent())!
    await search.press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    // After a navigation in the app focus moves to the new page's heading (for screen readers); typing before that
    // would have its box blurred under it.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await search.fill('pony')
    await expect(search).toHaveAttribute('aria-expanded', 'true')
    await search.press('Escape')
    await expect(search).toHaveAttribute('aria-expanded', 'false')
  })
})
