import { expect, test, type Page } from '@playwright/test'
import { atPaymentStep, origin, phone, placeButton } from './checkout-helpers.ts'
import { holdScripts, nl, storedRows } from './helpers.ts'

// What a shopper on a slow phone does before the app has started: the page is on screen (the server's HTML) while
// its scripts are still on their way. Here the scripts are held back until the shopper has chosen, then let through:
// once the app runs, it has the choice as if it had been made after (src/app/root/early-input.ts).

const notStarted = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')

test('a filter ticked before the app runs filters the list once it runs', async ({ browser }) => {
  // No service worker: every script comes from the network, where it is held back.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  const scripts = await holdScripts(page)
  await page.goto(`${origin}/muesli/`)
  const pony = page.locator('fieldset[data-facet="horseType"]').getByRole('checkbox', { name: /^Pony/ })
  // The list's part of the page is one React hydrates after the rest: the tick is replayed into it.
  await pony.check()
  await notStarted(page)

  scripts.release()
  await expect(page).toHaveURL(/\/muesli\/\?horseType=pony$/)
  await expect(pony).toBeChecked()
  await context.close()
})

test('a payment method chosen before the app runs is the one the order is placed with', async ({ browser }) => {
  const { context, page } = await phone(browser)
  await atPaymentStep(page)
  // Without the service worker, the page's scripts come from the network again, where they are held back.
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister()
  })
  const scripts = await holdScripts(page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.payment.title)
  const ideal = page.getByRole('radio', { name: nl.checkout.paymentMethods.ideal })
  await ideal.check()
  await notStarted(page)

  scripts.release()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  // The app has the choice: the server's cart has it, the banks come with it, and the order is placed with it.
  await expect.poll(async () => (await storedRows(page, 'cartOutbox')).length).toBe(0)
  const bank = page.getByLabel(nl.checkout.payment.issuer)
  await expect(bank).toBeVisible()
  await expect(ideal).toBeChecked()
  await bank.selectOption({ index: 1 })
  await placeButton(page).click()
  await expect(page).toHaveURL(/\/payments\/test\/tst_/)
  // The provider's page names the bank chosen: iDEAL's.
  await expect(page.locator('dt', { hasText: nl.payments.testPage.issuer })).toBeVisible()
  await context.close()
})
