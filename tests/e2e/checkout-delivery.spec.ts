import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { CartSchema, type Cart } from '../../src/domain/cart.ts'
import { CART, cartWithMuesli } from './cart-helpers.ts'
import { events, hydrated, nl, storedRows, texts, waitForServiceWorker } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

// The checkout's delivery step on a 390 px phone, from a product page through the real billing form: home delivery
// adds nothing to fill in, a DPD pickup point found by its city is stored with its id (shipping method 1) and shown
// again on return, another address is stored and flagged, and the payment step refuses a pickup delivery without a
// point. Without the network the step keeps what was typed and says it cannot go on.

const PORT = E2E_PORT
const origin = `http://equivera-nl.localhost:${PORT}`
const PHONE = { width: 390, height: 844 }
const d = nl.checkout.delivery

const deviceCartId = async (page: Page) => ((await storedRows(page, 'carts')) as { cartId: string }[])[0]!.cartId
const serverCart = async (page: Page): Promise<Cart> =>
  CartSchema.parse(await (await fetch(`http://localhost:${PORT}/api/cart/${await deviceCartId(page)}`)).json())

/** From a product page to the delivery step, through the billing form as a guest on a phone. */
async function toDelivery(page: Page, options: { pickupOnCartPage?: boolean } = {}) {
  await page.setViewportSize(PHONE)
  await cartWithMuesli(page, origin, 1)
  if (options.pickupOnCartPage) {
    // The radio follows the device's cart, which changes a moment after the click.
    const pickup = page.getByRole('radio', { name: new RegExp(nl.cart.delivery.pickupPoint) })
    await pickup.click()
    await expect(pickup).toBeChecked()
    // Sent to the server before the checkout reads the cart.
    await expect.poll(async () => (await storedRows(page, 'cartOutbox')).length).toBe(0)
  }
  await page.getByRole('link', { name: nl.cart.checkout }).click()
  await expect(page).toHaveURL(`${origin}/checkout/billing/`)
  const b = nl.checkout.billing
  await page.getByLabel(b.firstName, { exact: true }).fill('Anna')
  await page.getByLabel(b.lastName, { exact: true }).fill('de Vries')
  await page.getByLabel(b.email, { exact: true }).fill('anna@example.nl')
  await page.getByLabel(b.phone, { exact: true }).fill('0612345678')
  await page.getByRole('combobox', { name: nl.checkout.address.search }).fill('1011')
  await page.getByRole('option', { name: 'Prins Bernhardlaan 1, 1011 WU Amsterdam' }).click()
  await expect(page.getByTestId('billing-address-found')).toContainText('1011 WU')
  await page.getByRole('button', { name: b.next }).click()
  await expect(page).toHaveURL(`${origin}/checkout/delivery/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.title)
}

const choice = (page: Page, text: string) => page.getByRole('radio', { name: new RegExp(text) })
const atPayment = async (page: Page) => {
  await expect(page).toHaveURL(`${origin}/checkout/payment/`)
  await expect(page.locator('.checkout-steps li.is-current')).toContainText(nl.checkout.steps.payment)
}

test.describe('the checkout’s delivery step', () => {
  test('home delivery goes to the billing address with nothing to fill in, and on to payment', async ({ page }) => {
    await toDelivery(page)
    await expect(choice(page, d.choice.home)).toBeChecked()
    expect(await page.getByTestId('home-address').innerText()).toBe(
      'Anna de Vries\nPrins Bernhardlaan 1\n1011 WU Amsterdam',
    )
    // Every choice says what it costs this cart.
    await expect(page.locator('.delivery-option__price')).toHaveCount(3)
    // Nothing to type for the usual delivery.
    await expect(page.locator('.checkout-form').getByRole('textbox')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('nl-home.png'), fullPage: true })

    await page.getByRole('button', { name: d.next }).click()
    await atPayment(page)
    const cart = await serverCart(page)
    expect(cart.shipping?.shippingMethod ?? 0).toBe(0)
    expect(cart.alternativeShippingAddress).toBe(false)
    const [shipping] = await events(page, 'add_shipping_info')
    expect(shipping?.ecommerce).toMatchObject({ shipping_tier: 'home', currency: 'EUR' })
  })

  test('a DPD pickup point found by its city is stored with its id, shown again, and the cart page agrees', async ({
    page,
  }) => {
    await toDelivery(page)
    await choice(page, d.choice.pickup).check()
    await page.getByLabel(d.pickupSearch).fill('Amsterdam')
    await page.getByRole('button', { name: d.find, exact: true }).click()
    const points = page.locator('.pickup-point')
    await expect(points.first()).toBeVisible()
    expect(await points.count()).toBeGreaterThan(1)
    await expect(page.getByRole('heading', { name: d.pointsNear.replace('{{term}}', 'Amsterdam') })).toBeVisible()
    // Nearest first, in the language's number format.
    const distances = await page
      .locator('.pickup-point__distance')
      .allTextContents()
      .then((all) => all.map((text) => Number(text.split(' ')[0]!.replace(',', '.'))))
    expect(distances).toEqual(distances.toSorted((a, b) => a - b))

    // Sent without a point, the step asks for one.
    await page.getByRole('button', { name: d.next }).click()
    await expect(page.locator('#pickup-points-error')).toHaveText(d.choosePoint)
    await expect(page).toHaveURL(`${origin}/checkout/delivery/`)

    const first = points.first()
    await first.getByRole('radio').check()
    const parcelShopId = await first.getByRole('radio').getAttribute('value')
    await first.getByText(d.openingHours).click()
    await expect(first.locator('.pickup-point__hours dl')).toContainText(d.days.monday)
    // Readable on the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: test.info().outputPath('nl-pickup.png'), fullPage: true })
    await page.locator('.checkout__main').screenshot({ path: test.info().outputPath('nl-pickup-main.png') })
    // The choices, the search and the list with its hours open pass axe's WCAG A/AA rules and best practices.
    const axe = await new AxeBuilder({ page })
      .include('.checkout__main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

    await page.getByRole('button', { name: d.next }).click()
    await atPayment(page)
    const cart = await serverCart(page)
    expect(cart.shipping?.shippingMethod).toBe(1)
    expect(cart.dpdParcelShopId).toBe(parcelShopId)
    expect(cart.dpdParcelShopZipcodeOrCity).toBe('Amsterdam')
    expect((await events(page, 'add_shipping_info')).at(-1)?.ecommerce.shipping_tier).toBe('pickup_point')

    // Back at the step, the cart's point is the chosen one.
    await page.getByRole('link', { name: new RegExp(nl.checkout.steps.delivery) }).click()
    await expect(page).toHaveURL(`${origin}/checkout/delivery/`)
    await expect(choice(page, d.choice.pickup)).toBeChecked()
    await expect(page.locator(`.pickup-point input[value="${parcelShopId}"]`)).toBeChecked()

    // The cart page shows the same delivery.
    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    await expect(page.getByRole('radio', { name: new RegExp(nl.cart.delivery.pickupPoint) })).toBeChecked()
  })

  test('another address is stored and flagged, and kept on the device while the network is gone', async ({
    page,
    context,
  }) => {
    await toDelivery(page)
    await choice(page, d.choice.alternative).check()
    // The parcel is for the billing person until another recipient is typed.
    await expect(page.getByLabel(d.recipientFirstName)).toHaveValue('Anna')
    await expect(page.getByLabel(d.recipientLastName)).toHaveValue('de Vries')
    await page.getByRole('button', { name: nl.checkout.address.manual }).click()
    const a = nl.checkout.address
    await page.getByLabel(a.zipcode, { exact: true }).fill('3511ab')
    await page.getByLabel(a.city, { exact: true }).fill('Utrecht')
    await page.getByLabel(a.street, { exact: true }).fill('Oudegracht')

    // Offline: the notice, a button that says why it cannot go on, and what was typed kept on the device.
    await context.setOffline(true)
    await expect(page.getByRole('button', { name: d.needsNetwork })).toBeDisabled()
    await expect(page.locator('.checkout__offline')).toHaveText(nl.checkout.offline)
    await page.getByLabel(a.number, { exact: true }).fill('12')
    await expect
      .poll(async () =>
        ((await storedRows(page, 'checkoutDrafts')) as { key: string; values: Record<string, unknown> }[]).find((r) =>
          r.key.endsWith(':delivery'),
        ),
      )
      .toMatchObject({
        values: { choice: 'alternative', 'address.street': 'Oudegracht', 'address.streetNumber': '12' },
      })
    expect((await serverCart(page)).alternativeShippingAddress).toBe(false)
    await context.setOffline(false)

    await page.getByRole('button', { name: d.next }).click()
    await atPayment(page)
    const cart = await serverCart(page)
    expect(cart.alternativeShippingAddress).toBe(true)
    expect(cart.shipping?.shippingMethod).toBe(0)
    expect(cart.shipping?.address).toMatchObject({
      zipcode: '3511 AB',
      city: 'Utrecht',
      street: 'Oudegracht',
      streetNumber: '12',
      firstName: 'Anna',
      lastName: 'de Vries',
    })
    expect((await events(page, 'add_shipping_info')).at(-1)?.ecommerce.shipping_tier).toBe('alternative')

    await page.goto(`${origin}/checkout/delivery/`)
    await expect(choice(page, d.choice.alternative)).toBeChecked()
    await expect(page.getByTestId('shipping-address-found')).toContainText('Oudegracht 12')
  })

  test('the payment step sends a pickup delivery without a point back to the delivery step', async ({ page }) => {
    await toDelivery(page, { pickupOnCartPage: true })
    // The cart page's choice is the step's.
    await expect(choice(page, d.choice.pickup)).toBeChecked()
    expect((await serverCart(page)).shipping?.shippingMethod).toBe(1)
    await page.goto(`${origin}/checkout/payment/`)
    await expect(page).toHaveURL(`${origin}/checkout/delivery/`)
    await expect(choice(page, d.choice.pickup)).toBeChecked()
  })

  test('in German on a phone: the choices and the pickup points with translated days', async ({ page }) => {
    const de = texts('de')
    const site = `http://muehldorfer-de.localhost:${PORT}`
    await page.setViewportSize(PHONE)
    await page.goto(`${site}/pellets/fohlen-und-aufzuchtpellets/`)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: de.consent.decline }).click()
    await hydrated(page)
    await page.getByRole('button', { name: de.cart.add.button }).click()
    await expect(page.locator('.add-to-cart__message')).toContainText(de.messages.addedToCart)
    await page.goto(`${site}/checkout/billing/`)
    const b = de.checkout.billing
    const a = de.checkout.address
    await page.getByLabel(b.firstName, { exact: true }).fill('Jonas')
    await page.getByLabel(b.lastName, { exact: true }).fill('Müller')
    await page.getByLabel(b.email, { exact: true }).fill('jonas@example.de')
    await page.getByLabel(b.phone, { exact: true }).fill('030 1234567')
    await page.getByRole('button', { name: a.manual }).click()
    await page.getByLabel(a.zipcode, { exact: true }).fill('10115')
    await page.getByLabel(a.city, { exact: true }).fill('Berlin')
    await page.getByLabel(a.street, { exact: true }).fill('Invalidenstraße')
    await page.getByLabel(a.number, { exact: true }).fill('3')
    await page.getByRole('button', { name: b.next }).click()
    await expect(page).toHaveURL(`${site}/checkout/delivery/`)
    const dd = de.checkout.delivery
    expect(await page.getByTestId('home-address').innerText()).toBe('Jonas Müller\nInvalidenstraße 3\n10115 Berlin')
    await page.screenshot({ path: test.info().outputPath('de-home.png'), fullPage: true })
    await page.getByRole('radio', { name: new RegExp(dd.choice.pickup) }).check()
    await page.getByLabel(dd.pickupSearch).fill('Berlin')
    await page.getByLabel(dd.pickupSearch).press('Enter')
    const first = page.locator('.pickup-point').first()
    await first.getByRole('radio').check()
    await first.getByText(dd.openingHours).click()
    await expect(first.locator('.pickup-point__hours dl')).toContainText(dd.days.monday)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: test.info().outputPath('de-pickup.png'), fullPage: true })
    await page
      .locator('.pickup-point')
      .first()
      .screenshot({ path: test.info().outputPath('de-pickup-point.png') })
  })
})
