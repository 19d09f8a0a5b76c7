import { expect, test, type Page } from '@playwright/test'
import { BRAND_THEME } from '../../src/app/frame/theme.ts'
import { E2E_PORT } from './ports.ts'

// The frame as a shopper meets it on a 390 px phone and on a desktop, on several brands and languages.

const url = (host: string, path = '/') => `http://${host}:${E2E_PORT}${path}`

/** Opens a page with the cookie choice already made (the banner would cover the page) and waits for hydration. */
async function open(page: Page, host: string, path = '/') {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: url(host) }])
  await page.goto(url(host, path))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

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
