// A return with a photo, on a phone: an account registered, activated (the link read from the server's mail outbox)
// and signed in with the captcha solved, an order paid with a gift card, then the returns pages: the product
// reported with a real JPEG made in the browser (scaled and sent), the success, the report listed and its photo
// shown. Offline the form says so and keeps what was typed. A server of its own, so the test can read its mails.
import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import type { Challenge } from 'altcha-lib'
import { solveCaptcha } from '../../src/server/captcha/captcha-test-solver.ts'
import { PHONE } from './checkout-helpers.ts'
import { texts } from './helpers.ts'
import { ownPort } from './ports.ts'
import { startServer, type RunningServer } from './server.ts'

const PORT = ownPort(9)
const PASSWORD = 'hooi2026rijden'
const MUESLI_VARIANT = 101

interface SiteCase {
  language: string
  origin: string
  prefix: string
  billing: object
  giftCard: { giftCardNumber: string; giftCardPin: string }
  /** Bags of muesli ordered: what the site's gift card pays whole. */
  quantity: number
}

const NL: SiteCase = {
  language: 'nl',
  origin: `http://equivera-nl.localhost:${PORT}`,
  prefix: '',
  billing: {
    firstName: 'Anna',
    lastName: 'de Vries',
    phoneNumber: '+31612345678',
    emailAddress: 'anna@example.nl',
    address: {
      zipcode: '1011 WU',
      street: 'Prins Bernhardlaan',
      streetNumber: '1',
      streetNumberAddition: '',
      city: 'Amsterdam',
      countryId: 1,
    },
  },
  giftCard: { giftCardNumber: '6280010000000025', giftCardPin: '234567' },
  quantity: 2,
}
const FR_BE: SiteCase = {
  language: 'fr-BE',
  origin: `http://equivera-be.localhost:${PORT}`,
  prefix: '/fr',
  billing: {
    firstName: 'Anne',
    lastName: 'Dupont',
    phoneNumber: '+32470123456',
    emailAddress: 'anne@example.be',
    address: {
      zipcode: '2000',
      street: 'Hoefijzerstraat',
      streetNumber: '12',
      streetNumberAddition: '',
      city: 'Antwerpen',
      countryId: 2,
    },
  },
  giftCard: { giftCardNumber: '6280020000000016', giftCardPin: '456789' },
  quantity: 1,
}

let server: RunningServer
test.beforeAll(async () => {
  server = await startServer(PORT)
})
test.afterAll(async () => server.stop())

/** A call from the page itself (same origin, the browser's cookies): status and body. */
async function call(page: Page, method: string, path: string, body?: object, headers: Record<string, string> = {}) {
  return page.evaluate(
    async (request) => {
      const response = await fetch(request.path, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body && { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: request.body ? JSON.stringify(request.body) : undefined,
      })
      const text = await response.text()
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
    },
    { method, path, body, headers },
  )
}

/** The newest mail of a kind to an address, read from the server's outbox. */
async function mailTo(address: string, kind: string): Promise<{ subject: string; text: string }> {
  const db = new DatabaseSync(join(server.dir, 'shop.sqlite'), { readOnly: true })
  try {
    let row: { subject: string; text: string } | undefined
    await expect
      .poll(() => {
        row = db
          .prepare('select subject, text from mails where recipient = ? and kind = ? order by id desc limit 1')
          .get(address, kind) as typeof row
        return row !== undefined
      })
      .toBe(true)
    return row!
  } finally {
    db.close()
  }
}

/** An activated, signed-in account of the site with one order paid by a gift card: its e-mail address. */
async function signedInWithPaidOrder(page: Page, site: SiteCase): Promise<string> {
  await page.goto(`${site.origin}${site.prefix}/`)
  await page.getByRole('button', { name: texts(site.language).consent.decline }).click()
  const email = `ruiter-${Date.now()}@example.nl`
  const registered = await call(
    page,
    'POST',
    `/api/account?callbackUrl=${encodeURIComponent(`${site.origin}${site.prefix}/account/confirm/`)}`,
    { emailAddress: email, password: PASSWORD, firstName: 'Anna', lastName: 'de Vries' },
  )
  expect(registered.status, JSON.stringify(registered.body)).toBe(204)
  const activation = await mailTo(email, 'account-activation')
  const link = new URL(activation.text.match(/https?:\/\/\S+token=[\w-]+\S*/)![0])
  const confirmed = await call(
    page,
    'POST',
    `/api/account/${link.searchParams.get('userId')}/confirm?token=${link.searchParams.get('token')}`,
  )
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(204)
  const challenge = await call(page, 'GET', '/api/captcha/challenge')
  const signedIn = await call(
    page,
    'POST',
    '/api/authentication/signin',
    { emailAddress: email, password: PASSWORD },
    { recaptchatoken: await solveCaptcha(challenge.body as Challenge) },
  )
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(204)

  const cart = await call(page, 'POST', '/api/cart', undefined, { 'idempotency-key': crypto.randomUUID() })
  expect(cart.status, JSON.stringify(cart.body)).toBe(200)
  const id = (cart.body as { shoppingcartId: string }).shoppingcartId
  for (const [path, body] of [
    [`/api/cart/${id}/products?productVariantId=${MUESLI_VARIANT}&quantity=${site.quantity}`, undefined],
    [`/api/cart/${id}/billing`, site.billing],
  ] as const) {
    const res = await call(page, 'POST', path, body, { 'idempotency-key': crypto.randomUUID() })
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(204)
  }
  const card = await call(page, 'POST', `/api/cart/${id}/giftcard`, site.giftCard)
  expect(card.status, JSON.stringify(card.body)).toBe(200)
  const placed = await call(page, 'POST', `/api/cart/${id}/order`, undefined, {
    'idempotency-key': crypto.randomUUID(),
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(200)
  expect(placed.body).toMatchObject({ status: 'paid' })
  return email
}

/** The page's WCAG A and AA violations (axe-core), each rule with the elements it names. */
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }))
}

/** A real JPEG of a "torn bag", drawn and encoded by the browser. */
async function photoOfDamage(page: Page): Promise<Buffer> {
  const data = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(800, 600)
    const context = canvas.getContext('2d')!
    context.fillStyle = '#c8a165'
    context.fillRect(0, 0, 800, 600)
    context.strokeStyle = '#3b2a14'
    context.lineWidth = 12
    context.beginPath()
    context.moveTo(120, 80)
    context.lineTo(400, 320)
    context.lineTo(260, 520)
    context.stroke()
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  })
  return Buffer.from(data, 'base64')
}

test.describe('returns on a phone', () => {
  test.use({ viewport: PHONE })

  test('signed in: a return with a photo is reported, listed, and its photo shown', async ({ page, context }) => {
    const t = texts('nl')
    const r = t.account.returns
    const email = await signedInWithPaidOrder(page, NL)

    await page.goto(`${NL.origin}/account/returns/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.title)
    await expect(page.getByText(r.noReports)).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('returns-list-empty.png'), fullPage: true })
    const report = page.getByRole('link', { name: new RegExp(`^${r.report}: `) })
    await expect(report).toHaveCount(1)
    await report.click()

    await expect(page).toHaveURL(new RegExp(`/account/returns/${MUESLI_VARIANT}/\\?order=`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.form.title)
    await page.getByLabel(r.form.quantity).fill('1')
    await page.getByRole('radio', { name: r.reasons.damaged }).check()
    await page.getByLabel(r.form.text).fill('De zak was bij aankomst gescheurd, de muesli lag los in de doos.')

    // Damaged without a photo: the photo is asked for beside its field, nothing is sent.
    await page.getByRole('button', { name: r.form.submit }).click()
    await expect(page.getByText(r.errors.photoRequired)).toBeVisible()

    await page.getByLabel(r.form.photo).setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoOfDamage(page),
    })
    await expect(page.getByRole('img', { name: r.form.photoPreview })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath('returns-form.png'), fullPage: true })

    // Offline: said plainly, and what was typed stays.
    await context.setOffline(true)
    await page.getByRole('button', { name: r.form.submit }).click()
    await expect(page.getByRole('alert').filter({ hasText: r.form.offline })).toBeVisible()
    await expect(page.getByLabel(r.form.text)).toHaveValue(/gescheurd/)
    await expect(page.getByRole('radio', { name: r.reasons.damaged })).toBeChecked()
    await page.screenshot({ path: test.info().outputPath('returns-form-offline.png'), fullPage: true })
    await context.setOffline(false)

    const sent = page.waitForResponse(
      (res) => res.url().endsWith('/api/account/returns') && res.request().method() === 'POST',
    )
    await page.getByRole('button', { name: r.form.submit }).click()
    expect((await sent).status()).toBe(200)
    await expect(page.getByRole('heading', { name: r.form.successTitle })).toBeVisible()
    await expect(page.getByText(t.messages.returnReceived)).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('returns-sent.png'), fullPage: true })

    const mail = await mailTo(email, 'return-received')
    expect(mail.subject).toMatch(/^Je retourmelding voor bestelling \d+ bij Equivera$/)

    await page.getByRole('link', { name: r.form.back }).click()
    const listed = page.getByTestId('return-report')
    await expect(listed).toHaveCount(1)
    await expect(listed).toContainText(r.status.received)
    await expect(listed).toContainText(r.reasons.damaged)
    const photo = listed.getByRole('img')
    await expect(photo).toBeVisible()
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    const src = await photo.getAttribute('src')
    const head = await page.evaluate(async (url) => {
      const res = await fetch(url)
      return { type: res.headers.get('content-type'), nosniff: res.headers.get('x-content-type-options') }
    }, src!)
    expect(head).toEqual({ type: 'image/jpeg', nosniff: 'nosniff' })
    await page.screenshot({ path: test.info().outputPath('returns-list.png'), fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    // Signed out, the photo is nobody's to see.
    expect((await call(page, 'POST', '/api/authentication/signout')).status).toBe(204)
    expect(await page.evaluate(async (url) => (await fetch(url)).status, src!)).toBe(401)
  })

  test('in French on the Belgian site: the form and its refusals in the page language', async ({ page }) => {
    const t = texts('fr-BE')
    const r = t.account.returns
    await signedInWithPaidOrder(page, FR_BE)
    await page.goto(`${FR_BE.origin}/fr/account/returns/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.title)
    await expect(page.getByRole('heading', { level: 2, name: r.startTitle })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('returns-list-fr.png'), fullPage: true })
    await page.getByRole('link', { name: new RegExp(`^${r.report}: `) }).click()
    await page.getByRole('radio', { name: r.reasons.other }).check()
    await page.getByRole('button', { name: r.form.submit }).click()
    await expect(page.getByText(r.errors.textRequired)).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('returns-form-fr.png'), fullPage: true })
  })
})
