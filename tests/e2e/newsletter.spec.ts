// The newsletter in Chromium against a server of its own that sends its mail to a real SMTP listener here: the
// footer's sign-up, the confirmation mail and its page, a newsletter from the back office with its one-click
// headers, and its unsubscribe page; offline, the form says it needs the network.
import { expect, test, type Page } from '@playwright/test'
import type { ParsedMail } from 'mailparser'
import { linkOf, startSmtpListener, type SmtpListener } from '../../src/server/mail/mail-test-setup.ts'
import { fill, nl } from './helpers.ts'
import { ownPort } from './ports.ts'
import { startServer, type RunningServer } from './server.ts'

const PORT = ownPort(17)
const BASE = `http://localhost:${PORT}`
const BACKOFFICE_TOKEN = 'end-to-end-tests-back-office-token-0123456789'

let smtp: SmtpListener
let server: RunningServer
test.beforeAll(async () => {
  smtp = await startSmtpListener()
  server = await startServer(PORT, 'dist', undefined, { SMTP_URL: smtp.url, JOBS_POLL_MS: '100' })
})
test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '')
/** The newest mail to `address` whose subject is `subject`, once it has arrived. */
async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  await expect
    .poll(() => smtp.received.some((m) => recipientOf(m) === address && m.subject === subject), { timeout: 15_000 })
    .toBe(true)
  return smtp.received.filter((m) => recipientOf(m) === address && m.subject === subject).at(-1)!
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
