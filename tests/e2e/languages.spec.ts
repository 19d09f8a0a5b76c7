import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { E2E_PORT } from './ports.ts'
import { hydrated, storedRows } from './helpers.ts'

// Every shop site in every one of its languages: a category, a product opened from it (rendered in the browser) and a
// search render in that language, with that language's product names, links and texts. The Belgian site's French is
// the case that went wrong: the page took its language from the path, the API calls behind it did not.

interface SiteLanguage {
  languageId: number
  code: string
  culture: string
  pathPrefix: string
}
interface Site {
  siteId: number
  domain: string
  type: number
  languages: SiteLanguage[]
}
interface Labels {
  productGroups: { key: string; name: string; path: string }[]
  searchPath: string
}
interface Summary {
  name: string
  path: string
}

const texts = (code: string) => JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8'))
const origin = (site: Site) => `http://${site.domain}:${E2E_PORT}`

/** The API in a site's language, asked directly: what the page in that language must show. */
async function api<T>(site: Site, language: SiteLanguage, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`http://localhost:${E2E_PORT}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      host: site.domain,
      siteid: String(site.siteId),
      languageid: String(language.languageId),
      'content-type': 'application/json',
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return (await response.json()) as T
}

async function shops(): Promise<Site[]> {
  const response = await fetch(`http://localhost:${E2E_PORT}/api/sites`)
  return ((await response.json()) as Site[]).filter((site) => site.type !== 2)
}

/** A product group of the site with products, and its first product as the API lists it in this language. */
async function groupWithProducts(site: Site, language: SiteLanguage) {
  const labels = await api<Labels>(site, language, '/api/catalogue/labels')
  for (const group of labels.productGroups) {
    const found = await api<{ results: Summary[] }>(site, language, '/api/productsearch/search', {
      filter: { filters: [{ discriminator: 'multiSelect', facetKey: 'productGroup', selectedKeys: [group.key] }] },
      pageInfo: {},
    })
    if (found.results.length > 0) return { labels, group, products: found.results }
  }
  throw new Error(`site ${site.siteId} has no products in language ${language.code}`)
}

async function expectLanguage(page: Page, language: SiteLanguage) {
  await expect(page.locator('html')).toHaveAttribute('lang', language.culture)
  await expect(page.locator('.skip-link')).toHaveText(texts(language.code).a11y.skipToContent)
}

test.describe('every shop site in every language', () => {
  test.describe.configure({ timeout: 120_000 })

  test('renders a category, a product and a search in the language of the path', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
    })
    for (const site of await shops()) {
      for (const language of site.languages) {
        const where = `${site.domain} ${language.code}`
        const { labels, group, products } = await groupWithProducts(site, language)
        const prefix = language.pathPrefix ? `/${language.pathPrefix}/` : '/'

        // The category, rendered by the server.
        await page.goto(origin(site) + group.path)
        await expectLanguage(page, language)
        await expect(page.locator('h1'), where).toHaveText(group.name)
        const cards = page.locator('.product-card__name')
        await expect(cards.first(), where).toHaveText(products[0]!.name)
        for (const href of await page
          .locator('.product-card__link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
          expect(href.startsWith(prefix), `${where}: ${href}`).toBe(true)

        // A product opened from it, rendered in the browser with the API calls the app makes.
        await hydrated(page)
        await page.locator('.product-card__link').first().click()
        await expect(page, where).toHaveURL(origin(site) + products[0]!.path)
        await expect(page.locator('h1'), where).toHaveText(products[0]!.name)
        await expect(page.locator('.add-to-cart button[type="submit"]'), where).toHaveText(
          texts(language.code).cart.add.button,
        )

        // A search for the group's name in this language finds its products.
        await page.goto(`${origin(site)}${labels.searchPath}?q=${encodeURIComponent(group.name)}`)
        await expectLanguage(page, language)
        await expect(cards.first(), where).toBeVisible()
        expect(await cards.allTextContents(), where).toContain(products[0]!.name)
      }
    }
    expect(warnings.filter((text) => /another site|sync failed/i.test(text))).toEqual([])
  })

  test('the Belgian site in French keeps French on the device and in the cart', async ({ page }) => {
    const site = (await shops()).find((s) => s.siteId === 2)!
    const french = site.languages.find((l) => l.code === 'fr-BE')!
    const { group, products } = await groupWithProducts(site, french)
    await page.goto(origin(site) + group.path)
    await hydrated(page)

    // The offline copy is the French catalogue.
    await expect
      .poll(async () => (await storedRows(page, 'catalogueMeta')).map((row) => (row as { scope: string }).scope), {
        timeout: 15_000,
      })
      .toEqual([`${site.siteId}:${french.languageId}`])
    const stored = (await storedRows(page, 'products')) as { data: { name: string } }[]
    expect(stored.map((row) => row.data.name)).toContain(products[0]!.name)

    // The cart names its line in French.
    await page.goto(origin(site) + products[0]!.path)
    await hydrated(page)
    await page.locator('.add-to-cart button[type="submit"]').click()
    // The line is on the device once the page says so; leaving before that could leave without it.
    await expect(page.locator('.add-to-cart__message')).toBeVisible()
    await page.goto(`${origin(site)}/fr/cart/`)
    await expect(page.locator('.cart-line').first()).toContainText(products[0]!.name)
  })
})
