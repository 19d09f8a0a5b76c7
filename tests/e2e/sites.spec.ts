import { expect, test } from '@playwright/test'
import { E2E_PORT } from './ports.ts'

// The browser reaches every country site on its own *.localhost domain (Chromium resolves them to loopback) and
// the server tells the sites apart by host alone.

const PORT = E2E_PORT

test.describe('country sites by domain', () => {
  for (const [host, siteId, culture] of [
    ['equivera-nl.localhost', 1, 'nl-NL'],
    ['equivera-be.localhost', 2, 'nl-BE'],
    ['muehldorfer-de.localhost', 3, 'de-DE'],
    ['equivera-se.localhost', 6, 'sv-SE'],
    ['paddockpure-dk.localhost', 17, 'da-DK'],
    ['localhost', 1, 'nl-NL'],
  ] as const) {
    test(`${host} serves site ${siteId}`, async ({ page }) => {
      const response = await page.goto(`http://${host}:${PORT}/api/sites/getbydomain?domain=${host}`)
      expect(response?.status()).toBe(200)
      const site = (await response?.json()) as {
        siteId: number
        languages: { culture: string }[]
        clientApiEndpoint: string
      }
      expect(site.siteId).toBe(siteId)
      expect(site.languages[0]?.culture).toBe(culture)
      expect(site.clientApiEndpoint).toBe(`http://${host}:${PORT}/api/`)

      // The page's own origin decides the site for its API calls, as the app's will. From a page: an API answer's own
      // security policy (default-src 'none') lets no script in it fetch anything.
      await page.goto(`http://${host}:${PORT}/bestaat-niet/`)
      const route = await page.evaluate(async () => (await fetch('/api/routing/getbyurl?url=/')).json())
      expect(route).toMatchObject({ kind: 'contentPage', siteId })
    })
  }

  test('the Belgian site answers in French under /fr/, with translated errors', async ({ page }) => {
    await page.goto(`http://equivera-be.localhost:${PORT}/fr/nexiste-pas/`)
    const result = await page.evaluate(async () => {
      const route = await (await fetch('/api/routing/getbyurl?url=/fr/')).json()
      const missing = await fetch('/api/routing/getbyurl?url=/fr/nexiste-pas/', { headers: { languageid: '8' } })
      return { route, status: missing.status, error: await missing.json() }
    })
    expect(result.route).toMatchObject({ siteId: 2, languageId: 8 })
    expect(result.status).toBe(404)
    expect(result.error).toMatchObject({ code: 'pageNotFound', contentPageId: 210 })
    expect(result.error.localizedMessage).toMatch(/page/i)
  })

  test('a host that belongs to no site is refused', async ({ page }) => {
    const response = await page.goto(`http://unknown-shop.localhost:${PORT}/api/Sites`)
    expect(response?.status()).toBe(421)
    expect(await response?.json()).toMatchObject({ code: 'unknownHost' })
  })
})
