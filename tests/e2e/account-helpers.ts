// What the account's browser tests share (and other account tests may use): a server of the describe block's own
// whose mails go to a real SMTP listener in the test (smtp-server, parsed with mailparser), waiting for a mail and
// following its link, registering and activating an account (through the pages, or through the API for tests that
// only need one), and signing in through the login page with its captcha.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { ParsedMail } from 'mailparser'
import { startSmtpListener, type SmtpListener } from '../../src/server/mail/mail-test-setup.ts'
import { nl } from './helpers.ts'
import { startServer, type RunningServer } from './server.ts'
import { ownPort } from './ports.ts'

export interface AccountServer {
  /** The Dutch site on this server: 'http://equivera-nl.localhost:<port>'. */
  origin: () => string
  /** The same site for calls from Node, which does not resolve *.localhost: plain localhost is the Dutch site. */
  apiOrigin: () => string
  mailbox: () => SmtpListener
}

/**
 * A server of the describe block's own (`offset` above E2E_PORT) that sends its mails to a listener here. Its
 * captchas are quick to solve (CAPTCHA_MAX_NUMBER), its jobs look for mail to send every 100 ms.
 */
export function accountServer(offset: number): AccountServer {
  let server: RunningServer
  let mailbox: SmtpListener
  test.beforeAll(async () => {
    mailbox = await startSmtpListener()
    server = await startServer(ownPort(offset), 'dist', undefined, {
      SMTP_URL: mailbox.url,
      CAPTCHA_MAX_NUMBER: '20000',
      JOBS_POLL_MS: '100',
    })
  })
  test.afterAll(async () => {
    await server?.stop()
    await mailbox?.close()
  })
  return {
    origin: () => `http://equivera-nl.localhost:${ownPort(offset)}`,
    apiOrigin: () => `http://localhost:${ownPort(offset)}`,
    mailbox: () => mailbox,
  }
}

/** An address no other test uses. */
export const uniqueEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.nl`

/** The first mail to `to` received after `after` mails (a count of mailbox.received), waiting for it. */
export async function waitForMail(
  mailbox: SmtpListener,
  to: string,
  after = 0,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = mailbox.received.slice(after).find((m) => (m.to && 'text' in m.to ? m.to.text : '').includes(to))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
}

/** The link in a mail to a page of the app (`/account/confirm/`, `/checkout/reset/` …), with its token and userId. */
export function mailedLink(mail: ParsedMail, path: string): string {
  const html = typeof mail.html === 'string' ? mail.html : ''
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1]!.replace(/&amp;/g, '&')
    if (new URL(href).pathname.endsWith(path) && href.includes('token=')) return href
  }
  throw new Error(`no link to ${path} in the mail "${mail.subject}"`)
}

export interface NewAccount {
  emailAddress: string
  password: string
  firstName: string
}

export const newAccount = (name = 'anna'): NewAccount => ({
  emailAddress: uniqueEmail(name),
  password: 'hooi2024',
  firstName: name.charAt(0).toUpperCase() + name.slice(1),
})

/** Registers through the register page, then opens the activation link of the mail: the login page says a=1. */
export async function registerAndActivate(page: Page, server: AccountServer, account: NewAccount): Promise<void> {
  const auth = nl.account.auth
  const before = server.mailbox().received.length
  await page.goto(`${server.origin()}/account/register/`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByLabel(nl.checkout.billing.firstName, { exact: true }).fill(account.firstName)
  await page.getByLabel(nl.checkout.billing.lastName, { exact: true }).fill('de Vries')
  await page.getByLabel(auth.email, { exact: true }).fill(account.emailAddress)
  await page.getByLabel(auth.password, { exact: true }).fill(account.password)
  await page.getByRole('button', { name: auth.register.submit }).click()
  await expect(page.getByRole('heading', { name: auth.register.doneTitle })).toBeVisible()
  const mail = await waitForMail(server.mailbox(), account.emailAddress, before)
  await page.goto(mailedLink(mail, '/account/confirm/'))
  await expect(page).toHaveURL(/\/account\/login\/\?a=1$/)
  await expect(page.getByText(auth.login.flagActivated)).toBeVisible()
}

/** The same through the API (no pages): for tests that only need an activated account. */
export async function registerAndActivateByApi(
  request: APIRequestContext,
  server: AccountServer,
  account: NewAccount,
): Promise<void> {
  const origin = server.apiOrigin()
  const before = server.mailbox().received.length
  const registered = await request.post(`${origin}/api/account`, {
    params: { callbackUrl: `${origin}/account/confirm/` },
    data: {
      emailAddress: account.emailAddress,
      password: account.password,
      firstName: account.firstName,
      lastName: 'Test',
    },
  })
  expect(registered.status()).toBe(204)
  const link = new URL(
    mailedLink(await waitForMail(server.mailbox(), account.emailAddress, before), '/account/confirm/'),
  )
  const confirmed = await request.post(`${origin}/api/account/${link.searchParams.get('userId')}/confirm`, {
    params: { token: link.searchParams.get('token')! },
  })
  expect(confirmed.status()).toBe(204)
}

/**
 * Signs in on the page that shows the sign-in form (the login page, or the checkout's login step): fills in the
 * address and password and sends once the captcha is solved. The caller checks where it lands.
 */
export async function signInOnPage(page: Page, account: Pick<NewAccount, 'emailAddress' | 'password'>): Promise<void> {
  const auth = nl.account.auth
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByLabel(auth.email, { exact: true }).fill(account.emailAddress)
  await page.getByLabel(auth.password, { exact: true }).fill(account.password)
  // Solved on load; the form would wait for it anyway, this only makes a slow run's failure say what was missing.
  await expect(page.locator('.captcha')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 })
  await page.getByRole('button', { name: auth.login.submit }).click()
}

/** Signs in through the login page of `origin` and waits for the account's overview. */
export async function signIn(page: Page, origin: string, account: NewAccount): Promise<void> {
  await page.goto(`${origin}/account/login/`)
  await signInOnPage(page, account)
  await expect(page).toHaveURL(`${origin}/account/`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(account.firstName)
}

/**
 * axe-core with every rule up to WCAG 2.2 AA (as accessibility.spec.ts runs it) on the page as it is now: each
 * violation with the elements it names.
 */
export async function axeViolations(page: Page) {
  // Evaluated, not a script tag: the page's policy refuses inline scripts without its nonce.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
  const rules = await page.evaluate(() =>
    (window as unknown as { axe: { getRules(): { ruleId: string; tags: string[] }[] } }).axe
      .getRules()
      .filter((rule) => !rule.tags.some((tag) => /^wcag2\d?aaa$/.test(tag)))
      .map((rule) => rule.ruleId),
  )
  const result = await new AxeBuilder({ page }).withRules(rules).analyze()
  return result.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}
