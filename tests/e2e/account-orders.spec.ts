// The account's orders and information in the browser, on a server of its own whose mails reach a real SMTP listener
// (account-helpers.ts): a signed-in shopper places an order and finds it under their orders with its detail; the
// invoice link answers a PDF once paid; reorder fills the cart, online and offline (queued, sent when the network is
// back); the phone number changed and saved; the password changed and signed in with. On a 390 px phone.
import { expect, test, type Page } from '@playwright/test'
import { addToCart, CART, SPORT_MUESLI } from './cart-helpers.ts'
import { fillBilling, PHONE } from './checkout-helpers.ts'
import { hydrated, nl, storedRows, waitForServiceWorker } from './helpers.ts'
import {
  accountServer,
  mailedLink,
  newAccount,
  registerAndActivateByApi,
  signIn,
  uniqueEmail,
  waitForMail,
} from './account-helpers.ts'

const server = accountServer(7)
const orders = nl.account.orders
const info = nl.account.information

test.use({ viewport: PHONE })
// Registering, a checkout with the provider's page and three reorders on a phone-sized test machine.
test.setTimeout(90_000)

/** The cart's lines as the device holds them, by variant: the server's as last read plus the additions queued. */
const deviceLines = async (page: Page) => {
  const [cart] = (await storedRows(page, 'carts')) as {
    base: { products: { productVariantId: number; count: number }[] }
  }[]
  const lines: Record<number, number> = {}
  for (const p of cart?.base.products ?? []) lines[p.productVariantId] = p.count
  const queued = (await storedRows(page, 'cartOutbox')) as {
    mutation: { type: string; productVariantId: number; quantity: number }
  }[]
  for (const { mutation } of queued)
    if (mutation.type === 'add')
      lines[mutation.productVariantId] = (lines[mutation.productVariantId] ?? 0) + mutation.quantity
  return lines
}
const outbox = async (page: Page) => (await storedRows(page, 'cartOutbox')).length

/** A GET from the page (its cookies, its *.localhost origin, which Node cannot resolve): status, type, body. */
const getInPage = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url)
    const bytes = new Uint8Array(await res.arrayBuffer())
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      text: new TextDecoder().decode(bytes),
      head: String.fromCharCode(...bytes.subarray(0, 5)),
    }
  }, path)

/** From the cart page through billing, delivery and iDEAL to the provider's page, paid: answers the order number. */
async function checkOut(page: Page, origin: string, email: string): Promise<string> {
  await expect.poll(() => outbox(page)).toBe(0)
  await page.getByRole('link', { name: nl.cart.checkout }).click()
  await expect(page).toHaveURL(new RegExp(`^${origin}/checkout/(login|billing)/`))
  if (page.url().includes('/checkout/login/')) await page.goto(`${origin}/checkout/billing/`)
  await hydrated(page).catch(() => undefined)
  // A signed-in shopper's details may be filled in already: the form is filled in as a guest's either way.
  const emailField = page.getByLabel(nl.checkout.billing.email, { exact: true })
  if (await emailField.isEditable().catch(() => false)) await fillBilling(page, email)
  else await fillBillingWithoutEmail(page)
  await page.getByRole('button', { name: nl.checkout.billing.next }).click()
  await expect(page).toHaveURL(`${origin}/checkout/delivery/`)
  await page.getByRole('button', { name: nl.checkout.delivery.next }).click()
  await expect(page).toHaveURL(`${origin}/checkout/payment/`)
  await page.getByRole('radio', { name: nl.checkout.paymentMethods.ideal }).check()
  await expect(page.getByLabel(nl.checkout.payment.issuer)).toBeVisible()
  await page.getByLabel(nl.checkout.payment.issuer).selectOption({ label: 'ING' })
  const place = page.getByRole('button', { name: nl.checkout.payment.place })
  await expect(place).toBeEnabled()
  await place.click()
  await expect(page).toHaveURL(/\/payments\/test\/tst_/)
  await page.getByRole('button', { name: nl.payments.testPage.paid }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
  // Its number, as the account's orders answer it (the page's cookies: the signed-in session).
  const list = JSON.parse((await getInPage(page, '/api/account/orders')).text) as { orderNumber: number }[]
  expect(list).toHaveLength(1)
  return String(list[0]!.orderNumber)
}

/** The billing form when the e-mail address is the account's own (not a field then). */
async function fillBillingWithoutEmail(page: Page) {
  const b = nl.checkout.billing
  await page.getByLabel(b.firstName, { exact: true }).fill('Anna')
  await page.getByLabel(b.lastName, { exact: true }).fill('de Vries')
  await page.getByLabel(b.phone, { exact: true }).fill('0612345678')
  const search = page.getByRole('combobox', { name: nl.checkout.address.search })
  if (await search.isVisible()) {
    await search.fill('1011')
    await page.getByRole('option', { name: 'Prins Bernhardlaan 1, 1011 WU Amsterdam' }).click()
  }
}

test('a signed-in shopper finds the order, its invoice PDF, and orders it again online and offline', async ({
  page,
  request,
}) => {
  const origin = server.origin()
  const account = newAccount('bestelt')
  await registerAndActivateByApi(request, server, account)
  await page.goto(`${origin}${SPORT_MUESLI}`)
  await waitForServiceWorker(page)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  await signIn(page, origin, account)

  await addToCart(page, `${origin}${SPORT_MUESLI}`, 2)
  await page.goto(`${origin}${CART}`)
  await hydrated(page)
  const number = await checkOut(page, origin, account.emailAddress)

  // The list: the order, paid, with its total.
  await page.goto(`${origin}/account/orders/`)
  const title = orders.number.replace('{{number}}', number)
  const card = page.locator('.order-card', { has: page.getByRole('link', { name: title }) })
  await expect(card).toBeVisible()
  await expect(card).toContainText(orders.status.paid)
  await expect(card).toContainText('€ 65,90')
  await page.screenshot({ path: test.info().outputPath('orders.png'), fullPage: true })

  // The detail: status in words, the line, the invoice link.
  await card.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/account/orders/[0-9a-f-]{36}/$`))
  const detail = page.url()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.locator('.account-order__facts')).toContainText(orders.status.paid)
  await expect(page.locator('.order-line')).toContainText('Sport Muesli')
  await expect(page.locator('.order-line')).toContainText('2 × € 32,95')
  const invoice = page.getByRole('link', { name: /^Factuur F\d{4}-\d{6} \(pdf\)$/ })
  await expect(invoice).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('order.png'), fullPage: true })

  // The invoice answers a PDF to its owner (the page's cookies), and nothing without them.
  const href = (await invoice.getAttribute('href'))!
  const pdf = await getInPage(page, href)
  expect([pdf.status, pdf.type, pdf.head]).toEqual([200, 'application/pdf', '%PDF-'])
  expect((await request.get(`${server.apiOrigin()}${href}`)).status()).toBe(401)

  // The invoices page lists it with the same PDF.
  await page.goto(`${origin}/account/invoices/`)
  await expect(page.locator('.order-card')).toHaveCount(1)
  await expect(page.getByRole('link', { name: new RegExp(nl.account.invoices.download) })).toHaveAttribute('href', href)

  // Reorder online: the cart (new and empty after the order) gets the muesli again.
  await page.goto(detail)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await page.getByRole('button', { name: orders.reorder.button }).click()
  await expect(page.getByTestId('reorder-result')).toContainText(orders.reorder.added.replace('{{lines}}', '1'))
  await expect.poll(() => deviceLines(page)).toEqual({ 101: 2 })
  await expect.poll(() => outbox(page)).toBe(0)

  // Reorder offline: queued on the device, sent when the network is back.
  await page.context().setOffline(true)
  await page.getByRole('button', { name: orders.reorder.button }).click()
  await expect(page.getByTestId('reorder-result')).toContainText(orders.reorder.offline)
  await expect.poll(() => deviceLines(page)).toEqual({ 101: 4 })
  expect(await outbox(page)).toBe(1)
  await page.screenshot({ path: test.info().outputPath('reorder-offline.png'), fullPage: true })
  await page.context().setOffline(false)
  await expect.poll(() => outbox(page), { timeout: 20_000 }).toBe(0)
  await page.goto(`${origin}${CART}`)
  await hydrated(page)
  await expect(page.getByLabel(nl.cart.line.quantity.replace('{{name}}', 'Sport Muesli'))).toHaveValue('4')
})

test('the phone number changed and saved; the password changed and signed in with', async ({ page, request }) => {
  const origin = server.origin()
  const account = newAccount('wijzigt')
  await registerAndActivateByApi(request, server, account)
  await page.goto(`${origin}/`)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  await signIn(page, origin, account)

  // The personal details: an account made without an address gives one with them.
  await page.goto(`${origin}/account/information/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.title)
  await page.getByRole('link', { name: info.personal.edit }).click()
  await expect(page).toHaveURL(`${origin}/account/information/personal/`)
  const phone = page.getByLabel(nl.checkout.billing.phone, { exact: true })
  await expect(phone).toHaveAttribute('autocomplete', 'tel')
  await expect(phone).toHaveAttribute('inputmode', 'tel')
  // A wrong number is refused beside the field as soon as it is left.
  await phone.fill('12')
  await phone.blur()
  await expect(page.locator('#field-phoneNumber-error')).toHaveText(nl.validation.phone)
  await phone.fill('06 87654321')
  await page.getByRole('combobox', { name: nl.checkout.address.search }).fill('1011')
  await page.getByRole('option', { name: 'Prins Bernhardlaan 1, 1011 WU Amsterdam' }).click()
  await page.getByRole('button', { name: info.save }).click()
  await expect(page).toHaveURL(`${origin}/account/information/`)
  await expect(page.getByRole('status').filter({ hasText: nl.messages.dataChanged })).toBeVisible()
  await expect(page.locator('.info-card').first()).toContainText('+31687654321')
  await expect(page.locator('.info-card').nth(2)).toContainText('1011 WU Amsterdam')
  await page.reload()
  await expect(page.locator('.info-card').first()).toContainText('+31687654321')

  // The password: a wrong current one is refused beside its field, the right one changes it.
  await page.getByRole('link', { name: info.password.title }).click()
  await expect(page).toHaveURL(`${origin}/account/information/password/`)
  const newPassword = 'paard2026nieuw'
  await page.getByLabel(info.password.current, { exact: true }).fill('niet-het-goede-1')
  await page.getByLabel(info.password.new, { exact: true }).fill(newPassword)
  await page.getByLabel(info.password.repeat, { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: info.password.save }).click()
  await expect(page.locator('#field-currentPassword-error')).toHaveText(nl.validation.currentPasswordWrong)
  await page.getByLabel(info.password.current, { exact: true }).fill(account.password)
  await page.getByRole('button', { name: info.password.save }).click()
  await expect(page).toHaveURL(`${origin}/account/information/`)
  await expect(page.getByRole('status').filter({ hasText: nl.messages.passwordChanged })).toBeVisible()

  // Signed in again elsewhere with the new password.
  await page.context().clearCookies()
  await signIn(page, origin, { ...account, password: newPassword })
})

test('the e-mail address changed through the link mailed to the new address', async ({ page, request }) => {
  const origin = server.origin()
  const account = newAccount('verhuist')
  await registerAndActivateByApi(request, server, account)
  await page.goto(`${origin}/`)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  await signIn(page, origin, account)

  await page.goto(`${origin}/account/information/email/`)
  const newAddress = uniqueEmail('nieuw')
  const field = page.getByLabel(info.email.new, { exact: true })
  await expect(field).toHaveAttribute('autocomplete', 'email')
  await expect(field).toHaveAttribute('inputmode', 'email')
  await field.fill(newAddress)
  await page.getByLabel(info.password.current, { exact: true }).fill(account.password)
  const before = server.mailbox().received.length
  await page.getByRole('button', { name: info.email.send }).click()
  await expect(page).toHaveURL(`${origin}/account/information/`)
  await expect(
    page.getByRole('status').filter({ hasText: info.email.sent.replace('{{email}}', newAddress) }),
  ).toBeVisible()
  // Not changed until the link is followed.
  await expect(page.locator('.info-card__email')).toHaveText(account.emailAddress)

  const link = mailedLink(
    await waitForMail(server.mailbox(), newAddress, before),
    '/account/information/confirm-email/',
  )
  await page.goto(link.replace(/^http:\/\/localhost:\d+/, origin))
  await expect(page).toHaveURL(`${origin}/account/information/`)
  await expect(page.getByRole('status').filter({ hasText: nl.messages.emailChanged })).toBeVisible()
  await expect(page.locator('.info-card__email')).toHaveText(newAddress)
})
