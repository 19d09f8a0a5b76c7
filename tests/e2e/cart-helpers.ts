// What the cart's browser tests share: the product they start with, the Dutch cart's address, adding a product to the
// cart from its page, and a cart begun with that product.
import { expect, type Page } from '@playwright/test'
import { hydrated, nl, waitForServiceWorker } from './helpers.ts'

export const SPORT_MUESLI = '/muesli/sport-muesli/' // variant 101, 32.95
/** The Dutch cart's own address: the cart's page under the language's word for "cart". */
export const CART = '/winkelwagen/'

export async function addToCart(page: Page, path: string, quantity: number) {
  await page.goto(path)
  await hydrated(page)
  await page.getByLabel(nl.cart.add.quantity, { exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: nl.cart.add.button }).click()
  await expect(page.locator('.add-to-cart__message')).toContainText(nl.messages.addedToCart)
}

/**
 * On `origin`: the Sport Muesli's page with the service worker in charge and the cookies declined, `quantity` of it
 * added to the cart, and the cart's page open.
 */
export async function cartWithMuesli(page: Page, origin: string, quantity: number) {
  await page.goto(`${origin}${SPORT_MUESLI}`)
  await waitForServiceWorker(page)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  await addToCart(page, `${origin}${SPORT_MUESLI}`, quantity)
  await page.goto(`${origin}${CART}`)
  await hydrated(page)
}
