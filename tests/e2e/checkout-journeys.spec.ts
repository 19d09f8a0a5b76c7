import { expect, test, type Page } from '@playwright/test'
import { formatMoney } from '../../src/domain/locale.ts'
import { addToCart, CART, cartWithMuesli } from './cart-helpers.ts'
import {
  atStep,
  fillBilling,
  formFields,
  origin,
  PHONE,
  readOrder,
  watchCompletePage,
  serverCart,
} from './checkout-helpers.ts'
import { hydrated, nl, storedRows, waitForServiceWorker } from './helpers.ts'

// Whole journeys on a 390 px phone, each from a product page through the app's real screens to the complete page,
// against the real server and its built-in test payment provider: iDEAL with a bank; a gift card for part and iDEAL
// for the rest; a gift card that pays everything (no provider); a 100 % code on a scan-only cart (nothing to pay);
// a scan-only cart (no delivery step, the scan's own success text); and another delivery address.

test.use({ viewport: PHONE })
// A journey passes five screens and the provider's page; well within this on the phone-sized test machine.
test.setTimeout(60_000)

const p = nl.checkout.payment
const HYGIENE_SCAN = '/ruwvoeranalyse-bestellen/hooi-hygiene-scan/' // a quick scan (Qs), 34.95, no shipping
const euro = (cents: number) => formatMoney(cents, 'EUR', 'nl')

const placeButton = (page: Page) => page.getByRole('button', { name: p.place })
const completeButton = (page: Page) => page.getByRole('button', { name: p.complete })

/** Presses the button that places the order; answers the order's id and key once its complete page is reached. */
async function placeOrder(page: Page, button: string) {
  const complete = watchCompletePage(page)
  await page.getByRole('button', { name: button }).click()
  return complete
}

/** From the cart page to the billing step. */
async function toBilling(page: Page) {
  await expect.poll(async () => (await storedRows(page, 'cartOutbox')).length).toBe(0)
  await page.getByRole('link', { name: nl.cart.checkout }).click()
  await atStep(page, 'billing')
}

/** Billing filled in, home delivery: at the payment step. */
async function toPayment(page: Page) {
  await toBilling(page)
  await fillBilling(page)
  await page.getByRole('button', { name: nl.checkout.billing.next }).click()
  await atStep(page, 'delivery')
  await page.getByRole('button', { name: nl.checkout.delivery.next }).click()
  await atStep(page, 'payment')
}

/** A quick scan in the cart with its sample named on the cart page (the checkout waits for every name). */
async function cartWithScan(page: Page) {
  await page.goto(`${origin}${HYGIENE_SCAN}`)
  await waitForServiceWorker(page)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  await addToCart(page, `${origin}${HYGIENE_SCAN}`, 1)
  await page.goto(`${origin}${CART}`)
  await hydrated(page)
  const sample = page.getByLabel(nl.cart.line.sampleName.replace('{{sequence}}', '1'))
  await sample.fill('Hooi weide noord')
  await sample.blur()
  await expect.poll(async () => (await storedRows(page, 'cartOutbox')).length).toBe(0)
}

async function chooseIdeal(page: Page, bank?: string) {
  await page.getByRole('radio', { name: nl.checkout.paymentMethods.ideal }).check()
  // The method is a queued cart change: the button waits while it is sent. Checked before the change is even queued,
  // "enabled" could pass and the press then land on a button just disabled for the sending.
  await expect.poll(async () => (await storedRows(page, 'cartOutbox')).length).toBe(0)
  // The banks come with the methods from the server; the list under iDEAL moves the button down when it appears.
  await expect(page.getByLabel(p.issuer)).toBeVisible()
  if (bank) await page.getByLabel(p.issuer).selectOption({ label: bank })
  await expect(placeButton(page)).toBeEnabled()
}

/** On the provider's test page: paid; back on the complete page, paid. */
async function payAtProvider(page: Page) {
  await expect(page).toHaveURL(/\/payments\/test\/tst_/)
  await page.getByRole('button', { name: nl.payments.testPage.paid }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
}

async function checkGiftCard(page: Page, number: string, pin: string) {
  await page.getByRole('checkbox', { name: new RegExp(nl.checkout.paymentMethods.giftcard) }).check()
  await page.getByLabel(p.giftCard.number).fill(number)
  await page.getByLabel(p.giftCard.pin).fill(pin)
  await page.getByRole('button', { name: p.giftCard.check, exact: true }).click()
}

const toPayText = (page: Page) => page.locator('.payment-step__total strong')

test.describe('checkout journeys', () => {
  test('a guest, home delivery, iDEAL with a bank: paid, the order number and the invoice', async ({ page }) => {
    await cartWithMuesli(page, origin, 1)
    await toBilling(page)
    // What a guest fills in from the cart to the payment step, by the rule of formFields (text, list and checkbox
    // inputs on billing and delivery; radio groups with their default and buttons not counted): at most 8.
    let fields = await formFields(page)
    await fillBilling(page)
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await atStep(page, 'delivery')
    fields += await formFields(page)
    expect(fields).toBeLessThanOrEqual(8)
    await page.getByRole('button', { name: nl.checkout.delivery.next }).click()
    await atStep(page, 'payment')

    await chooseIdeal(page, 'ING')
    const bank = page.getByLabel(p.issuer)
    await expect(bank).toHaveAttribute('autocomplete', 'off')
    await page.screenshot({ path: test.info().outputPath('ideal-bank.png'), fullPage: true })

    const placing = placeOrder(page, p.place)
    await payAtProvider(page)
    const order = await readOrder(await placing)
    expect([order.status, order.paymentIssuer]).toEqual(['paid', 'ideal_INGBNL2A'])
    await expect(
      page.getByText(nl.checkout.complete.orderNumber.replace('{{number}}', String(order.orderNumber))),
    ).toBeVisible()
    const invoice = page.getByRole('link', { name: nl.checkout.complete.invoice })
    await expect(invoice).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('ideal-complete.png'), fullPage: true })
    const href = (await invoice.getAttribute('href'))!
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url)
      return [response.status, response.headers.get('content-type')]
    }, href)
    expect(pdf).toEqual([200, expect.stringContaining('application/pdf')])
  })

  test('a gift card pays part, iDEAL the rest: paid, the order shows the card’s part', async ({ page }) => {
    await cartWithMuesli(page, origin, 2)
    await toPayment(page)
    const total = await toPayText(page).textContent()

    // A wrong pin: the one message beside the fields, nothing kept.
    await checkGiftCard(page, '6280 0100 0000 0017', '000000')
    await expect(page.locator('#gift-card-error')).toHaveText(nl.validation.giftCardInvalid)
    await expect(page.getByLabel(p.giftCard.pin)).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel(p.giftCard.number)).toHaveAttribute('inputmode', 'numeric')
    await expect(page.getByLabel(p.giftCard.pin)).toHaveAttribute('autocomplete', 'off')

    await page.getByLabel(p.giftCard.pin).fill('123456')
    await page.getByRole('button', { name: p.giftCard.check, exact: true }).click()
    const card = page.getByTestId('gift-card')
    await expect(card).toContainText('•••• 0017')
    const cart = await serverCart(page)
    expect(cart.giftCard).toEqual({ giftCardNumber: '•••• 0017' })
    // The amount before the button is what is left after the card.
    const totalCents = Math.round(Number(total!.replace(/[^\d,]/g, '').replace(',', '.')) * 100)
    await expect(card).toContainText(
      p.giftCard.pays.replace('{{amount}}', euro(2500)).replace('{{left}}', euro(totalCents - 2500)),
    )
    await expect(toPayText(page)).toHaveText(euro(totalCents - 2500))
    // The summary (open at this step) names the card's part and what is left to pay under the costs.
    const summary = page.locator('.checkout-summary__gift-card')
    await expect(summary).toContainText(nl.checkout.summary.giftCard.replace('{{card}}', '•••• 0017'))
    await expect(summary).toContainText(nl.checkout.summary.toPay)
    await expect(summary).toContainText(
      euro(totalCents - 2500)
        .replace('€', '')
        .trim(),
    )
    await expect(page.getByRole('group', { name: p.methodsRest })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('gift-card-part.png'), fullPage: true })

    // Another method for the rest.
    await placeButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: p.methodRequired })).toBeVisible()
    await chooseIdeal(page)
    const placing = placeOrder(page, p.place)
    await payAtProvider(page)
    const order = await readOrder(await placing)
    expect(order.status).toBe('paid')
    expect(order.totals).toMatchObject({ giftCardAmount: 2500, paymentAmount: order.totals.totalAmount - 2500 })
    expect(order.totals.totalAmount).toBe(totalCents)
  })

  test('a gift card with the whole amount: no provider, the order paid at once', async ({ page }) => {
    await cartWithMuesli(page, origin, 1)
    await toPayment(page)
    await checkGiftCard(page, '6280010000000025', '234567')
    await expect(page.getByTestId('gift-card')).toContainText('•••• 0025')
    await expect(page.getByText(p.giftCard.paysAll)).toBeVisible()
    await expect(page.getByRole('radio')).toHaveCount(0)
    await expect(toPayText(page)).toHaveText(euro(0))
    await page.screenshot({ path: test.info().outputPath('gift-card-all.png'), fullPage: true })

    // No provider's page: straight to the complete page, paid.
    const placed = await placeOrder(page, p.complete)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
    const order = await readOrder(placed)
    expect(order.status).toBe('paid')
    expect(order.totals.giftCardAmount).toBe(order.totals.totalAmount)
    expect(order.totals.paymentAmount).toBe(0)
  })

  test('a 100 % code on a scan-only cart: nothing to pay, completed without a payment', async ({ page }) => {
    // Goods keep their shipping costs under a 100 % code; a quick scan has none, so its total becomes 0.
    await cartWithScan(page)
    await toBilling(page)
    await fillBilling(page)
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await atStep(page, 'payment')
    await page.getByRole('textbox', { name: nl.cart.discount.label }).fill('PROEF100')
    await page.getByRole('button', { name: nl.cart.discount.apply }).click()
    await expect(page.getByText(p.nothingToPay)).toBeVisible()
    await expect(page.getByRole('radio')).toHaveCount(0)
    await expect(completeButton(page)).toBeEnabled()
    await page.screenshot({ path: test.info().outputPath('zero-total.png'), fullPage: true })

    const placed = await placeOrder(page, p.complete)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
    const order = await readOrder(placed)
    expect([order.status, order.totals.totalAmount]).toEqual(['paid', 0])
  })

  test('a scan-only cart: no delivery step, billing then payment, the scan’s own success text', async ({ page }) => {
    await cartWithScan(page)
    await toBilling(page)
    await expect(page.locator('.checkout-steps li')).toHaveText([/Gegevens/, /Betalen/])
    await fillBilling(page)
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await atStep(page, 'payment')
    await chooseIdeal(page)
    const placing = placeOrder(page, p.place)
    await payAtProvider(page)
    // The site's success page for scans (seeded content): what happens with the samples, no delivery text.
    await expect(page.getByRole('heading', { level: 2, name: 'Zo gaat het verder' })).toBeVisible()
    await expect(page.getByText(/monsterzakjes en een retourenvelop/)).toBeVisible()
    await expect(page.getByText(nl.checkout.complete.delivery)).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('scan-complete.png'), fullPage: true })
    expect((await readOrder(await placing)).status).toBe('paid')
  })

  test('another delivery address: the order is shipped there, to another recipient', async ({ page }) => {
    await cartWithMuesli(page, origin, 1)
    await toBilling(page)
    await fillBilling(page)
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await atStep(page, 'delivery')
    await page.getByRole('radio', { name: new RegExp(nl.checkout.delivery.choice.alternative) }).check()
    await page.getByRole('button', { name: nl.checkout.address.manual }).click()
    const a = nl.checkout.address
    await page.getByLabel(a.zipcode, { exact: true }).fill('3511ab')
    await page.getByLabel(a.city, { exact: true }).fill('Utrecht')
    await page.getByLabel(a.street, { exact: true }).fill('Oudegracht')
    await page.getByLabel(a.number, { exact: true }).fill('12')
    // The parcel is for the billing person until another name is typed.
    const first = page.getByLabel(nl.checkout.delivery.recipientFirstName)
    await expect(first).toHaveValue('Anna')
    await first.fill('Bram')
    await page.getByLabel(nl.checkout.delivery.recipientLastName).fill('Jansen')
    await page.screenshot({ path: test.info().outputPath('alternative-address.png'), fullPage: true })
    await page.getByRole('button', { name: nl.checkout.delivery.next }).click()
    await atStep(page, 'payment')
    await chooseIdeal(page)
    const placing = placeOrder(page, p.place)
    await payAtProvider(page)
    const order = await readOrder(await placing)
    expect(order.shippingAddress).toMatchObject({
      zipcode: '3511 AB',
      city: 'Utrecht',
      street: 'Oudegracht',
      streetNumber: '12',
      firstName: 'Bram',
      lastName: 'Jansen',
    })
    expect(order.billingAddress).toMatchObject({ zipcode: '1011 WU', street: 'Prins Bernhardlaan' })
  })
})
