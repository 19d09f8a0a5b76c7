import { expect, test, type Locator, type Page } from '@playwright/test'
import { BRAND_THEME } from '../../src/domain/brands.ts'
import { nl, texts } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

// The frame as a shopper meets it on a 390 px phone and on a desktop, on several brands and languages.

const url = (host: string, path = '/') => `http://${host}:${E2E_PORT}${path}`

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

/** Opens a page with the cookie choice already made (the banner would cover the page) and waits for hydration. */
async function open(page: Page, host: string, path = '/') {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: url(host) }])
  await page.goto(url(host, path))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** The vertical centres of two boxes lie within a few pixels: they sit on one row. */
async function onOneRow(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()]
  expect(boxA && boxB).toBeTruthy()
  expect(Math.abs(boxA!.y + boxA!.height / 2 - (boxB!.y + boxB!.height / 2))).toBeLessThan(12)
}

/** Elements of `selector` that stick out of the viewport on either side (their text is cut on a phone). */
const outsideViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5)
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`),
  )

const PHONE_SITES = [
  ['nl', 'equivera-nl.localhost', '/'],
  ['fr-BE', 'equivera-be.localhost', '/fr/'],
  ['de', 'muehldorfer-de.localhost', '/'],
  ['da', 'paddockpure-dk.localhost', '/'],
  ['nl', 'paddockpure-nl.localhost', '/'],
  ['et', 'equivera-ee.localhost', '/'],
  ['pl', 'equivera-pl.localhost', '/'],
] as const

test.describe('the header on a 390 px phone', () => {
  test.use({ viewport: PHONE })

  for (const [code, host, path] of PHONE_SITES) {
    test(`${host}${path}: logo, comparison, cart and menu on one row, open or closed; the search and the delivery promise whole`, async ({
      page,
    }) => {
      const t = texts(code).header
      await open(page, host, path)
      const banner = page.getByRole('banner')
      const logo = banner.locator('.brand-logo')
      await onOneRow(logo, banner.getByRole('button', { name: t.menu, exact: true }))
      await onOneRow(logo, banner.locator('.mini-cart'))
      await onOneRow(logo, banner.getByRole('link', { name: t.compare }))
      expect(await outsideViewport(page, '.site-header *')).toEqual([])

      // The placeholder fits in the field, in the field's own font.
      const search = banner.getByRole('combobox')
      await expect(search).toHaveAttribute('placeholder', t.searchPlaceholder)
      const room = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = style.font
        const free = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return free - context.measureText(input.placeholder).width
      })
      expect(room).toBeGreaterThanOrEqual(0)

      // The delivery promise is read whole: nothing of it runs off the screen or scrolls sideways.
      const usps = banner.locator('.usp-bar')
      expect(await usps.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0)
      await expect(usps.locator('li').first()).toBeVisible()

      await banner.getByRole('button', { name: t.menu, exact: true }).click()
      const close = banner.getByRole('button', { name: t.closeMenu })
      await expect(close).toHaveAttribute('aria-expanded', 'true')
      await onOneRow(logo, close)
      await expect(banner.getByRole('navigation', { name: texts(code).a11y.mainNavigation })).toBeVisible()
      expect(await outsideViewport(page, '.site-header *')).toEqual([])
    })
  }
})

test.describe('the footer on a 390 px phone', () => {
  test.use({ viewport: PHONE })

  test('opening hours read as rows of days and times; every link is a 44 px target', async ({ page }) => {
    await open(page, 'equivera-nl.localhost', '/klantenservice/')
    const footer = page.getByRole('contentinfo')
    const rows = footer.locator('.opening-hours > div')
    await expect(rows).toHaveCount(2)
    let previousBottom = 0
    for (const row of await rows.all()) {
      const [days, hours] = [row.locator('dt'), row.locator('dd')]
      await onOneRow(days, hours)
      const lineHeight = await hours.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight))
      expect((await hours.boundingBox())!.height, (await hours.textContent()) ?? '').toBeLessThan(lineHeight * 1.5)
      const box = (await row.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(previousBottom)
      previousBottom = box.y + box.height
    }

    await footer.getByText(nl.localization.choose).click()
    const small = await footer.getByRole('link').evaluateAll((links) =>
      links
        .filter((link) => link.getClientRects().length > 0)
        .filter((link) => link.getBoundingClientRect().height < 44)
        .map((link) => `${link.textContent}: ${link.getBoundingClientRect().height}`),
    )
    expect(small).toEqual([])
  })
})

test.describe('the country switcher', () => {
  test('is a control that names the current choice, and tells the brands of one country apart', async ({ page }) => {
    await open(page, 'equivera-nl.localhost')
    const switcher = page.getByRole('region', { name: nl.localization.switcher })
    const toggle = switcher.locator('summary')
    // In view first, as a visitor sees it: the footer is laid out only as it nears the screen, and innerText (the
    // rendered text) of what is not laid out is empty.
    await toggle.scrollIntoViewIfNeeded()
    await expect
      .poll(() => toggle.evaluate((element: HTMLElement) => element.innerText.replace(/\s+/g, ' ').trim()))
      .toBe(`${nl.localization.choose} (Nederland - Nederlands)`)
    const style = await toggle.evaluate((element) => {
      const computed = getComputedStyle(element)
      return { border: parseFloat(computed.borderTopWidth), cursor: computed.cursor }
    })
    expect(style).toEqual({ border: expect.any(Number), cursor: 'pointer' })
    expect(style.border).toBeGreaterThan(0)
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44)

    await toggle.click()
    const names = [...(await switcher.ariaSnapshot()).matchAll(/- link "([^"]+)"/g)].map((match) => match[1])
    expect(names.length).toBeGreaterThan(15)
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
    for (const brand of ['Equivera', 'Mühldorfer', 'Paddock Pure']) {
      await expect(switcher.getByRole('heading', { name: brand, exact: true })).toBeVisible()
    }
    const paddockPure = switcher.getByRole('list', { name: 'Paddock Pure' })
    await expect(paddockPure.getByRole('link', { name: /Denemarken - Dansk/ })).toHaveAttribute(
      'href',
      url('paddockpure-dk.localhost'),
    )
  })
})

/** What Chromium fires when it would offer to install the app; the page keeps it and shows its own button. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        ;(window as { prompted?: boolean }).prompted = true
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    })
    window.dispatchEvent(event)
  })

test.describe('the install entry', () => {
  test('sits in the header on a desktop and asks the browser to install', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await open(page, 'equivera-nl.localhost')
    await offerInstall(page)
    const install = page.getByRole('banner').getByRole('button', { name: nl.install.button })
    await expect(install).toBeVisible()
    expect((await install.boundingBox())!.y).toBeLessThan(DESKTOP.height / 2)
    await install.click()
    await expect.poll(() => page.evaluate(() => (window as { prompted?: boolean }).prompted)).toBe(true)
    await expect(install).toHaveCount(0)
  })

  test('sits in the opened menu on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await open(page, 'equivera-nl.localhost')
    await offerInstall(page)
    const banner = page.getByRole('banner')
    await banner.getByRole('button', { name: nl.header.menu, exact: true }).click()
    const install = banner.getByRole('button', { name: nl.install.button })
    await expect(install).toBeVisible()
    expect((await install.boundingBox())!.y).toBeLessThan(PHONE.height)
  })

  test.describe('on an iPhone (no install event)', () => {
    test.use({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    })

    test('the menu says how to add the shop to the home screen', async ({ page }) => {
      // Safari has no install event: without the handler property the page cannot expect one.
      await page.addInitScript(() => delete (window as { onbeforeinstallprompt?: unknown }).onbeforeinstallprompt)
      await open(page, 'equivera-nl.localhost')
      expect(await page.evaluate(() => 'onbeforeinstallprompt' in window)).toBe(false)
      const banner = page.getByRole('banner')
      await banner.getByRole('button', { name: nl.header.menu, exact: true }).click()
      const install = banner.getByRole('button', { name: nl.install.button })
      await expect(install).toHaveAttribute('aria-expanded', 'false')
      await install.click()
      await expect(install).toHaveAttribute('aria-expanded', 'true')
      await expect(banner.getByText(nl.install.hintIos.replace('{{brand}}', 'Equivera'))).toBeVisible()
    })
  })
})

test.describe('brand themes', () => {
  for (const [host, brand] of [
    ['equivera-nl.localhost', 'equivera'],
    ['muehldorfer-de.localhost', 'muehldorfer'],
    ['paddockpure-dk.localhost', 'paddockpure'],
  ] as const) {
    test(`${host} wears ${BRAND_THEME[brand].name}'s colours in the page, its theme colour and its manifest`, async ({
      page,
    }) => {
      await open(page, host)
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      )
      expect(primary).toBe(BRAND_THEME[brand].primary)
      await expect(page.locator('meta[name=theme-color]')).toHaveAttribute('content', primary)
      // Node resolves no *.localhost names: the manifest is asked of localhost with the site's host.
      const manifest = await (
        await page.request.get(url('localhost', '/manifest.webmanifest'), { headers: { host: `${host}:${E2E_PORT}` } })
      ).json()
      expect(manifest.theme_color).toBe(primary)
    })
  }
})

test('the customer-service page has unique ids and no two landmarks of one name', async ({ page }) => {
  await open(page, 'equivera-nl.localhost', '/klantenservice/')
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((element) => element.id))
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
  const landmarks = [
    ...(await page.locator('body').ariaSnapshot()).matchAll(
      /- (region|navigation|complementary|banner|contentinfo|main|search|form) "([^"]+)"/g,
    ),
  ].map((match) => `${match[1]} ${match[2]}`)
  expect(landmarks.filter((name, index) => landmarks.indexOf(name) !== index)).toEqual([])
  await expect(page.getByRole('main').getByRole('region', { name: 'Vragen? We helpen je graag' })).toBeVisible()
})

test.describe('the hay-analysis page leads to ordering a scan', () => {
  for (const [host, page, order] of [
    ['equivera-nl.localhost', '/ruwvoeranalyse/', '/ruwvoeranalyse-bestellen/'],
    ['equivera-be.localhost', '/fr/analyse-de-fourrage/', '/fr/commander-analyse-de-fourrage/'],
    ['muehldorfer-de.localhost', '/raufutteranalyse/', '/raufutteranalyse-bestellen/'],
    ['equivera-dk.localhost', '/grovfoderanalyse/', '/bestil-grovfoderanalyse/'],
  ] as const) {
    test(`${host}${page}: the scans with their prices and a link to ${order}`, async ({ page: tab }) => {
      await open(tab, host, page)
      const main = tab.getByRole('main')
      const scans = main.locator('.block-offer li')
      expect(await scans.count()).toBeGreaterThan(1)
      for (const scan of await scans.all()) {
        await expect(scan.locator('.price')).toHaveText(/\d/)
        await expect(scan.getByRole('link')).toHaveAttribute('href', new RegExp(`^${order}[a-z0-9-]+/$`))
      }
      const orderLink = main.locator(`a.button[href="${order}"]`)
      await expect(orderLink).toBeVisible()
      await orderLink.click()
      await expect(tab).toHaveURL(url(host, order))
      await expect(tab.locator('.product-grid .product-card').first()).toBeVisible()
    })
  }
})
