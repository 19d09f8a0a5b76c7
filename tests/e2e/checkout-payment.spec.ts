import { expect, test, type Page } from '@playwright/test'
import { fill, nl, storedRows } from './helpers.ts'
import { E2E_PORT } from './ports.ts'
import { atPaymentStep, chooseIdeal, phone, placeButton } from './checkout-helpers.ts'

// The payment step and the complete page on a 390 px phone against the shared server, paying with the built-in test
// provider: paid at once; failed, then paid again from the complete page; and placing while offline (nothing sent,
// the key kept) then online (exactly one order). The purchase event goes out once per order. The billing step is not
// part of this branch, so the cart's billing details are set through the API.

const ORDER_NUMBER = new RegExp(
  `^${nl.checkout.complete.orderNumber.replace('{{number}}', '\\d+').replace('.', '\\.')}$`,
)

const purchases = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase'))

test.describe('paying for the order', () => {
  test('iDEAL at the test provider: paid, the order number shown, the purchase sent once', async ({ browser }) => {
    const { context, page } = await phone(browser)
    await atPaymentStep(page)
    // The methods in the page's language, each one a radio of its own.
    for (const code of ['ideal', 'creditcard', 'paypal', 'banktransfer'] as const)
      await expect(page.getByRole('radio', { name: nl.checkout.paymentMethods[code] })).toBeVisible()
    // The gift card is not one of them: it pays part or all beside the method, so it opens with a check box.
    await expect(page.getByRole('checkbox', { name: new RegExp(nl.checkout.paymentMethods.giftcard) })).toBeVisible()
    // Placing without a method asks for one first.
    await placeButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: nl.checkout.payment.methodRequired })).toBeVisible()
    await chooseIdeal(page)
    const paymentInfo = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'add_payment_info'),
    )
    expect(paymentInfo).toMatchObject([{ ecommerce: { payment_type: 'ideal', currency: 'EUR' } }])
    await page.screenshot({ path: 'test-results/checkout-payment-step.png', fullPage: true })

    await placeButton(page).click()
    await expect(page).toHaveURL(/\/payments\/test\/tst_/)
    // The provider returns to the complete page with the order's key; the page takes it out of the address at once.
    let key = ''
    const returned = page.waitForURL((url) => {
      if (!url.pathname.endsWith('/checkout/complete/') || url.searchParams.get('status') !== 'open') return false
      key = url.searchParams.get('key') ?? ''
      return true
    })
    await page.getByRole('button', { name: nl.payments.testPage.paid }).click()
    await returned
    expect(key).toMatch(/^[\w-]{20,}$/)

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
    await expect(page.getByText(ORDER_NUMBER)).toBeVisible()
    await expect(page.getByText(fill(nl.checkout.complete.mailSent, { email: 'anna@example.nl' }))).toBeVisible()
    await page.screenshot({ path: 'test-results/checkout-complete-paid.png', fullPage: true })
    await expect.poll(() => purchases(page)).toHaveLength(1)
    const [purchase] = (await purchases(page)) as { ecommerce: { transaction_id: string; value: number } }[]
    expect(purchase!.ecommerce.value).toBe(65.9)
    // Nothing of the order's key in the address or in analytics.
    await expect(page).toHaveURL(/\/checkout\/complete\/\?id=[^&]+&status=open$/)
    expect(JSON.stringify(await page.evaluate(() => window.dataLayer))).not.toContain(key)

    // A reload shows the order again and sends no second purchase.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
    await page.waitForTimeout(500)
    expect(await purchases(page)).toHaveLength(0)
    // The device has started an empty cart (the closed one is not restored), with nothing waiting to be sent.
    const [cart] = (await storedRows(page, 'carts')) as { cartId: string | null; base: { products: unknown[] } }[]
    expect([cart!.cartId, cart!.base.products, await storedRows(page, 'cartOutbox')]).toEqual([null, [], []])
    expect(await storedRows(page, 'checkoutDrafts')).toEqual([])
    await context.close()
  })

  test('a failed payment keeps the order: pay again from the complete page, then paid', async ({ browser }) => {
    const { context, page } = await phone(browser)
    await atPaymentStep(page)
    await chooseIdeal(page)
    await placeButton(page).click()
    await expect(page).toHaveURL(/\/payments\/test\/tst_/)
    await page.getByRole('button', { name: nl.payments.testPage.failed }).click()

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.failedTitle)
    await expect(page.getByText(nl.checkout.complete.failed)).toBeVisible()
    await page.screenshot({ path: 'test-results/checkout-complete-failed.png', fullPage: true })
    const number = await page.getByText(ORDER_NUMBER).textContent()
    expect(await purchases(page)).toHaveLength(0)

    await page.getByRole('button', { name: nl.checkout.complete.payAgain }).click()
    await expect(page).toHaveURL(/\/payments\/test\/tst_/)
    await page.getByRole('button', { name: nl.payments.testPage.paid }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
    // The same order, paid.
    await expect(page.getByText(number!)).toBeVisible()
    await expect.poll(() => purchases(page)).toHaveLength(1)
    await context.close()
  })

  test('offline at the payment step nothing is placed; back online the order is placed once', async ({ browser }) => {
    const { context, page } = await phone(browser)
    await atPaymentStep(page)
    await chooseIdeal(page)
    const placing: string[] = []
    page.on('request', (request) => {
      if (/\/api\/cart\/[^/]+\/order$/.test(new URL(request.url()).pathname)) placing.push(request.method())
    })

    await context.setOffline(true)
    await expect(page.getByText(nl.checkout.payment.offline)).toBeVisible()
    await expect(placeButton(page)).toBeDisabled()
    await page.screenshot({ path: 'test-results/checkout-payment-offline.png', fullPage: true })
    await placeButton(page).click({ force: true })
    await page.waitForTimeout(500)
    expect(placing).toEqual([])

    await context.setOffline(false)
    await expect(placeButton(page)).toBeEnabled({ timeout: 15_000 })
    await expect(page.getByText(nl.checkout.payment.offline)).toHaveCount(0)
    await placeButton(page).click()
    await expect(page).toHaveURL(/\/payments\/test\/tst_/)
    expect(placing).toEqual(['POST'])
    await page.getByRole('button', { name: nl.payments.testPage.paid }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
    await context.close()
  })

  test('an answer lost after the order was placed: after a reload the same key finds the one order', async ({
    browser,
  }) => {
    const { context, page } = await phone(browser)
    await atPaymentStep(page)
    await chooseIdeal(page)
    const keys: string[] = []
    let placed: { orderNumber: number } | null = null
    await page.route(/\/api\/cart\/[^/]+\/order$/, async (route) => {
      keys.push(route.request().headers()['idempotency-key']!)
      if (placed) return route.continue()
      // The server places the order; its answer never reaches the page.
      // (From Node, which cannot resolve the site's *.localhost name: to localhost, with the site's Host header.)
      const url = new URL(route.request().url())
      const answer = await route.fetch({
        url: `http://localhost:${E2E_PORT}${url.pathname}`,
        headers: { ...route.request().headers(), host: url.host },
      })
      placed = (await answer.json()) as { orderNumber: number }
      await route.abort('connectionreset')
    })
    await placeButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(nl.checkout.payment.unreachable)

    // The shopper reloads. The server has closed the cart (it is the order), so the device may start a new one;
    // the step offers to try again rather than sending them back through the checkout.
    await page.reload()
    await expect(placeButton(page)).toBeEnabled()
    await page.screenshot({ path: 'test-results/checkout-payment-after-lost-answer.png', fullPage: true })
    await placeButton(page).click()
    await expect(page).toHaveURL(/\/payments\/test\/tst_/)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    await page.getByRole('button', { name: nl.payments.testPage.paid }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.complete.paidTitle)
    await expect(page.getByText(fill(nl.checkout.complete.orderNumber, { number: placed!.orderNumber }))).toBeVisible()
    // What a restart put back in the device's cart was the order's: it is empty now.
    const [cart] = (await storedRows(page, 'carts')) as { base: { products: unknown[] } }[]
    expect([cart!.base.products, await storedRows(page, 'cartOutbox')]).toEqual([[], []])
    await context.close()
  })

  // An order with nothing to pay (a 100 % code on a scan-only cart, a gift card that pays everything): see
  // checkout-journeys.spec.ts.
})
