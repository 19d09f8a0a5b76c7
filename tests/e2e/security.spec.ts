import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { startedModules } from '../../src/app/start-script.ts'
import { CartSchema } from '../../src/domain/cart.ts'
import { addToCart, CART, SPORT_MUESLI } from './cart-helpers.ts'
import { fill, hydrated, nl, storedRows, waitForServiceWorker } from './helpers.ts'
import { serverOnOwnBuild } from './server.ts'
import { E2E_PORT, ownPort } from './ports.ts'

// The security headers in a real Chromium: no page of the shop breaks its Content-Security-Policy (every main page,
// the tag manager after consent, the update prompt, pages served by the service worker offline with the nonce they
// were kept with); and the cart refuses a change another site's page sends, while the changes queued offline still
// reach it.

interface Violation {
  url: string
  directive: string
  blocked: string
  sample: string
}

/** Every `securitypolicyviolation` of every page of the context, across navigations. */
async function recordViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = []
  await context.exposeBinding('reportCspViolation', (_, violation: Violation) => void violations.push(violation))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(v: unknown): void }).reportCspViolation
      report({
        url: location.href,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      })
    })
  })
  return violations
}

const isHydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')

test.describe('the Content-Security-Policy', () => {
  const PORT = ownPort(5)
  const origin = `http://equivera-nl.localhost:${PORT}`
  // A build of its own: the update test deploys under it.
  const own = serverOnOwnBuild(PORT)

  test('is sent with a page, an API answer and a file; the bootstrap script carries the header’s nonce', async () => {
    const page = await fetch(`http://localhost:${PORT}/`)
    const policy = page.headers.get('content-security-policy')!
    const nonce = /'nonce-([\w-]+)'/.exec(policy)?.[1]
    expect(nonce).toBeDefined()
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('unsafe-inline')
    const html = await page.text()
    expect(html).toMatch(new RegExp(`<script nonce="${nonce}"[^>]*>[^<]*window.__staticRouterHydrationData`))
    for (const tag of html.match(/<(script|style)\b[^>]*>/g)!.filter((t) => !t.includes('application/ld+json')))
      expect(tag).toContain(`nonce="${nonce}"`)
    // The page's CSS is inline, with the nonce (React leaves a style without it out).
    const css = new RegExp(`<style nonce="${nonce}"[^>]*>([^<]*)</style>`).exec(html)?.[1] ?? ''
    expect(css.length).toBeGreaterThan(1000)
    // The app's entry, first of the modules the bootstrap script loads after the first paint.
    const script = startedModules(html)[0]!

    for (const url of ['/', '/api/language', script, '/sw.js']) {
      const response = await fetch(`http://localhost:${PORT}${url}`)
      expect(response.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
      // Read from documents and workers' scripts only: not sent with JSON.
      const document = !url.startsWith('/api/')
      for (const [name, value] of [
        ['referrer-policy', 'strict-origin-when-cross-origin'],
        ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'],
        ['cross-origin-opener-policy', 'same-origin'],
      ] as const)
        expect(response.headers.get(name), `${url} ${name}`).toBe(document ? value : null)
      // The end-to-end server runs in production mode.
      expect(response.headers.get('strict-transport-security'), url).toMatch(/^max-age=\d+/)
    }
    expect((await fetch(`http://localhost:${PORT}/api/language`)).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
  })

  test('no main page breaks it, nor the tag manager once consented', async ({ page, context }) => {
    const violations = await recordViolations(context)
    const tagManager: string[] = []
    await context.route('https://www.googletagmanager.com/**', (route) => {
      tagManager.push(route.request().url())
      return route.fulfill({ contentType: 'text/javascript', body: '' })
    })
    await page.goto(`${origin}/`)
    await isHydrated(page)
    await waitForServiceWorker(page)
    for (const path of ['/muesli/', SPORT_MUESLI, CART, '/vergelijken/', '/klantenservice/', '/bestaat-niet/']) {
      await page.goto(`${origin}${path}`)
      await isHydrated(page)
      await expect(page.locator('h1').first()).toBeVisible()
    }
    // Consent given on a page: the tag manager starts at once, under that page's policy.
    expect(tagManager).toEqual([])
    await page.getByRole('button', { name: nl.consent.accept }).click()
    await expect.poll(() => tagManager.length, { timeout: 15_000 }).toBe(1)
    // In-app navigation (no new document) keeps the page's policy.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Over ons' }).first().click()
    await expect(page).toHaveURL(/over-ons/)
    await expect(page.locator('h1').first()).toBeVisible()
    expect(violations).toEqual([])
  })

  test('the update prompt and offline pages served by the service worker keep to it', async ({ page, context }) => {
    const violations = await recordViolations(context)
    await page.goto(`${origin}/`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await page.goto(`${origin}/klantenservice/`)
    await isHydrated(page)

    // A new deploy: the update prompt, and the reload into the new version.
    const file = join(own.dist(), 'client', 'sw.js')
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// deploy ${Date.now()}\n`)
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    await expect(page.getByText(nl.update.available)).toBeVisible({ timeout: 15_000 })
    const reloaded = page.waitForEvent('framenavigated')
    await page.getByRole('button', { name: nl.update.reload }).click()
    await reloaded
    await isHydrated(page)
    await waitForServiceWorker(page)
    await page.goto(`${origin}/klantenservice/`)
    await isHydrated(page)

    // No network: a kept page (with the nonce of the answer it was kept from) and the offline page both start.
    await own.stopKeepingData()
    await context.setOffline(true)
    await page.reload()
    await isHydrated(page)
    await expect(page.getByText(nl.offline.notice)).toBeVisible()
    await page.goto(`${origin}/over-ons/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.offline.pageTitle)
    await isHydrated(page)
    await context.setOffline(false)
    await own.startAgain()
    expect(violations).toEqual([])
  })
})

test.describe('cross-site requests', () => {
  const origin = `http://equivera-nl.localhost:${E2E_PORT}`
  const otherPort = ownPort(6)
  let other: Server
  test.beforeAll(async () => {
    // Another site: a page on 127.0.0.1 (another site than equivera-nl.localhost) that posts to the shop's cart.
    other = createServer((request, response) => {
      const target = new URL(request.url!, 'http://x').searchParams.get('target') ?? ''
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(`<!doctype html><title>elsewhere</title><script>
        fetch(${JSON.stringify(target)}, { method: 'POST', credentials: 'include', mode: 'no-cors' })
          .finally(() => { document.title = 'sent' })
      </script>`)
    })
    await new Promise<void>((listening) => other.listen(otherPort, '127.0.0.1', listening))
  })
  test.afterAll(async () => new Promise((closed) => other.close(closed)))

  const serverCart = async (cartId: string) =>
    CartSchema.parse(await (await fetch(`http://localhost:${E2E_PORT}/api/cart/${cartId}`)).json()).products.map(
      (p) => [p.productVariantId, p.count],
    )

  test('changes queued offline reach the cart; another site’s page cannot change it', async ({ page, context }) => {
    test.setTimeout(90_000)
    await page.goto(`${origin}${SPORT_MUESLI}`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await addToCart(page, `${origin}${SPORT_MUESLI}`, 1)
    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    await expect
      .poll(async () => ((await storedRows(page, 'carts'))[0] as { cartId?: string })?.cartId, { timeout: 20_000 })
      .toMatch(/^[0-9a-f-]{36}$/)
    const { cartId } = ((await storedRows(page, 'carts')) as { cartId: string }[])[0]!
    // The device has the cart's id once the cart is made; the line is the next call, which may still be on its way.
    await expect.poll(() => serverCart(cartId), { timeout: 10_000 }).toEqual([[101, 1]])

    // Offline: the change waits in the queue; back online it is sent (by the app or the service worker's background
    // sync, both same-origin) and accepted.
    const sent: { url: string; status: number }[] = []
    context.on('response', (response) => {
      if (response.request().method() !== 'GET' && response.url().includes(`/api/cart/${cartId}`))
        sent.push({ url: response.url(), status: response.status() })
    })
    // The line is on screen before the network goes: on a slow run its product details may still be on their way.
    const muesli = page.locator('.cart-line').filter({ hasText: 'Sport Muesli' })
    const increase = muesli.getByRole('button', { name: fill(nl.cart.line.increase, { name: 'Sport Muesli' }) })
    await expect(increase).toBeVisible({ timeout: 20_000 })
    await context.setOffline(true)
    await increase.click()
    await expect(page.locator('.pending-change')).toHaveCount(1, { timeout: 15_000 })
    await context.setOffline(false)
    await expect(page.locator('.pending-changes')).toHaveCount(0, { timeout: 20_000 })
    await expect.poll(() => serverCart(cartId), { timeout: 20_000 }).toEqual([[101, 2]])
    expect(sent.filter((s) => s.status === 403)).toEqual([])

    // Another site's page posts an addition with the visitor's cookies: refused, the cart stays as it is.
    const target = `${origin}/api/cart/${cartId}/products?productVariantId=101&quantity=5`
    const elsewhere = await context.newPage()
    const refused = elsewhere.waitForResponse((response) => response.url() === target)
    await elsewhere.goto(`http://127.0.0.1:${otherPort}/?target=${encodeURIComponent(target)}`)
    expect((await refused).status()).toBe(403)
    await expect(elsewhere).toHaveTitle('sent', { timeout: 15_000 })
    expect(await serverCart(cartId)).toEqual([[101, 2]])
  })
})
