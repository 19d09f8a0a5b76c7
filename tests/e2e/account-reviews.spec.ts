// The account's reviews and scan results in Chromium, on a server of the test's own (its database at hand): an
// account registered, activated from its mail and signed in through the API with a solved captcha; an order of
// theirs marked paid in the database. Then as a shopper would: write a review with the form (word count, stars),
// see the thanks; the back office approves it through its API; the product page shows it. A scan result posted
// through the back office appears in the account with its unread badge and its chart.
import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext } from '@playwright/test'
import type { Challenge } from 'altcha-lib'
import nl from '../../locales/nl.json' with { type: 'json' }
import { CAPTCHA_TEST_ENV, solveCaptcha } from '../../src/server/captcha/captcha-test-solver.ts'
import { ownPort } from './ports.ts'
import { BACKOFFICE_TOKEN, startServer, type RunningServer } from './server.ts'

const PORT = ownPort(20)
// Plain localhost is the Dutch site (and resolves for the API requests too, where *.localhost does not).
const ORIGIN = `http://localhost:${PORT}`
const BACKOFFICE = { authorization: `Bearer ${BACKOFFICE_TOKEN}` }
const PASSWORD = 'Hooiberg2026'
const PRODUCT_ID = 1
const VARIANT_ID = 101

test.describe('the account: reviews and scan results', () => {
  let server: RunningServer
  test.beforeAll(async () => {
    Object.assign(process.env, CAPTCHA_TEST_ENV)
    server = await startServer(PORT)
  })
  test.afterAll(async () => server.stop())

  const database = () => {
    const db = new DatabaseSync(join(server.dir, 'shop.sqlite'))
    db.exec('pragma busy_timeout = 5000')
    return db
  }

  /** Registers, activates and signs in through the API; the browser context holds the session cookie after. */
  async function signUpAndIn(request: APIRequestContext): Promise<{ accountId: number; emailAddress: string }> {
    const emailAddress = `rider-${randomUUID().slice(0, 8)}@example.nl`
    const callbackUrl = encodeURIComponent(`${ORIGIN}/account/confirm/`)
    const registered = await request.post(`${ORIGIN}/api/account?callbackUrl=${callbackUrl}`, {
      data: { emailAddress, password: PASSWORD, firstName: 'Anna', lastName: 'de Vries' },
    })
    expect(registered.status(), await registered.text()).toBe(204)
    const db = database()
    const mail = db.prepare('select text from mails where recipient = ? order by id desc').get(emailAddress) as {
      text: string
    }
    db.close()
    const link = new URL(/(https?:\/\/\S+[?&]token=[\w-]+)/.exec(mail.text)![1]!)
    const userId = Number(link.searchParams.get('userId'))
    const confirmed = await request.post(
      `${ORIGIN}/api/account/${userId}/confirm?token=${link.searchParams.get('token')}`,
    )
    expect(confirmed.status(), await confirmed.text()).toBe(204)
    const challenge = (await (await request.get(`${ORIGIN}/api/captcha/challenge`)).json()) as Challenge
    const signedIn = await request.post(`${ORIGIN}/api/authentication/signin`, {
      data: { emailAddress, password: PASSWORD },
      headers: { recaptchatoken: await solveCaptcha(challenge) },
    })
    expect(signedIn.status(), await signedIn.text()).toBe(204)
    return { accountId: userId, emailAddress }
  }

  /** A paid order of the account with one line of the sport muesli (what the checkout would have left). */
  function paidOrder(accountId: number) {
    const db = database()
    const now = new Date().toISOString()
    const id = randomUUID()
    const address = JSON.stringify({
      zipcode: '1011 WU',
      street: 'Prins Bernhardlaan',
      streetNumber: '1',
      streetNumberAddition: '',
      city: 'Amsterdam',
      countryId: 1,
    })
    const number = Number(
      (db.prepare('select coalesce(max(number), 0) + 1 as n from orders where site_id = 1').get() as { n: number }).n,
    )
    db.prepare(
      `insert into orders (id, site_id, language_id, number, key_hash, status, status_source, cart_id, email_address,
        first_name, last_name, phone_number, billing_address, shipping_address, company, shipping_method,
        dpd_parcel_shop_id, payment_method_id, payment_issuer, gift_card_number, gift_card_amount, currency,
        total_amount, totals, created_at, updated_at, expires_at, account_id)
       values (?, 1, 12, ?, 'x', 'paid', 'test', ?, 'anna@example.nl', 'Anna', 'de Vries', '+31612345678', ?, ?, null,
        0, null, null, null, null, 0, 'EUR', 3295, '{}', ?, ?, null, ?)`,
    ).run(id, number, randomUUID(), address, address, now, now, accountId)
    db.prepare(
      `insert into order_lines (order_id, position, product_id, product_variant_id, product_type, description,
        product_label, quantity, free_quantity, unit_amount, vat_rate_percentage, total_amount)
       values (?, 1, ?, ?, 2, 'Sportmuesli', '', 1, 0, 3295, 9, 3295)`,
    ).run(id, PRODUCT_ID, VARIANT_ID)
    db.close()
  }

  test('writes a review of a bought product; once approved it is on the product page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { accountId } = await signUpAndIn(page.context().request)
    paidOrder(accountId)

    await page.goto(`${ORIGIN}/account/reviews/`)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    const item = page.locator('.review-request', { hasText: /sport/i }).first()
    await item.getByRole('button', { name: /Schrijf een review/ }).click()
    await item.getByRole('textbox', { name: 'Titel' }).fill('Glanzende vacht')
    const text = item.getByRole('textbox', { name: 'Jouw review' })
    await text.fill('Mijn merrie eet')
    await expect(item.locator('#field-text-count')).toHaveText('3 van minimaal 5 woorden')
    await item.getByRole('button', { name: 'Review versturen' }).click()
    await expect(item.getByText('Schrijf een review van minimaal 5 woorden')).toBeVisible()
    await expect(item.getByText('Kies 1 tot 5 sterren')).toBeVisible()
    await text.fill('Mijn merrie eet het graag en glanst')
    await expect(item.locator('#field-text-count')).toHaveText('7 van minimaal 5 woorden')
    // A tap on the fourth star; the arrow keys then move along the radio group.
    await item.locator('.star-input__star').nth(3).click()
    await expect(item.getByRole('radio', { name: '4 van 5 sterren' })).toBeChecked()
    await page.keyboard.press('ArrowLeft')
    await expect(item.getByRole('radio', { name: '3 van 5 sterren' })).toBeChecked()
    await page.keyboard.press('ArrowRight')
    await expect(item.getByRole('radio', { name: '4 van 5 sterren' })).toBeChecked()
    await expect(item.getByRole('combobox', { name: 'Taal van je review' })).toHaveValue('nl')
    await item.getByRole('button', { name: 'Review versturen' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Bedankt voor je review' })).toBeVisible()
    await expect(item.getByText(/Wordt gecontroleerd/)).toBeVisible()

    const pending = await page.request.get(`${ORIGIN}/api/backoffice/reviews?status=pending`, { headers: BACKOFFICE })
    const review = ((await pending.json()) as { reviewId: number; title: string }[]).find(
      (r) => r.title === 'Glanzende vacht',
    )!
    expect(review).toBeTruthy()
    const productPath = (await (await page.request.get(`${ORIGIN}/api/products/${PRODUCT_ID}`)).json()) as {
      path: string
    }
    await page.goto(`${ORIGIN}${productPath.path}`)
    await expect(page.getByText('Glanzende vacht')).toHaveCount(0)

    const approved = await page.request.put(`${ORIGIN}/api/backoffice/reviews/${review.reviewId}/status`, {
      headers: BACKOFFICE,
      data: { status: 'approved' },
    })
    expect(approved.status(), await approved.text()).toBe(200)
    // The product page's answers may be kept 2 s by the server.
    await expect(async () => {
      await page.goto(`${ORIGIN}${productPath.path}`)
      await page
        .getByRole('button', { name: /Reviews/ })
        .first()
        .click({ timeout: 1000 })
        .catch(() => undefined)
      await expect(page.getByText('Glanzende vacht')).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 15_000 })

    await page.goto(`${ORIGIN}/account/reviews/`)
    await expect(page.locator('.review-status--approved')).toHaveText('Online')
  })

  test('a scan result from the back office is in the account, new, with its chart', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { emailAddress } = await signUpAndIn(page.context().request)
    const posted = await page.request.post(`${ORIGIN}/api/backoffice/scanresults`, {
      headers: BACKOFFICE,
      data: {
        emailAddress,
        siteId: 1,
        name: 'Hooi weiland achter',
        type: 'rqs',
        receiptDate: '2026-11-02',
        resultDate: '2026-11-09',
        sampleValue: 82.5,
        targetValue: 110,
        average: 101.25,
        dryMatterPercentage: 86.4,
        nutrition: null,
      },
    })
    expect(posted.status(), await posted.text()).toBe(201)

    await page.goto(`${ORIGIN}/account/rqs-results/`)
    await page.getByRole('button', { name: nl.consent.decline }).click()
    const results = page.getByRole('region', { name: /Analyseresultaten/ })
    await expect(results.locator('.unread-count')).toHaveText('Nieuw: 1')
    const item = results.getByRole('link', { name: /Hooi weiland achter/ })
    await expect(item).toContainText('Nieuw')
    await item.click()
    await expect(page).toHaveURL(/\?result=\d+/)
    const chart = page.getByRole('figure', { name: /Je monster vergeleken met de streefwaarde/ })
    await expect(chart).toContainText('Jouw monster')
    await expect(chart).toContainText('82,50')
    await expect(chart).toContainText('110,00')
    await expect(chart).toContainText('101,25')
    await expect(chart).toContainText('Je monster zit onder de streefwaarde.')
    await expect(page.getByText('86,40 %')).toBeVisible()
    await page.screenshot({ path: 'test-results/account-scan-result-nl.png', fullPage: true })

    await page.getByRole('link', { name: 'Terug naar het overzicht' }).click()
    await expect(page.getByRole('region', { name: /Analyseresultaten/ }).locator('.unread-count')).toHaveCount(0)
    const account = await page.request.get(`${ORIGIN}/api/account`)
    expect(((await account.json()) as { unreadQuickscanResults: number }).unreadQuickscanResults).toBe(0)
  })
})
