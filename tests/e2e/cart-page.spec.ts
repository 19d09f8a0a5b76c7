import { expect, test, type Locator } from '@playwright/test'
import { toEuroCents } from '../../src/domain/currency.ts'
import { formatMoney } from '../../src/domain/locale.ts'
import { CART, cartWithMuesli, SPORT_MUESLI } from './cart-helpers.ts'
import { fill, hydrated, nl, texts } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

// The cart page in a real Chromium against the shared server: its address in each language's word, the euro amount
// that binds on a Danish site, the header's cart link, and a discount code refused by its field and then applied.
// Refusals keep what was typed and say what to do.

test.describe('the cart page', () => {
  const PORT = E2E_PORT
  const origin = `http://equivera-nl.localhost:${PORT}`

  test('the cart has its language’s word in the address, /cart/ still opens it, and the switcher leads to the other sites’ carts', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const sites = [
      [origin, '', nl, CART],
      [`http://equivera-be.localhost:${PORT}`, '/fr', texts('fr-BE'), '/fr/panier/'],
      [`http://muehldorfer-de.localhost:${PORT}`, '', texts('de'), '/warenkorb/'],
    ] as const
    for (const [site, prefix, words, path] of sites) {
      await page.goto(`${site}${prefix}/`)
      await page.getByRole('link', { name: new RegExp(`^${words.header.cart} 0`) }).click()
      await expect(page).toHaveURL(`${site}${path}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.cart.title)
      await page.goto(`${site}${prefix}/cart/`)
      await expect(page).toHaveURL(`${site}${prefix}/cart/`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.cart.title)
    }

    await page.goto(`${origin}${CART}`)
    await hydrated(page)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    await page.getByText(nl.localization.choose).click()
    await expect(page.getByRole('link', { name: 'België - Français' })).toHaveAttribute(
      'href',
      `http://equivera-be.localhost:${PORT}/fr/panier/`,
    )
    await expect(page.getByRole('link', { name: 'België - Nederlands' })).toHaveAttribute(
      'href',
      `http://equivera-be.localhost:${PORT}/winkelmandje/`,
    )
    await page.getByRole('link', { name: 'Duitsland - Deutsch' }).first().click()
    await expect(page).toHaveURL(/\/warenkorb\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de').cart.title)
  })

  test('on a Danish site the euro amount that binds stands beside the indicative price and total, for eye and ear', async ({
    page,
  }) => {
    const dk = `http://equivera-dk.localhost:${PORT}`
    const da = texts('da')
    // What a screen reader says of a price: both amounts, each with what it is.
    const spoken = (dkk: number) =>
      fill(da.price.both, {
        indicative: formatMoney(dkk, 'DKK', 'da'),
        euro: formatMoney(toEuroCents(dkk, 'DKK'), 'EUR', 'da'),
      }).replaceAll('\u00a0', ' ')
    const heard = async (locator: Locator) => (await locator.ariaSnapshot()).replaceAll('\u00a0', ' ')

    await page.goto(`${dk}/musli/sportsmusli/`)
    await hydrated(page)
    await page.getByRole('button', { name: da.consent.decline }).click()
    // 32.95 € on the euro sites, 245.81 kr. here: it binds as 32.95 € again.
    await expect(page.locator('.product-page__price .price__euro').last()).toHaveText('32,95 €')
    expect(await heard(page.locator('.product-page__price'))).toContain(spoken(24581))
    await expect(page.locator('.indicative-price-notice')).toContainText('1,00 € = 7,46 kr.')

    await page.getByLabel(da.cart.add.quantity, { exact: true }).fill('2')
    await page.getByRole('button', { name: da.cart.add.button }).click()
    await expect(page.locator('.add-to-cart__message')).toContainText(da.messages.addedToCart)
    await page.goto(`${dk}/indkoebskurv/`)
    await hydrated(page)
    // The server's total: 2 × 245.81 + 69.00 shipping = 560.62 kr., binding as 75.15 €.
    const total = page.locator('.cost-overview__row--total')
    await expect(total).toContainText('560,62 kr.')
    await expect(page.locator('.cost-overview__provisional')).toHaveCount(0)
    await expect(total.locator('.price__euro')).toHaveText('75,15 €')
    expect(await heard(total)).toContain(spoken(56062))
    // Once, with the total: the other rows keep the mark only.
    await expect(page.locator('.cost-overview .price__euro')).toHaveCount(1)
  })

  test('the header’s cart link is named by what it shows, first its word and count, on a phone and a desktop', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${origin}${SPORT_MUESLI}`)
      const link = page.getByRole('link', { name: `${nl.header.cart} 0 ${nl.cart.mini.countMeaning}`, exact: true })
      await expect(link).toBeVisible()
      // What the eye reads there: the count alone on a phone, the word and the count on a desktop.
      const seen = await link.evaluate((element) =>
        [...element.children]
          .filter((child) => child.textContent?.trim() && child.getBoundingClientRect().width > 1)
          .map((child) => child.textContent!.trim())
          .join(' '),
      )
      expect(seen).toBe(width === 390 ? '0' : `${nl.header.cart} 0`)
    }
  })

  test('a discount code: refused with the reason by the field, applied with its line in the costs, removed', async ({
    page,
  }) => {
    await cartWithMuesli(page, origin, 2)
    const field = page.getByRole('textbox', { name: nl.cart.discount.label })

    // Refused: the code stays in the field as typed, marked, with the reason and what to do right under it.
    await field.fill('zomer2025')
    await page.getByRole('button', { name: nl.cart.discount.apply }).click()
    const error = page.locator('#discount-code-error')
    await expect(error).toContainText(nl.errors.discountCodeExpired)
    await expect(error).toContainText(nl.cart.refusal.checkCode)
    await expect(field).toHaveValue('ZOMER2025')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAttribute('aria-describedby', 'discount-code-error')
    await expect(page.locator('.pending-changes')).toHaveCount(0)
    await expect(page.getByRole('button', { name: nl.cart.pending.retry })).toHaveCount(0)
    // After a reload too.
    await page.reload()
    await hydrated(page)
    await expect(field).toHaveValue('ZOMER2025')
    await expect(error).toContainText(nl.errors.discountCodeExpired)

    await field.fill('a b')
    await expect(error).toHaveCount(0)
    await page.getByRole('button', { name: nl.cart.discount.apply }).click()
    await expect(error).toHaveText(`${nl.errors.discountCodeUnknown} ${nl.cart.refusal.checkCode}`)

    await field.fill('welkom10')
    await page.getByRole('button', { name: nl.cart.discount.apply }).click()
    await expect(page.locator('.discount-code__current')).toContainText(
      fill(nl.cart.discount.applied, { code: 'WELKOM10' }),
    )
    // 2 × 32.95 = 65.90, less 10 % = 59.31; shipping free from 50.00.
    await expect(page.locator('.cost-overview')).toContainText(fill(nl.cart.discount.line, { code: 'WELKOM10' }))
    await expect(page.locator('.cost-overview__row--total')).toContainText('59,31')
    await page.getByRole('button', { name: nl.cart.discount.remove }).click()
    await expect(page.locator('.cost-overview__row--total')).toContainText('65,90')
    await expect(field).toBeVisible()
  })
})
