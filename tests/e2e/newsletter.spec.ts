// The newsletter in Chromium against a server of its own that sends its mail to a real SMTP listener here: the
// footer's sign-up, the confirmation mail and its page, a newsletter from the back office with its one-click
// headers, and its unsubscribe page; offline, the form says it needs the network.
import { expect, test, type Page } from '@playwright/test'
import type { ParsedMail } from 'mailparser'
import type { Challenge } from 'altcha-lib'
import { CAPTCHA_TEST_ENV, solveCaptcha } from '../../src/server/captcha/captcha-test-solver.ts'
import { linkOf, startSmtpListener, type SmtpListener } from '../../src/server/mail/mail-test-setup.ts'
import { fill, nl } from './helpers.ts'
import { ownPort } from './ports.ts'
import { BACKOFFICE_TOKEN, startServer, type RunningServer } from './server.ts'

const PORT = ownPort(17)
const BASE = `http://localhost:${PORT}`

let smtp: SmtpListener
let server: RunningServer
test.beforeAll(async () => {
  smtp = await startSmtpListener()
  server = await startServer(PORT, 'dist', undefined, {
    SMTP_URL: smtp.url,
    JOBS_POLL_MS: '100',
    // Captchas quick to solve: the account test signs in through the API.
    ...CAPTCHA_TEST_ENV,
  })
})
test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '')
/** The newest mail to `address` whose subject is `subject`, once it has arrived. */
async function mailTo(address: string, subject?: string): Promise<ParsedMail> {
  const matches = (m: ParsedMail) => recipientOf(m) === address && (subject === undefined || m.subject === subject)
  await expect.poll(() => smtp.received.some(matches), { timeout: 15_000 }).toBe(true)
  return smtp.received.filter(matches).at(-1)!
}
const rawHeader = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? ''
  return line.slice(line.indexOf(':') + 1).trim()
}

async function hydrated(page: Page, path: string) {
  await page.goto(`${BASE}${path}`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

test.use({ viewport: { width: 390, height: 844 } })

test('footer sign-up → confirmation mail → confirm page → a newsletter → its unsubscribe page', async ({
  page,
  request,
}) => {
  const address = `fenna.${Date.now()}@example.nl`
  await hydrated(page, '/')
  const form = page.locator('.newsletter-signup')
  await form.scrollIntoViewIfNeeded()
  const below = page.locator('.secondary-navigation')
  const before = await below.boundingBox()
  await form.getByLabel(nl.newsletter.footer.email).fill(address)
  await form.getByRole('button', { name: nl.newsletter.footer.submit }).click()
  await expect(form.getByRole('status')).toHaveText(nl.newsletter.footer.done)
  // The message had its room: nothing below the form moved.
  expect((await below.boundingBox())!.y).toBe(before!.y)
  await expect(form.getByLabel(nl.newsletter.footer.email)).toHaveValue('')

  const confirmation = await mailTo(address, fill(nl.mail.newsletterConfirm.subject, { brand: 'Equivera' }))
  const link = linkOf(confirmation.html as string, nl.mail.newsletterConfirm.button)!
  expect(new URL(link).origin).toBe(BASE)
  await page.goto(link)
  const main = page.locator('.newsletter-page')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(nl.newsletter.confirm.title)
  await expect(main.getByRole('status')).toContainText(fill(nl.newsletter.confirm.done, { email: address }))
  await expect(main.getByRole('status')).toContainText(nl.messages.newsletterSignedUp)
  // The token left the address.
  expect(new URL(page.url()).search).toBe('')

  const sent = await request.post(`${BASE}/api/backoffice/newsletters`, {
    headers: { authorization: `Bearer ${BACKOFFICE_TOKEN}` },
    data: {
      siteId: 1,
      editions: [
        {
          language: 'nl',
          subject: 'Winterkost voor je paard',
          heading: 'Goed de winter door',
          paragraphs: ['Hooi, water en beweging.'],
        },
      ],
    },
  })
  expect(sent.status()).toBe(202)
  const newsletter = await mailTo(address, 'Winterkost voor je paard')
  expect(rawHeader(newsletter, 'list-unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?/)
  expect(rawHeader(newsletter, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  const unsubscribe = linkOf(newsletter.html as string, nl.mail.newsletter.unsubscribe)!
  await page.goto(unsubscribe)
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(nl.newsletter.unsubscribe.title)
  await expect(main.getByRole('status')).toHaveText(fill(nl.newsletter.unsubscribe.done, { email: address }))
  expect(new URL(page.url()).search).toBe('')

  // The same link again: still unsubscribed, said the same way; a broken one says so.
  await page.goto(unsubscribe)
  await expect(main.getByRole('status')).toHaveText(fill(nl.newsletter.unsubscribe.done, { email: address }))
  await page.goto(`${BASE}/newsletter/unsubscribe/?id=1`)
  await expect(main.getByRole('alert')).toHaveText(nl.newsletter.unsubscribe.missing)
})

test('an old confirmation link says it is no longer valid', async ({ page }) => {
  await page.goto(`${BASE}/newsletter/confirm/?token=${'x'.repeat(43)}`)
  const main = page.locator('.newsletter-page')
  await expect(main.getByRole('alert')).toHaveText(nl.newsletter.confirm.invalid)
  await expect(main.getByRole('link', { name: nl.newsletter.home })).toHaveAttribute('href', '/')
})

test('offline, the footer’s form says it needs the network', async ({ page, context }) => {
  await hydrated(page, '/')
  const form = page.locator('.newsletter-signup')
  await form.getByLabel(nl.newsletter.footer.email).fill('offline@example.nl')
  await context.setOffline(true)
  await form.getByRole('button', { name: nl.newsletter.footer.submit }).click()
  await expect(form.getByRole('alert')).toHaveText(nl.newsletter.footer.offline)
  await context.setOffline(false)
})

test('the account’s subscriptions page opts in and out, and says the subscriptions changed', async ({ page }) => {
  // An account registered, activated and signed in through the API (the page's request shares the browser's
  // cookies, so the page is signed in too).
  const address = `ruiter.${Date.now()}@example.nl`
  const password = 'hooi2026rijden'
  const callbackUrl = encodeURIComponent(`${BASE}/account/confirm/`)
  const registered = await page.request.post(`${BASE}/api/account?callbackUrl=${callbackUrl}`, {
    data: { emailAddress: address, password, firstName: 'Anna', lastName: 'de Vries' },
  })
  expect(registered.status()).toBe(204)
  const activation = new URL(/(https?:\/\/\S+[?&]token=[\w-]+)/.exec((await mailTo(address)).text ?? '')![1]!)
  const userId = activation.searchParams.get('userId')!
  const token = activation.searchParams.get('token')!
  expect((await page.request.post(`${BASE}/api/account/${userId}/confirm?token=${token}`)).status()).toBe(204)
  const challenge = (await (await page.request.get(`${BASE}/api/captcha/challenge`)).json()) as Challenge
  const signedIn = await page.request.post(`${BASE}/api/authentication/signin`, {
    data: { emailAddress: address, password },
    headers: { recaptchatoken: await solveCaptcha(challenge) },
  })
  expect(signedIn.status()).toBe(204)

  await hydrated(page, '/account/subscriptions/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.account.subscriptions.title)
  const box = page.getByRole('checkbox', { name: nl.account.subscriptions.newsletter })
  await expect(box).not.toBeChecked()
  await expect(page.getByText(fill(nl.account.subscriptions.newsletterHint, { email: address }))).toBeVisible()
  await box.check()
  await page.getByRole('button', { name: nl.account.subscriptions.save }).click()
  await expect(page.locator('.account-subscriptions__message')).toHaveText(nl.messages.subscriptionsChanged)

  await page.reload()
  await expect(page.getByRole('checkbox', { name: nl.account.subscriptions.newsletter })).toBeChecked()
  await page.getByRole('checkbox', { name: nl.account.subscriptions.newsletter }).uncheck()
  await page.getByRole('button', { name: nl.account.subscriptions.save }).click()
  await expect(page.locator('.account-subscriptions__message')).toHaveText(nl.messages.subscriptionsChanged)
  await page.reload()
  await expect(page.getByRole('checkbox', { name: nl.account.subscriptions.newsletter })).not.toBeChecked()
})
