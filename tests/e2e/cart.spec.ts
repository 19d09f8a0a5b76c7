import { expect, test, type Locator, type Page } from '@playwright/test'
import { openDatabase } from '../../src/server/db/database.ts'
import { setStock } from '../../src/server/catalogue/catalogue.repository.ts'
import { CartSchema } from '../../src/domain/cart.ts'
import { toEuroCents } from '../../src/domain/currency.ts'
import { formatMoney } from '../../src/domain/locale.ts'
import { readFileSync } from 'node:fs'
import { events, fill, hydrated, nl, storedProducts, storedRows, waitForServiceWorker } from './helpers.ts'
import { startServer, type RunningServer } from './server.ts'
import { ownPort } from './ports.ts'

// The cart in a real Chromium against the real server (issue #5): filled online; changed with no network at all
// (server stopped, browser offline, service worker in charge), through a reload; and when the network returns, the
// server's cart is exactly the device's — nothing lost, nothing doubled — while an addition of a product that sold out
// meanwhile is shown refused, with its reason, where its line would be. Refusals are shown by what they were about,
// keep what was typed and say what to do; only what is not sent yet waits.

const SPORT_MUESLI = '/muesli/sport-muesli/' // variant 101, 32.95
const APPLE_TREATS = '/snoepjes/appelsnoepjes/' // variant 3001, "3 + 1 gratis"
const HOOF_OIL = '/verzorging/hoefolie-met-laurier/' // variant 3201
const ELECTROLYTES = '/supplementen/elektrolyten/' // variant 2501
const ELECTROLYTES_VARIANT = 2501
/** The Dutch cart's own address (SPEC §2's /cart/ in the language's word). */
const CART = '/winkelwagen/'

const texts = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')) as typeof nl
const badge = (page: Page) => page.locator('.mini-cart__count')
const lineNames = (page: Page) => page.locator('.cart-line__name').allTextContents()

async function addToCart(page: Page, path: string, quantity: number) {
  await page.goto(path)
  await hydrated(page)
  await page.getByLabel(nl.cart.add.quantity, { exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: nl.cart.add.button }).click()
  await expect(page.locator('.add-to-cart__message')).toContainText(nl.messages.addedToCart)
}

/** The device's cart: its server id and the lines with the waiting changes not yet applied on the server. */
async function deviceCart(page: Page) {
  const [cart] = (await storedRows(page, 'carts')) as { cartId: string }[]
  return cart!
}

test.describe('the cart', () => {
  const PORT = ownPort(3)
  const origin = `http://equivera-nl.localhost:${PORT}`
  let server: RunningServer
  test.beforeAll(async () => {
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())
  /** A test that stopped the server and failed before starting it again leaves one running for the next. */
  test.afterEach(async () => {
    if (
      !(await fetch(`http://localhost:${PORT}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      server = await startServer(PORT, 'dist', server.dir)
  })

  test('filled online, changed offline through a reload, reaches the server once; a sold-out addition is refused with its reason', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${origin}${SPORT_MUESLI}`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()

    // Online: two products, one with a free product from a promotion; the header counts the free one too.
    await addToCart(page, `${origin}${SPORT_MUESLI}`, 2)
    await expect(badge(page)).toHaveText('2')
    const added = await events(page, 'add_to_cart')
    expect(added.at(-1)!.ecommerce).toMatchObject({
      currency: 'EUR',
      value: 65.9,
      items: [{ item_id: '101', quantity: 2 }],
    })
    await addToCart(page, `${origin}${APPLE_TREATS}`, 3)
    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.cart.title)
    await expect(page.locator('.cart-line')).toHaveCount(2)
    await expect(page.locator('.cart-line__free')).toContainText('3 + 1 gratis')
    await expect(badge(page)).toHaveText('6')
    // The server's own totals, not provisional ones: 65.90 + 17.85, shipping free from 50.00.
    await expect(page.locator('.cost-overview__row--total')).toContainText('83,75')
    await expect(page.locator('.cost-overview__provisional')).toHaveCount(0)
    await expect.poll(async () => (await events(page, 'view_cart')).length).toBe(1)
    // The catalogue is on the device (prices for the offline totals), and the cart has its server id.
    await expect.poll(() => storedProducts(page), { timeout: 20_000 }).toBeGreaterThan(30)
    const { cartId } = await deviceCart(page)
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/)

    // No network at all from here: the server is stopped (its data kept) and the browser is offline.
    await server.stop({ keepData: true })
    await context.setOffline(true)

    // Change quantities, remove a line and add products: each shows at once and waits in the queue.
    const muesli = page.locator('.cart-line').filter({ hasText: 'Sport Muesli' })
    await muesli.getByRole('button', { name: fill(nl.cart.line.increase, { name: 'Sport Muesli' }) }).click()
    await expect(muesli.getByRole('spinbutton')).toHaveValue('3')
    const treats = page.locator('.cart-line').filter({ hasText: 'Appelsnoepjes' })
    await treats.getByRole('button', { name: fill(nl.cart.line.removeNamed, { name: 'Appelsnoepjes' }) }).click()
    await expect(page.locator('.cart-line')).toHaveCount(1)
    expect((await events(page, 'remove_from_cart')).at(-1)!.ecommerce.items[0]!.item_id).toBe('3001')
    await addToCart(page, `${origin}${HOOF_OIL}`, 1)
    await addToCart(page, `${origin}${ELECTROLYTES}`, 2)
    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    await expect(page.locator('.cart-line')).toHaveCount(3)
    await expect(page.locator('.pending-change')).toHaveCount(4)
    await expect(page.locator('.pending-changes')).toContainText(nl.cart.pending.waiting)
    await expect(page.locator('.cost-overview__provisional')).toHaveText(nl.cart.summary.provisional)

    // A reload without network: the queue and the cart survive it.
    await page.reload()
    await expect(page.locator('.cart-line')).toHaveCount(3)
    await expect(page.locator('.pending-change')).toHaveCount(4)
    await expect(badge(page)).toHaveText('6')
    const shown = await lineNames(page)

    // Meanwhile the electrolytes sold out.
    const database = openDatabase(`sqlite:${server.dir}/shop.sqlite`)
    await setStock(database.db, ELECTROLYTES_VARIANT, 0, new Date())
    await database.close()

    // The network returns: the queue is sent once, in order; the refused addition is shown where its line would be,
    // with the reason and what to do, and nothing waits any more.
    server = await startServer(PORT, 'dist', server.dir)
    await context.setOffline(false)
    const notAdded = page.locator('.cart-line--refused')
    await expect(notAdded).toHaveCount(1, { timeout: 20_000 })
    await expect(notAdded.getByRole('heading')).toHaveText('Elektrolyten')
    await expect(notAdded.getByRole('alert')).toContainText(nl.errors.outOfStock)
    await expect(notAdded.getByRole('alert')).toContainText(nl.cart.refusal.tryLater)
    await expect(page.locator('.pending-changes')).toHaveCount(0)
    await expect(page.locator('.cart-line:not(.cart-line--refused)')).toHaveCount(2)
    await expect(page.locator('.cost-overview__provisional')).toHaveCount(0)

    // The server's cart is the device's: nothing lost, nothing doubled.
    const answer = await fetch(`http://localhost:${PORT}/api/cart/${cartId}`)
    const serverCart = CartSchema.parse(await answer.json())
    expect(serverCart.products.map((p) => [p.productVariantId, p.count])).toEqual([
      [101, 3],
      [3201, 1],
    ])
    expect(await lineNames(page)).toEqual(shown)
    await expect(badge(page)).toHaveText('4')

    // The shopper has read it.
    await notAdded.getByRole('button', { name: nl.cart.refusal.dismiss }).click()
    await expect(notAdded).toHaveCount(0)
    expect(await lineNames(page)).toEqual(shown.filter((name) => name !== 'Elektrolyten'))
  })

  test('a quantity above the stock is refused by its line, in sight: the typed quantity stays, with what to do', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${origin}${SPORT_MUESLI}`)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await addToCart(page, `${origin}${SPORT_MUESLI}`, 2)
    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    await expect(page.locator('.pending-changes')).toHaveCount(0, { timeout: 20_000 })
    // The device has its copy of the catalogue (stock 214); then the muesli runs low on the server.
    await expect.poll(() => storedProducts(page), { timeout: 20_000 }).toBeGreaterThan(30)
    const stock = async (amount: number) => {
      const database = openDatabase(`sqlite:${server.dir}/shop.sqlite`)
      await setStock(database.db, 101, amount, new Date())
      await database.close()
    }
    await stock(3)
    try {
      const line = page.locator('.cart-line').filter({ hasText: 'Sport Muesli' })
      const field = line.getByRole('spinbutton', { name: fill(nl.cart.line.quantity, { name: 'Sport Muesli' }) })
      await field.fill('5')
      await field.press('Enter')

      const refusal = line.getByRole('alert')
      await expect(refusal).toContainText(fill(nl.errors.insufficientStock, { amount: 3 }))
      await expect(refusal).toContainText(fill(nl.cart.refusal.maxQuantity, { amount: 3 }))
      await expect(refusal).toBeInViewport()
      await expect(field).toHaveValue('5')
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(page.locator('.pending-changes')).toHaveCount(0)
      await expect(page.getByRole('button', { name: nl.cart.pending.retry })).toHaveCount(0)
      // The line itself is as the server has it: 2 × 32.95.
      await expect(line.locator('.cart-line__total')).toContainText('65,90')

      await line.getByRole('button', { name: fill(nl.cart.refusal.setTo, { quantity: 3 }) }).click()
      await expect(field).toHaveValue('3')
      await expect(field).toBeFocused()
      await expect(refusal).toHaveCount(0)
      await expect(field).not.toHaveAttribute('aria-invalid')
      await expect(page.locator('.cost-overview__row--total')).toContainText('98,85')
      await expect(page.locator('.cost-overview__provisional')).toHaveCount(0)
    } finally {
      await stock(214)
    }
  })

  test('two tabs changing the cart offline send the shared queue once', async ({ context }) => {
    test.setTimeout(90_000)
    const first = await context.newPage()
    await first.goto(`${origin}${SPORT_MUESLI}`)
    await waitForServiceWorker(first)
    await first.getByRole('button', { name: nl.consent.decline }).click()
    await addToCart(first, `${origin}${SPORT_MUESLI}`, 1)
    await first.goto(`${origin}${CART}`)
    await hydrated(first)
    // Synced: the server's cart is made and its own total shown (not one worked out on the device).
    await expect(first.locator('.pending-changes')).toHaveCount(0, { timeout: 20_000 })
    await expect(first.locator('.cost-overview__row--total')).toBeVisible()
    await expect(first.locator('.cost-overview__provisional')).toHaveCount(0)
    const { cartId } = await deviceCart(first)
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/)
    const second = await context.newPage()
    // The old address: /cart/ still opens the cart.
    await second.goto(`${origin}/cart/`)
    await hydrated(second)
    await expect(second.locator('.cart-line')).toHaveCount(1)

    await server.stop({ keepData: true })
    await context.setOffline(true)
    const stepUp = (page: Page) =>
      page
        .locator('.cart-line')
        .getByRole('button', { name: fill(nl.cart.line.increase, { name: 'Sport Muesli' }) })
        .click()
    await stepUp(first)
    await expect(second.locator('.cart-line').getByRole('spinbutton')).toHaveValue('2')
    await stepUp(second)
    await expect(first.locator('.cart-line').getByRole('spinbutton')).toHaveValue('3')
    await expect(first.locator('.pending-change')).toHaveCount(2)

    server = await startServer(PORT, 'dist', server.dir)
    await context.setOffline(false)
    await expect(first.locator('.pending-changes')).toHaveCount(0, { timeout: 20_000 })
    await expect(second.locator('.pending-changes')).toHaveCount(0, { timeout: 20_000 })
    const serverCart = CartSchema.parse(await (await fetch(`http://localhost:${PORT}/api/cart/${cartId}`)).json())
    expect(serverCart.products.map((p) => [p.productVariantId, p.count])).toEqual([[101, 3]])
  })

  test('the cart has its language’s word in the address, /cart/ still opens it, and the switcher leads to the other sites’ carts', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const sites = [
      [origin, '', nl, CART],
      [`http://equivera-be.localhost:${PORT}`, '/fr', texts('fr-BE'), '/fr/panier/'],
      [`http://muehldorfer-de.localhost:${PORT}`, '', texts('de'), '/warenkorb/'],
    ] as const
    for (const [site, prefix, words, path] of sites) {
      await page.goto(`${site}${prefix}/`)
      await page.getByRole('link', { name: new RegExp(`^${words.header.cart} 0`) }).click()
      await expect(page).toHaveURL(`${site}${path}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.cart.title)
      await page.goto(`${site}${prefix}/cart/`)
      await expect(page).toHaveURL(`${site}${prefix}/cart/`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.cart.title)
    }

    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await page.getByText(nl.localization.choose).click()
    await expect(page.getByRole('link', { name: 'België - Français' })).toHaveAttribute(
      'href',
      `http://equivera-be.localhost:${PORT}/fr/panier/`,
    )
    await expect(page.getByRole('link', { name: 'België - Nederlands' })).toHaveAttribute(
      'href',
      `http://equivera-be.localhost:${PORT}/winkelmandje/`,
    )
    await page.getByRole('link', { name: 'Duitsland - Deutsch' }).first().click()
    await expect(page).toHaveURL(/\/warenkorb\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de').cart.title)
  })

  test('on a Danish site the euro amount that binds stands beside the indicative price and total, for eye and ear', async ({
    page,
  }) => {
    const dk = `http://equivera-dk.localhost:${PORT}`
    const da = texts('da')
    // What a screen reader says of a price: both amounts, each with what it is.
    const spoken = (dkk: number) =>
      fill(da.price.both, {
        indicative: formatMoney(dkk, 'DKK', 'da'),
        euro: formatMoney(toEuroCents(dkk, 'DKK'), 'EUR', 'da'),
      }).replaceAll('\u00a0', ' ')
    const heard = async (locator: Locator) => (await locator.ariaSnapshot()).replaceAll('\u00a0', ' ')

    await page.goto(`${dk}/musli/sportsmusli/`)
    await hydrated(page)
    await page.getByRole('button', { name: da.consent.decline }).click()
    // 32.95 € on the euro sites, 245.81 kr. here: it binds as 32.95 € again.
    await expect(page.locator('.product-page__price .price__euro').last()).toHaveText('32,95 €')
    expect(await heard(page.locator('.product-page__price'))).toContain(spoken(24581))
    await expect(page.locator('.indicative-price-notice')).toContainText('1,00 € = 7,46 kr.')

    await page.getByLabel(da.cart.add.quantity, { exact: true }).fill('2')
    await page.getByRole('button', { name: da.cart.add.button }).click()
    await expect(page.locator('.add-to-cart__message')).toContainText(da.messages.addedToCart)
    await page.goto(`${dk}/indkoebskurv/`)
    await hydrated(page)
    // The server's total: 2 × 245.81 + 69.00 shipping = 560.62 kr., binding as 75.15 €.
    const total = page.locator('.cost-overview__row--total')
    await expect(total).toContainText('560,62 kr.')
    await expect(page.locator('.cost-overview__provisional')).toHaveCount(0)
    await expect(total.locator('.price__euro')).toHaveText('75,15 €')
    expect(await heard(total)).toContain(spoken(56062))
    // Once, with the total: the other rows keep the mark only.
    await expect(page.locator('.cost-overview .price__euro')).toHaveCount(1)
  })

  test('the header’s cart link is named by what it shows, first its word and count, on a phone and a desktop', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${origin}${SPORT_MUESLI}`)
      const link = page.getByRole('link', { name: `${nl.header.cart} 0 ${nl.cart.mini.countMeaning}`, exact: true })
      await expect(link).toBeVisible()
      // What the eye reads there: the count alone on a phone, the word and the count on a desktop.
      const seen = await link.evaluate((element) =>
        [...element.children]
          .filter((child) => child.textContent?.trim() && child.getBoundingClientRect().width > 1)
          .map((child) => child.textContent!.trim())
          .join(' '),
      )
      expect(seen).toBe(width === 390 ? '0' : `${nl.header.cart} 0`)
    }
  })

  test('a discount code: refused with the reason by the field, applied with its line in the costs, removed', async ({
    page,
  }) => {
    await page.goto(`${origin}${SPORT_MUESLI}`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await addToCart(page, `${origin}${SPORT_MUESLI}`, 2)
    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    const field = page.getByRole('textbox', { name: nl.cart.discount.label })

    // Refused: the code stays in the field as typed, marked, with the reason and what to do right under it.
    await field.fill('zomer2025')
    await page.getByRole('button', { name: nl.cart.discount.apply }).click()
    const error = page.locator('#discount-code-error')
    await expect(error).toContainText(nl.errors.discountCodeExpired)
    await expect(error).toContainText(nl.cart.refusal.checkCode)
    await expect(field).toHaveValue('ZOMER2025')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAttribute('aria-describedby', 'discount-code-error')
    await expect(page.locator('.pending-changes')).toHaveCount(0)
    await expect(page.getByRole('button', { name: nl.cart.pending.retry })).toHaveCount(0)
    // After a reload too.
    await page.reload()
    await hydrated(page)
    await expect(field).toHaveValue('ZOMER2025')
    await expect(error).toContainText(nl.errors.discountCodeExpired)

    await field.fill('a b')
    await expect(error).toHaveCount(0)
    await page.getByRole('button', { name: nl.cart.discount.apply }).click()
    await expect(error).toHaveText(`${nl.errors.discountCodeUnknown} ${nl.cart.refusal.checkCode}`)

    await field.fill('welkom10')
    await page.getByRole('button', { name: nl.cart.discount.apply }).click()
    await expect(page.locator('.discount-code__current')).toContainText(
      fill(nl.cart.discount.applied, { code: 'WELKOM10' }),
    )
    // 2 × 32.95 = 65.90, less 10 % = 59.31; shipping free from 50.00.
    await expect(page.locator('.cost-overview')).toContainText(fill(nl.cart.discount.line, { code: 'WELKOM10' }))
    await expect(page.locator('.cost-overview__row--total')).toContainText('59,31')
    await page.getByRole('button', { name: nl.cart.discount.remove }).click()
    await expect(page.locator('.cost-overview__row--total')).toContainText('65,90')
    await expect(field).toBeVisible()
  })
})
