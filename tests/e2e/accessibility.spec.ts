import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { PAGE_KINDS } from './page-kinds.ts'
import { E2E_PORT } from './ports.ts'

// Accessibility beyond Lighthouse: axe-core with every rule it has up to WCAG AA (best practices and the experimental
// ones such as 'label in name' included) on every page kind, on a 390 px phone and on a desktop, with the cookie banner showing
// (as a first visit sees it) and with the page's own states open (the menu, the filters).

const ORIGIN = `http://equivera-nl.localhost:${E2E_PORT}`
const PAGES = [
  ...PAGE_KINDS,
  ['offline page', '/offline/'],
  ['Belgian French category', 'http://equivera-be.localhost:PORT/fr/mueslis/'],
  ['Paddock Pure home', 'http://paddockpure-dk.localhost:PORT/'],
  ['Mühldorfer product list', 'http://muehldorfer-de.localhost:PORT/zoeken/?q=muesli'],
] as const

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} as const

const urlOf = (path: string) => (path.startsWith('http') ? path.replace('PORT', String(E2E_PORT)) : ORIGIN + path)

/** Every rule axe-core has, each violation with the elements it names. */
async function violations(page: Page) {
  const rules = await page.evaluate(() =>
    (window as unknown as { axe: { getRules(): { ruleId: string; tags: string[] }[] } }).axe
      .getRules()
      // The shop aims at WCAG 2.2 AA: the AAA rules (7:1 contrast and the like) are left out, nothing else.
      .filter((rule) => !rule.tags.some((tag) => /^wcag2\d?aaa$/.test(tag)))
      .map((rule) => rule.ruleId),
  )
  const result = await new AxeBuilder({ page }).withRules(rules).analyze()
  // What the HTML checker also asks and axe no longer checks: every id once in the document.
  const repeatedIds = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))]
  })
  return [
    ...result.violations.map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    })),
    ...(repeatedIds.length > 0 ? [{ rule: 'duplicate-id', help: 'Every id once', nodes: repeatedIds }] : []),
  ]
}

async function open(browser: Browser, kind: keyof typeof VIEWPORTS, path: string) {
  const context = await browser.newContext(VIEWPORTS[kind])
  const page = await context.newPage()
  await page.goto(urlOf(path))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  // axe itself, so its rule list can be read (AxeBuilder injects it again, which is harmless). Evaluated, not added
  // as a script tag: the page's security policy refuses inline scripts without its nonce, as it should.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
  return { page, close: () => context.close() }
}

test.describe('axe-core, every rule', () => {
  for (const kind of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    for (const [name, path] of PAGES) {
      test(`${name} on a ${kind}`, async ({ browser }) => {
        const { page, close } = await open(browser, kind, path)
        try {
          expect(await violations(page)).toEqual([])
        } finally {
          await close()
        }
      })
    }

    test(`the open menu and filters on a ${kind}`, async ({ browser }) => {
      const { page, close } = await open(browser, kind, '/muesli/')
      try {
        const menu = page.locator('.menu-toggle')
        if (await menu.isVisible()) await menu.click()
        const filters = page.locator('.facets-panel__toggle')
        if (await filters.isVisible()) await filters.click()
        expect(await violations(page)).toEqual([])
      } finally {
        await close()
      }
    })
  }
})
