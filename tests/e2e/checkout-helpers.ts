// What the checkout's browser tests share: a phone, the Dutch site, the billing form filled in as a guest with the
// address found by its postcode, the server's cart of the device, and the order placed (read back with its key).
import { expect, type Frame, type Page } from '@playwright/test'
import { CartSchema, type Cart } from '../../src/domain/cart.ts'
import { OrderViewSchema, type OrderView } from '../../src/domain/orders.ts'
import { nl, storedRows } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

export const PHONE = { width: 390, height: 844 }
export const origin = `http://equivera-nl.localhost:${E2E_PORT}`
export const HOME_ADDRESS = 'Prins Bernhardlaan 1, 1011 WU Amsterdam'

export const deviceCartId = async (page: Page) => ((await storedRows(page, 'carts')) as { cartId: string }[])[0]!.cartId
export const serverCart = async (page: Page): Promise<Cart> =>
  CartSchema.parse(await (await fetch(`http://localhost:${E2E_PORT}/api/cart/${await deviceCartId(page)}`)).json())

/** The billing form of a guest: name, e-mail, phone and the address found by searching for `1011`. */
export async function fillBilling(page: Page, email = 'anna@example.nl') {
  const b = nl.checkout.billing
  await page.getByLabel(b.firstName, { exact: true }).fill('Anna')
  await page.getByLabel(b.lastName, { exact: true }).fill('de Vries')
  await page.getByLabel(b.email, { exact: true }).fill(email)
  await page.getByLabel(b.phone, { exact: true }).fill('0612345678')
  await page.getByRole('combobox', { name: nl.checkout.address.search }).fill('1011')
  await page.getByRole('option', { name: HOME_ADDRESS }).click()
  await expect(page.getByTestId('billing-address-found')).toContainText('1011 WU')
}

export const atStep = async (page: Page, step: 'billing' | 'delivery' | 'payment') => {
  await expect(page).toHaveURL(`${origin}/checkout/${step}/`)
  await expect(page.locator('.checkout-steps li.is-current')).toContainText(nl.checkout.steps[step])
}

/**
 * The fields a shopper fills in on a step: visible text, list and checkbox inputs. Radio groups (a choice with its
 * default already made) and buttons are not counted.
 */
export const formFields = (page: Page) =>
  page
    .locator('main')
    .locator('input:visible:not([type=radio]):not([type=hidden]):not([type=submit]), select:visible, textarea:visible')
    .count()

/** An order placed in the browser, as the complete page's address names it (with its key, before the page drops it). */
export interface PlacedRef {
  orderId: string
  orderKey: string
}

/**
 * Watches for the complete page of the order this page places (reached from the provider's page or, with nothing to
 * pay, straight from the payment step) and answers the order's id and key from its address.
 */
export function watchCompletePage(page: Page): Promise<PlacedRef> {
  return new Promise((resolve) => {
    const seen = (frame: Frame) => {
      if (frame !== page.mainFrame()) return
      const url = new URL(frame.url())
      const [orderId, orderKey] = [url.searchParams.get('id'), url.searchParams.get('key')]
      if (!url.pathname.endsWith('/checkout/complete/') || !orderId || !orderKey) return
      page.off('framenavigated', seen)
      resolve({ orderId, orderKey })
    }
    page.on('framenavigated', seen)
  })
}

/** The order as its owner reads it with its key. */
export async function readOrder(order: PlacedRef): Promise<OrderView> {
  const response = await fetch(
    `http://localhost:${E2E_PORT}/api/orders/${order.orderId}?key=${encodeURIComponent(order.orderKey)}`,
  )
  expect(response.status).toBe(200)
  return OrderViewSchema.parse(await response.json())
}
