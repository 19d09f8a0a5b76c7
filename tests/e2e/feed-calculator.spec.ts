import { expect, test, type Page } from '@playwright/test'
import { fill, nl, storedProducts, storedRows, texts, waitForServiceWorker } from './helpers.ts'
import { startServer, type RunningServer } from './server.ts'
import { E2E_PORT, ownPort } from './ports.ts'

// The feed calculator in Chromium against the real server: reached from the menu, advice as the form changes (in the
// address), a horse saved on the device; then in the stable with no network at all (server stopped, browser offline):
// the page reloads from the service worker with the feeds of the device's catalogue, the saved horse opens, a link to
// another horse never opened works too. And the page without scripts: rendered by the server, the form a GET form.

const de = texts('de-AT')
const perDay = (grams: string) => fill(nl.feedCalculator.result.perDay, { grams })
const advice = (page: Page) => page.locator('.feed-advice-result')
/** The freshness note without its time. */
const freshness = new RegExp(fill(nl.catalogue.freshness, { time: '.+' }).replace(/[.]$/, '\\.'))
const energyCards = (page: Page) => page.locator('section[aria-labelledby="feed-advice-energy"] .feed-advice-card')

test.describe('the feed calculator', () => {
  const PORT = ownPort(21)
  const origin = `http://equivera-nl.localhost:${PORT}`
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  test('advises from the menu, keeps a horse, and works in the stable with the server stopped', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${origin}/`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await page.getByRole('button', { name: nl.header.menu }).click()
    await page
      .getByRole('navigation', { name: nl.a11y.mainNavigation })
      .getByRole('link', { name: nl.feedCalculator.title })
      .click()
    await expect(page).toHaveURL(`${origin}/voercalculator/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.feedCalculator.title)

    // A 600 kg horse at rest on hay: the roughage covers it, minerals at 100 g (the seed's reference dose).
    await expect(advice(page)).toContainText(nl.feedCalculator.result.covered)
    await expect(energyCards(page)).toHaveCount(0)

    // Four hours of work: the shortfall is fed, the lightest ration first; the form is in the address.
    await page.getByLabel(nl.feedCalculator.form.workHours).fill('4')
    await expect(page).toHaveURL(`${origin}/voercalculator/?work=4`)
    await expect(energyCards(page).first()).toBeVisible()
    const first = (await energyCards(page).first().locator('.feed-advice-card__dose strong').textContent())!
    const firstName = (await energyCards(page).first().locator('.feed-advice-card__name').textContent())!

    // An impossible weight says why there is no advice.
    await page.getByLabel(nl.feedCalculator.form.weight).fill('2000')
    await expect(advice(page)).toContainText(nl.feedCalculator.result.noAdvice)
    await page.getByLabel(nl.feedCalculator.form.weight).fill('600')
    await expect(energyCards(page).first().locator('.feed-advice-card__dose strong')).toHaveText(first)

    // Saved on the device under a name.
    await page.getByLabel(nl.feedCalculator.horses.name).fill('Storm')
    await page.getByRole('button', { name: nl.feedCalculator.horses.save }).click()
    await expect(page.getByText(fill(nl.feedCalculator.horses.saved, { name: 'Storm' }))).toBeVisible()
    expect((await storedRows(page, 'horses')).length).toBe(1)
    // The device holds the catalogue the calculator needs offline.
    await expect.poll(() => storedProducts(page), { timeout: 20_000 }).toBeGreaterThan(30)

    // No network at all from here.
    await server.stop()
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.feedCalculator.title)
    await expect(energyCards(page).first().locator('.feed-advice-card__name')).toHaveText(firstName)
    await expect(energyCards(page).first().locator('.feed-advice-card__dose strong')).toHaveText(first)
    await expect(page.getByText(freshness)).toBeVisible()

    // The form still works offline, and the saved horse opens back into it.
    await page.getByLabel(nl.feedCalculator.form.horseType).selectOption('pony')
    await page.getByLabel(nl.feedCalculator.form.weight).fill('300')
    await page.getByLabel(nl.feedCalculator.form.workHours).fill('0')
    await expect(advice(page)).toContainText(perDay('60'))
    await page.getByRole('button', { name: fill(nl.feedCalculator.horses.openLabel, { name: 'Storm' }) }).click()
    await expect(page).toHaveURL(`${origin}/voercalculator/?work=4`)
    await expect(energyCards(page).first().locator('.feed-advice-card__dose strong')).toHaveText(first)

    // A link to a horse never opened on this device: the service worker's offline page opens it from the device.
    await page.goto(`${origin}/voercalculator/?type=pony&weight=300&energy=low`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.feedCalculator.title)
    await expect(page.getByLabel(nl.feedCalculator.form.horseType)).toHaveValue('pony')
    await expect(advice(page)).toContainText(perDay('60'))

    server = await startServer(PORT)
    await context.setOffline(false)
  })
})

test.describe('the feed calculator without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('is rendered by the server in Austrian German, and its form asks the server for the advice', async ({
    page,
  }) => {
    await page.goto(`http://equivera-at.localhost:${E2E_PORT}/futterrechner/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.feedCalculator.title)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `http://equivera-at.localhost:${E2E_PORT}/futterrechner/`,
    )
    await expect(page.locator('link[rel="alternate"][hreflang="nl-NL"]')).toHaveAttribute(
      'href',
      `http://equivera-nl.localhost:${E2E_PORT}/voercalculator/`,
    )
    await page.getByLabel(de.feedCalculator.form.workHours).fill('8')
    await page.getByLabel(de.feedCalculator.form.energyHints.high, { exact: false }).check()
    await page.getByRole('button', { name: de.feedCalculator.form.calculate }).click()
    await expect(page).toHaveURL(/\/futterrechner\/\?type=horse&roughage=hay&weight=600&work=8&energy=high&horses=1$/)
    await expect(page.locator('.feed-advice-card').first()).toBeVisible()
    await expect(page.locator('.feed-advice-result')).toContainText(de.feedCalculator.labour.heavy)
  })
})
