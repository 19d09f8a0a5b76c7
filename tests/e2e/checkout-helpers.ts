// What the checkout's browser tests share: a phone, the Dutch site, the billing form filled in as a guest with the
// address found by its postcode, the server's cart of the device, and the order placed (read back with its key).
import { expect, type Browser, type Frame, type Page } from '@playwright/test'
import { CartSchema, type Cart } from '../../src/domain/cart.ts'
import { OrderViewSchema, type OrderView } from '../../src/domain/orders.ts'
import { cartWithMuesli } from './cart-helpers.ts'
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

/** A new context on a 390 px phone, and its page. */
export async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  return { context, page: await context.newPage() }
}

/** The device's cart once its changes have all reached the server: its server id. */
export async function serverCartId(page: Page): Promise<string> {
  let cartId: string | null = null
  await expect
    .poll(async () => {
      const [cart] = (await storedRows(page, 'carts')) as { cartId: string | null }[]
      const outbox = (await storedRows(page, 'cartOutbox')) as unknown[]
      cartId = outbox.length === 0 ? (cart?.cartId ?? null) : null
      return cartId
    })
    .not.toBeNull()
  return cartId!
}

/** Two bags of muesli in the cart, billing details with a Dutch address set on the server's cart, the payment step open. */
export async function atPaymentStep(page: Page) {
  await cartWithMuesli(page, origin, 2)
  const cartId = await serverCartId(page)
  const status = await page.evaluate(async (id) => {
    const headers = { 'content-type': 'application/json', siteid: '1', languageid: '12' }
    const countries = (await (await fetch('/api/countries', { headers })).json()) as {
      countryId: number
      regionCode: string
    }[]
    const nlId = countries.find((c) => c.regionCode === 'NL')!.countryId
    const response = await fetch(`/api/cart/${id}/billing`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        firstName: 'Anna',
        lastName: 'de Vries',
        phoneNumber: '+31612345678',
        emailAddress: 'anna@example.nl',
        address: {
          zipcode: '3511 AB',
          street: 'Oudegracht',
          streetNumber: '1',
          streetNumberAddition: '',
          city: 'Utrecht',
          countryId: nlId,
        },
      }),
    })
    return response.status
  }, cartId)
  expect(status).toBe(204)
  await page.goto(`${origin}/checkout/payment/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.payment.title)
  return cartId
}

/** The payment step's button that places the order. */
export const placeButton = (page: Page) => page.getByRole('button', { name: nl.checkout.payment.place })

/** Chooses iDEAL and waits for the server to have it (the button is ready once the choice has been sent). */
export async function chooseIdeal(page: Page) {
  await page.getByRole('radio', { name: nl.checkout.paymentMethods.ideal }).check()
  // Sent first: "enabled" checked before the change is queued could pass just before the button waits for it.
  await expect.poll(async () => (await storedRows(page, 'cartOutbox')).length).toBe(0)
  // The bank list under iDEAL comes with the methods from the server and moves the button down when it appears.
  await expect(page.getByLabel(nl.checkout.payment.issuer)).toBeVisible()
  await expect(placeButton(page)).toBeEnabled()
}
