import { expect, test, type Page } from '@playwright/test'
import { openDatabase } from '../../src/server/db/database.ts'
import { setStock } from '../../src/server/catalogue/catalogue.repository.ts'
import { CartSchema } from '../../src/domain/cart.ts'
import { addToCart, CART, cartWithMuesli, SPORT_MUESLI } from './cart-helpers.ts'
import { events, fill, hydrated, nl, storedProducts, storedRows, waitForServiceWorker } from './helpers.ts'
import { startServer, type RunningServer } from './server.ts'
import { ownPort } from './ports.ts'

// The cart's changes sent in a real Chromium to a server of its own (the tests stop it and change its stock): filled
// online; changed with no network at all (server stopped, browser offline, service worker in charge), through a
// reload; and when the network returns, the server's cart is exactly the device's — nothing lost, nothing doubled —
// while an addition of a product that sold out meanwhile is shown refused, with its reason, where its line would be.
// A quantity above the stock is refused by its line, keeping what was typed; two tabs send their shared queue once.

const APPLE_TREATS = '/snoepjes/appelsnoepjes/' // variant 3001, "3 + 1 gratis"
const HOOF_OIL = '/verzorging/hoefolie-met-laurier/' // variant 3201
const ELECTROLYTES = '/supplementen/elektrolyten/' // variant 2501
const ELECTROLYTES_VARIANT = 2501

const badge = (page: Page) => page.locator('.mini-cart__count')
const lineNames = (page: Page) => page.locator('.cart-line__name').allTextContents()

/** The device's cart: its server id and the lines with the waiting changes not yet applied on the server. */
async function deviceCart(page: Page) {
  const [cart] = (await storedRows(page, 'carts')) as { cartId: string }[]
  return cart!
}

test.describe('the cart’s sending', () => {
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
    await cartWithMuesli(first, origin, 1)
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
    // Both changes reach the server once each (a tab lists its waiting changes only while its sending fails, so the
    // server is asked until the other tab's change is in too).
    const serverCount = async () =>
      CartSchema.parse(await (await fetch(`http://localhost:${PORT}/api/cart/${cartId}`)).json()).products.map((p) => [
        p.productVariantId,
        p.count,
      ])
    await expect.poll(serverCount, { timeout: 20_000 }).toEqual([[101, 3]])
    await expect(first.locator('.cart-line').getByRole('spinbutton')).toHaveValue('3')
  })
})
