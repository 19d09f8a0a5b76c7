// npm run lighthouse: Lighthouse (from npm) with the system Chromium, mobile defaults, against the production build,
// for the home page, a content page and the checkout's billing step. Prints the four category scores with the largest
// contentful paint and the layout shift, and what falls short.
// Targets: performance ≥ 98, accessibility, best practices and SEO 100. SEO is not counted for the billing step: a
// checkout page is noindex on purpose, so its SEO score says nothing (printed, marked as not counted).
// The billing step shows only with a product in the cart, and the cart lives in the device's IndexedDB, which
// Lighthouse clears before a run: so a product is first added in the same Chromium (through puppeteer-core, which
// Lighthouse brings), and that run keeps the storage (`disableStorageReset`). LIGHTHOUSE_PORT moves the server;
// LIGHTHOUSE_REPORTS=<dir> keeps each page's full report (JSON) there.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { connect } from 'puppeteer-core'
import { startServer } from '../tests/e2e/server.ts'
import { CHROMIUM_ARGS, findChromium } from './chromium.ts'

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8190)
const ORIGIN = `http://equivera-nl.localhost:${PORT}`
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const
type Category = keyof typeof TARGETS

interface Page {
  path: string
  /** Done in the same Chromium before the run, whose storage Lighthouse then keeps. */
  prepare?: (port: number) => Promise<void>
  /** Categories that do not apply to the page (reported, not counted). */
  notCounted?: Category[]
}

const nl = JSON.parse(readFileSync(new URL('../locales/nl.json', import.meta.url), 'utf8')) as {
  cart: { add: { button: string } }
  consent: { decline: string }
  messages: { addedToCart: string }
}

/** A product in the device's cart, as a shopper puts it there: its page, cookies declined, the add button. */
async function productInCart(port: number) {
  const browser = await connect({ browserURL: `http://127.0.0.1:${port}` })
  const page = await browser.newPage()
  try {
    await page.goto(`${ORIGIN}/muesli/sport-muesli/`, { waitUntil: 'load' })
    await page.locator('article[data-hydrated]').wait()
    await page.locator(`::-p-aria([name="${nl.consent.decline}"][role="button"])`).click()
    await page.locator(`::-p-aria([name="${nl.cart.add.button}"][role="button"])`).click()
    await page.waitForFunction(
      (text) => document.querySelector('.add-to-cart__message')?.textContent?.includes(text),
      {},
      nl.messages.addedToCart,
    )
  } finally {
    await page.close()
    await browser.disconnect()
  }
}

const PAGES: Page[] = [
  { path: '/' },
  { path: '/klantenservice/' },
  { path: '/checkout/billing/', prepare: productInCart, notCounted: ['seo'] },
]

/** Where a failing audit points: the first elements it names, or its explanation. */
function whereOf(audit: { explanation?: string; details?: unknown } | undefined): string {
  const items = (audit?.details as { items?: { node?: { selector?: string; explanation?: string } }[] } | undefined)
    ?.items
  const nodes = (items ?? []).flatMap((item) => (item.node?.selector ? [item.node.selector] : [])).slice(0, 3)
  if (nodes.length > 0) return `: ${nodes.join('; ')}${(items?.length ?? 0) > 3 ? ` (+${items!.length - 3})` : ''}`
  return audit?.explanation ? `: ${audit.explanation}` : ''
}

const chromePath = findChromium()
if (!chromePath) throw new Error('No Chromium found: install chromium or set CHROMIUM_PATH.')

execFileSync(process.execPath, ['scripts/build-if-needed.ts'], { stdio: 'inherit' })
const server = await startServer(PORT)
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
let failed = false
try {
  const rows = []
  for (const { path, prepare, notCounted = [] } of PAGES) {
    await prepare?.(chrome.port)
    const url = `${ORIGIN}${path}`
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...(prepare && { disableStorageReset: true }),
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { categories, audits, runtimeError, finalDisplayedUrl } = result.lhr
    if (process.env.LIGHTHOUSE_REPORTS)
      writeFileSync(
        join(process.env.LIGHTHOUSE_REPORTS, `${path.replaceAll('/', '_') || '_'}.json`),
        JSON.stringify(result.lhr),
      )
    if (runtimeError)
      console.log(`${path}: Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message}`)
    // A checkout step whose gate sent the browser elsewhere (an empty cart goes to the cart page) measured another page.
    if (new URL(finalDisplayedUrl).pathname !== path) throw new Error(`${url} ended at ${finalDisplayedUrl}`)
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
    ) as Record<Category, number>
    rows.push({
      page: path,
      ...Object.fromEntries(
        Object.entries(scores).map(([key, score]) => [
          key,
          notCounted.includes(key as Category) ? `${score} (not counted)` : score,
        ]),
      ),
      LCP: audits['largest-contentful-paint']?.displayValue,
      CLS: audits['cumulative-layout-shift']?.displayValue,
    })
    for (const [key, target] of Object.entries(TARGETS) as [Category, number][]) {
      if (scores[key] >= target) continue
      const counted = !notCounted.includes(key)
      if (counted) failed = true
      const below = categories[key]?.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})${whereOf(audits[ref.id])}`)
      console.log(
        `${path} ${key} ${scores[key]} < ${target}${counted ? '' : ' (not counted: a noindex checkout page)'}:\n  ${below?.join('\n  ')}`,
      )
    }
    const shifts = audits['layout-shifts']
    if (shifts && shifts.score !== null && shifts.score < 1) console.log(`${path} layout shifts${whereOf(shifts)}`)
  }
  console.table(rows)
  console.log(failed ? 'Some scores miss their targets (listed above).' : 'All scores meet their targets.')
} finally {
  chrome.kill()
  await server.stop()
}
