import { expect, test, type Page } from '@playwright/test'
import { CART, SPORT_MUESLI } from './cart-helpers.ts'
import { fill, hydrated, nl, texts } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

// The checkout's first step on a 390 px phone against the real server: the steps it may and may not reach (spec §4),
// the billing form of a guest (six fields, the address found by postcode and number), each field's message beside it
// once it is left, what was typed kept on the device across a reload, and the refusals of a Dutch address on another
// country's site and of a postcode the shop does not deliver to.

const origin = `http://equivera-nl.localhost:${E2E_PORT}`
const belgium = `http://equivera-be.localhost:${E2E_PORT}`
const nlBE = texts('nl-BE')

test.use({ viewport: { width: 390, height: 844 } })

async function startCheckout(page: Page, site = origin, words = nl) {
  await page.goto(`${site}${SPORT_MUESLI}`)
  await hydrated(page)
  await page.getByRole('button', { name: words.consent.decline }).click()
  await page.getByRole('button', { name: words.cart.add.button }).click()
  await expect(page.locator('.add-to-cart__message')).toContainText(words.messages.addedToCart)
}

/** What the billing form asks a guest: the fields a shopper sees (text, list and choice; not buttons). */
const visibleFields = (page: Page) =>
  page.locator('main').locator('input:visible, select:visible, textarea:visible').count()

async function fillContact(page: Page, words = nl) {
  await page.getByLabel(words.checkout.billing.firstName).fill('Anna')
  await page.getByLabel(words.checkout.billing.lastName).fill('de Vries')
  await page.getByLabel(words.checkout.billing.email).fill('anna@example.com')
  await page.getByLabel(words.checkout.billing.phone).fill('06 12345678')
}

/** Without the network the address search cannot answer: the address typed field by field. */
async function findAddressOffline(page: Page) {
  await page.getByRole('button', { name: nl.checkout.address.manual }).click()
  await page.getByLabel(nl.checkout.address.zipcode).fill('1011 WU')
  await page.getByLabel(nl.checkout.address.city).fill('Amsterdam')
  await page.getByLabel(nl.checkout.address.street).fill('Prins Bernhardlaan')
  await page.getByLabel(nl.checkout.address.number, { exact: true }).fill('1')
}

async function findAddress(page: Page, term: string, label: string, words = nl) {
  await page.getByRole('combobox', { name: words.checkout.address.search }).pressSequentially(term, { delay: 30 })
  await page.getByRole('option', { name: label }).click()
  await expect(page.getByTestId('billing-address-found')).toContainText(label.split(',')[0]!)
}

test.describe('the checkout billing step', () => {
  test('an empty cart has no checkout: every step sends the shopper to the cart', async ({ page }) => {
    for (const step of ['', 'billing/', 'delivery/', 'payment/']) {
      await page.goto(`${origin}/checkout/${step}`)
      await expect(page).toHaveURL(`${origin}${CART}`)
    }
  })

  test('a guest gives six fields, finds the address by postcode and number, and goes on to delivery', async ({
    page,
  }) => {
    await startCheckout(page)
    // a later step than the cart may reach sends the shopper to billing
    await page.goto(`${origin}/checkout/payment/`)
    await expect(page).toHaveURL(`${origin}/checkout/billing/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.checkout.billing.title)
    await expect(page.getByRole('combobox', { name: nl.checkout.address.search })).toBeVisible()
    expect(await visibleFields(page)).toBe(6)

    // every field has the autocomplete and keyboard a phone needs
    await expect(page.getByLabel(nl.checkout.billing.email)).toHaveAttribute('autocomplete', 'email')
    await expect(page.getByLabel(nl.checkout.billing.email)).toHaveAttribute('inputmode', 'email')
    await expect(page.getByLabel(nl.checkout.billing.phone)).toHaveAttribute('autocomplete', 'tel')
    await expect(page.getByLabel(nl.checkout.billing.phone)).toHaveAttribute('inputmode', 'tel')
    await expect(page.getByLabel(nl.checkout.billing.firstName)).toHaveAttribute('autocomplete', 'given-name')

    // a message beside the field once it is left, gone once it is right
    const email = page.getByLabel(nl.checkout.billing.email)
    await email.fill('anna@')
    await email.blur()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(nl.validation.email)).toBeVisible()

    await fillContact(page)
    await expect(page.getByText(nl.validation.email)).toHaveCount(0)
    await findAddress(page, '1011', 'Prins Bernhardlaan 1, 1011 WU Amsterdam')
    expect(await visibleFields(page)).toBeLessThanOrEqual(6)

    const stored = page.waitForResponse((r) => r.url().endsWith('/billing') && r.request().method() === 'POST')
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    expect((await stored).status()).toBe(204)
    await expect(page).toHaveURL(`${origin}/checkout/delivery/`)

    // the cart on the server has the billing, the phone number as E.164
    const cart = await page.evaluate(async () => {
      const id = await new Promise<string>((resolve) => {
        const open = indexedDB.open('shop')
        open.onsuccess = () => {
          const all = open.result.transaction('carts').objectStore('carts').getAll()
          all.onsuccess = () => resolve((all.result[0] as { cartId: string }).cartId)
        }
      })
      return (await fetch(`/api/cart/${id}`)).json()
    })
    expect(cart.billing).toMatchObject({
      firstName: 'Anna',
      lastName: 'de Vries',
      phoneNumber: '+31612345678',
      address: { zipcode: '1011 WU', street: 'Prins Bernhardlaan', streetNumber: '1', city: 'Amsterdam' },
    })
  })

  test('what was typed stays on the device across a reload', async ({ page }) => {
    await startCheckout(page)
    await page.goto(`${origin}/checkout/billing/`)
    await fillContact(page)
    await page.getByRole('button', { name: nl.checkout.billing.addCompany }).click()
    await page.getByLabel(nl.checkout.billing.companyName).fill('Stal de Vries')
    await page.waitForTimeout(600)
    await page.reload()
    await expect(page.getByLabel(nl.checkout.billing.firstName)).toHaveValue('Anna')
    await expect(page.getByLabel(nl.checkout.billing.phone)).toHaveValue('06 12345678')
    await expect(page.getByLabel(nl.checkout.billing.companyName)).toHaveValue('Stal de Vries')
  })

  test('sending with fields missing names each beside its field and focuses the first', async ({ page }) => {
    await startCheckout(page)
    await page.goto(`${origin}/checkout/billing/`)
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await expect(page.getByLabel(nl.checkout.billing.firstName)).toBeFocused()
    await expect(page.getByText(nl.validation.required)).toHaveCount(5)
    await expect(page).toHaveURL(`${origin}/checkout/billing/`)
  })

  test('a postcode the shop does not deliver to is refused with its reason', async ({ page }) => {
    await startCheckout(page)
    await page.goto(`${origin}/checkout/billing/`)
    await fillContact(page)
    await page.getByRole('button', { name: nl.checkout.address.manual }).click()
    await page.getByLabel(nl.checkout.address.zipcode).fill('1792 AB')
    await page.getByLabel(nl.checkout.address.city).fill('Oudeschild')
    await page.getByLabel(nl.checkout.address.street).fill('Haven')
    await page.getByLabel(nl.checkout.address.number, { exact: true }).fill('1')
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await expect(page.getByText(fill(nl.validation.postcodeExcluded, { reason: 'Texel' }))).toBeVisible()
    await expect(page.getByLabel(nl.checkout.address.zipcode)).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(`${origin}/checkout/billing/`)
  })

  test('a Dutch address on the Belgian site is refused: that order belongs on the Dutch site', async ({ page }) => {
    await startCheckout(page, belgium, nlBE)
    await page.goto(`${belgium}/checkout/billing/`)
    await fillContact(page, nlBE)
    await page.getByRole('button', { name: nlBE.checkout.address.otherCountry }).click()
    await page.getByLabel(nlBE.checkout.address.country).selectOption('NL')
    await page.getByRole('button', { name: nlBE.checkout.billing.next }).click()
    await expect(page.getByText(nlBE.localization.dutchAddressNotice)).toBeVisible()
    await expect(page).toHaveURL(`${belgium}/checkout/billing/`)
  })
  test('offline the form stays: what is typed is kept, and goes once the network is back', async ({
    page,
    context,
  }) => {
    await startCheckout(page)
    await page.goto(`${origin}/checkout/billing/`)
    // The form opens once it knows what it starts from (the cart, the countries, the device's draft).
    await expect(page.getByLabel(nl.checkout.billing.firstName)).toBeEnabled()
    await context.setOffline(true)
    await fillContact(page)
    await findAddressOffline(page)
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await expect(page.getByRole('alert')).toHaveText(nl.checkout.needsNetwork)
    await expect(page).toHaveURL(`${origin}/checkout/billing/`)
    await context.setOffline(false)
    await page.getByRole('button', { name: nl.checkout.billing.next }).click()
    await expect(page).toHaveURL(`${origin}/checkout/delivery/`)
  })
})
