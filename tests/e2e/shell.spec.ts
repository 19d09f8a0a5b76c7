import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { E2E_PORT } from './ports.ts'

// The app shell in real Chromium against the real server: server rendering in every language, hydration,
// navigation, content and FAQ pages, 404, redirects, the switcher, consent and tracking, the loading bar, scroll.

const PORT = E2E_PORT
const url = (host: string, path = '/') => `http://${host}:${PORT}${path}`
const texts = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')) as {
    a11y: { skipToContent: string }
    footer: { openingHours: string }
    consent: { accept: string; decline: string }
    error: { title: string }
    offline: { notice: string; backOnline: string }
  }

/** The raw HTML of a page on a site, as a client without scripts gets it (Node resolves no *.localhost names). */
const rawGet = (request: APIRequestContext, host: string, path: string, maxRedirects?: number) =>
  request.get(`http://localhost:${PORT}${path}`, { headers: { host: `${host}:${PORT}` }, maxRedirects })

/** Answers the cookie banner, which otherwise sits over the bottom of the page. */
async function declineCookies(page: Page) {
  await page.getByRole('button', { name: texts('nl').consent.decline }).click()
}

/** Collects console errors and uncaught exceptions of a page, to assert a clean hydration. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

const HOMES = [
  ['nl', 'equivera-nl.localhost', '/'],
  ['nl-BE', 'equivera-be.localhost', '/'],
  ['fr-BE', 'equivera-be.localhost', '/fr/'],
  ['de', 'muehldorfer-de.localhost', '/'],
  ['de-AT', 'equivera-at.localhost', '/'],
  ['da', 'equivera-dk.localhost', '/'],
  ['sv', 'equivera-se.localhost', '/'],
  ['pl', 'equivera-pl.localhost', '/'],
  ['cs', 'equivera-cz.localhost', '/'],
  ['et', 'equivera-ee.localhost', '/'],
  ['es', 'equivera-es.localhost', '/'],
  ['pt', 'equivera-pt.localhost', '/'],
  ['fr-FR', 'equivera-fr.localhost', '/'],
  ['it', 'equivera-it.localhost', '/'],
  ['en', 'equivera-ie.localhost', '/'],
] as const

test.describe('server rendering in 15 languages', () => {
  for (const [code, host, path] of HOMES) {
    test(`${code}: the home page arrives rendered and hydrates without errors`, async ({ page, request }) => {
      // Before any script: the HTML itself holds the translated frame and the page's heading.
      const response = await rawGet(request, host, path)
      expect(response.status()).toBe(200)
      const html = await response.text()
      const escaped = (text: string) =>
        text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;')
      expect(html).toContain(escaped(texts(code).a11y.skipToContent))
      expect(html).toContain(escaped(texts(code).footer.openingHours))
      expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/)

      const errors = watchErrors(page)
      await page.goto(url(host, path))
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      await expect(page.getByRole('button', { name: texts(code).consent.accept })).toBeVisible()
      expect(errors).toEqual([])
    })
  }
})

test('primary navigation moves between pages without a reload, focus on the new heading', async ({ page }) => {
  await page.goto(url('equivera-nl.localhost'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.evaluate(() => ((window as { marker?: number }).marker = 1))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Over ons' }).click()
  await expect(page).toHaveURL(/\/over-ons\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1)
  await expect(page).toHaveTitle(/Equivera/)
})

test('a content page has its blocks, title, canonical and hreflang links', async ({ page }) => {
  await page.goto(url('equivera-nl.localhost', '/klantenservice/'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    url('equivera-nl.localhost', '/klantenservice/'),
  )
  expect(await page.locator('link[rel=alternate][hreflang]').count()).toBeGreaterThan(10)
  await expect(page.getByRole('contentinfo')).toContainText('klantenservice@equivera.nl')
})

test('a FAQ deep link opens that question', async ({ page }) => {
  await page.goto(url('equivera-nl.localhost', '/klantenservice/veelgestelde-vragen/'))
  const first = page.locator('details').first()
  await first.locator('summary').click()
  const deepLink = await first.getByRole('link').getAttribute('href')
  expect(deepLink).toMatch(/\/$/)
  await page.goto(url('equivera-nl.localhost', deepLink!))
  const opened = page.locator('details[open]')
  await expect(opened).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((await opened.locator('summary').textContent())!)
})

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto(url('equivera-nl.localhost', '/bestaat-echt-niet/'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden')
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex')
})

test.describe('bad input gives a proper page, never a 500', () => {
  for (const [name, path, status] of [
    ['odd characters', '/%ZZ%E0%A4/', 404],
    ['script in the path', '/<script>alert(1)</script>/', 404],
    ['an over-long URL', `/${'lang'.repeat(600)}/`, 404],
    ['an unknown language prefix', '/xx/', 404],
    ['a broken mailplus_id', '/?mailplus_id=%3Cscript%3E', 200],
  ] as const) {
    test(`${name} gives ${status}`, async ({ page }) => {
      const response = await page.goto(url('equivera-nl.localhost', path))
      expect(response?.status()).toBe(status)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  }

  test('a corrupt cookie is ignored', async ({ page, context }) => {
    await context.addCookies([
      { name: 'consent', value: '%E0%A4%A', url: url('equivera-nl.localhost') },
      { name: 'localization', value: '{not json', url: url('equivera-nl.localhost') },
    ])
    const response = await page.goto(url('equivera-nl.localhost'))
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('button', { name: texts('nl').consent.accept })).toBeVisible()
  })
})

test('a path without its trailing slash redirects permanently', async ({ request }) => {
  const response = await rawGet(request, 'equivera-nl.localhost', '/klantenservice', 0)
  expect(response.status()).toBe(301)
  expect(response.headers().location).toMatch(/\/klantenservice\/$/)
})

test('the switcher moves to the same page on the other site', async ({ page }) => {
  await page.goto(url('equivera-nl.localhost', '/klantenservice/veelgestelde-vragen/'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await declineCookies(page)
  await page.getByText('Kies je land en taal').click()
  const link = page.getByRole('link', { name: 'België - Français' })
  await expect(link).toHaveAttribute('href', /equivera-be\.localhost:\d+\/fr\/.+\/$/)
  await link.click()
  await expect(page).toHaveURL(/equivera-be\.localhost:\d+\/fr\/.+\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-BE')
  await expect(page.locator('details[open], h1')).not.toHaveCount(0)
})

test.describe('consent and tracking', () => {
  test('the tag manager loads only after consent; route changes push content views', async ({ page, context }) => {
    const tagManager: string[] = []
    await context.route('https://www.googletagmanager.com/**', (route) => {
      tagManager.push(route.request().url())
      return route.fulfill({ contentType: 'text/javascript', body: '' })
    })
    await page.goto(url('equivera-nl.localhost'))
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    expect(tagManager).toEqual([])
    await page.getByRole('button', { name: texts('nl').consent.accept }).click()
    await expect.poll(() => tagManager.length).toBe(1)
    expect(tagManager[0]).toContain('id=GTM-EQ01NL')
    await expect(page.getByRole('button', { name: texts('nl').consent.accept })).toBeHidden()

    const cookie = (await context.cookies()).find((c) => c.name === 'consent')
    expect(cookie?.value).toBe('all')
    expect(cookie?.domain).toBe('equivera-nl.localhost')
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)

    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Over ons' }).click()
    await expect(page).toHaveURL(/over-ons/)
    const views = () =>
      page.evaluate(() =>
        (window.dataLayer as { event: string; path?: string }[])
          .filter((e) => e.event === 'content-view')
          .map((e) => e.path),
      )
    await expect.poll(views).toEqual(['/', '/over-ons/'])

    // A later visit remembers the choice and loads the tag manager straight away.
    await page.reload()
    await expect.poll(() => tagManager.length).toBe(2)
  })

  test('declining keeps the tag manager out', async ({ page, context }) => {
    let loaded = false
    await context.route('https://www.googletagmanager.com/**', (route) => {
      loaded = true
      return route.abort()
    })
    await page.goto(url('equivera-nl.localhost'))
    await page.getByRole('button', { name: texts('nl').consent.decline }).click()
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    expect(loaded).toBe(false)
    await expect(page.getByRole('button', { name: texts('nl').consent.accept })).toHaveCount(0)
  })

  test('mailplus_id on the landing URL reports one conversion', async ({ page }) => {
    const reports: string[] = []
    page.on('request', (request) => {
      if (/\/api\/Conversion/i.test(request.url())) reports.push(request.url())
    })
    await page.goto(url('equivera-nl.localhost', '/?mailplus_id=mp-e2e-1'))
    await expect.poll(() => reports.length).toBe(1)
    expect(reports[0]).toContain('mailplusId=mp-e2e-1')
    await expect(page.locator('html')).toHaveAttribute('data-conversion', 'reported')
    await page.reload()
    // The app has looked at the landing URL again and found it reported before: no second report can follow.
    await expect(page.locator('html')).toHaveAttribute('data-conversion', 'reported-before')
    expect(reports).toHaveLength(1)
  })
})

test('the loading bar runs while a page loads and finishes', async ({ page, context }) => {
  await page.goto(url('equivera-nl.localhost'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/api/routing/getbyurl**', async (route) => {
    await held
    await route.continue()
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Over ons' }).click()
  const bar = page.locator('.loading-bar')
  await expect(bar).toHaveAttribute('data-state', 'loading')
  await expect(bar).toHaveAttribute('data-pending', 'true') // after 200 ms
  release()
  await expect(page).toHaveURL(/over-ons/)
  await expect(bar).toHaveAttribute('data-state', /done|idle/)
})

test('the loading bar turns the failure colour when navigation fails', async ({ page, context }) => {
  await page.goto(url('equivera-nl.localhost'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await context.route('**/api/contentpages/**', (route) => route.fulfill({ status: 500, body: '{}' }))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Over ons' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('nl').error.title)
  await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'failed')
})

test('back restores the scroll position; #no-scroll keeps it', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 })
  await page.goto(url('equivera-nl.localhost', '/klantenservice/veelgestelde-vragen/'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await declineCookies(page)
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
  // A click from script: Playwright's own click would first scroll the link into view.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Retourneren' })
    .first()
    .evaluate((a) => (a as HTMLElement).click())
  await expect(page).toHaveURL(/retourneren/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(/veelgestelde-vragen/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)

  await page.evaluate(() => window.scrollTo(0, 300))
  await page.evaluate(() => {
    history.pushState(null, '', location.pathname + '#no-scroll')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  // The app has made its scroll decision for the new address, so whatever it was has happened.
  await expect(page.locator('html')).toHaveAttribute('data-scrolled-for', /#no-scroll$/)
  expect(await page.evaluate(() => window.scrollY)).toBe(300)
})

test('a page loaded afresh starts at the top, whatever the page loaded before it was scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 })
  await page.goto(url('equivera-nl.localhost', '/klantenservice/veelgestelde-vragen/'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await declineCookies(page)
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
  // Both documents' first history entries have react-router's key 'default'.
  await page.goto(url('equivera-nl.localhost', '/klantenservice/retourneren/'))
  await expect(page.locator('html')).toHaveAttribute('data-scrolled-for', /retourneren/)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('every link in the page ends with a slash', async ({ page }) => {
  await page.goto(url('equivera-nl.localhost'))
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
  expect(hrefs.length).toBeGreaterThan(10)
  for (const href of hrefs) expect(href.split(/[?#]/)[0]).toMatch(/\/$/)
})

test.describe('localization prompt', () => {
  test.use({ locale: 'nl-NL' })

  test('a visitor in the Netherlands on the Belgian site is offered the Dutch site, once', async ({
    page,
    context,
  }) => {
    const nl = JSON.parse(readFileSync(new URL('../../locales/nl-BE.json', import.meta.url), 'utf8')) as {
      localization: { promptTitle: string; stay: string; goToDutchSite: string }
    }
    await page.goto(url('equivera-be.localhost', '/?mailplus_id=m-1'))
    const prompt = page.getByRole('dialog', { name: nl.localization.promptTitle })
    await expect(prompt).toBeVisible()
    await expect(prompt.getByRole('link', { name: nl.localization.goToDutchSite })).toHaveAttribute(
      'href',
      `http://equivera-nl.localhost:${PORT}/?mailplus_id=m-1`,
    )
    await prompt.getByRole('button', { name: nl.localization.stay }).click()
    await expect(prompt).toBeHidden()
    const cookie = (await context.cookies()).find((c) => c.name === 'localization')
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ localizationChoiceDate: expect.any(String) })
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // The remembered choice is read, so the server is not asked and no prompt can come.
    await expect(page.locator('html')).toHaveAttribute('data-localization-choice', 'remembered')
    await expect(prompt).toHaveCount(0)
  })
})

test('only the active language’s texts are loaded', async ({ page }) => {
  const locales: string[] = []
  page.on('request', (request) => {
    const match = /\/assets\/locale-([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)
    if (match) locales.push(match[1]!)
  })
  await page.goto(url('equivera-be.localhost', '/fr/'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  expect(locales).toEqual(['fr-BE'])
  // Once the page is idle, the account part of the same language's texts, kept for the account and the checkout.
  await expect.poll(() => locales, { timeout: 15_000 }).toEqual(['fr-BE', 'fr-BE'])
})
