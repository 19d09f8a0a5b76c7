// Accounts in the browser, on a server of their own whose mails reach a real SMTP listener: register → activation
// mail → confirm → sign in with the captcha → the account's overview → sign out (the device forgets the person) →
// the account pages guarded (to the login page and back after signing in); forgot → mail → reset → sign in; and the
// checkout's login step signing in and going on to delivery. On a 390 px phone, in Chromium.
import { expect, test, type Page } from '@playwright/test'
import { addToCart, SPORT_MUESLI } from './cart-helpers.ts'
import { PHONE } from './checkout-helpers.ts'
import { fillBilling } from './checkout-helpers.ts'
import { nl, storedRows } from './helpers.ts'
import {
  accountServer,
  axeViolations,
  mailedLink,
  newAccount,
  registerAndActivate,
  registerAndActivateByApi,
  signIn,
  signInOnPage,
  waitForMail,
} from './account-helpers.ts'

const server = accountServer(3)
const auth = nl.account.auth

test.use({ viewport: PHONE })

/** Entries of the service worker's caches whose path is personal (the account area, the account's calls). */
const personalCacheEntries = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname
        if (/^\/(?:[a-z]{2}\/)?account(?:\/|$)|^\/api\/(?:account|authentication)(?:\/|$)/i.test(path)) found.push(path)
      }
    }
    return found
  })

test('register, activate by mail, sign in with the captcha, see the account, sign out', async ({ page }) => {
  const origin = server.origin()
  const account = newAccount('anna')
  await registerAndActivate(page, server, account)

  // The login page after activation signs in (the captcha solves itself) and opens the overview.
  await signInOnPage(page, account)
  await expect(page).toHaveURL(`${origin}/account/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hallo ${account.firstName}`)
  const accountNav = page.getByRole('navigation', { name: nl.account.nav.label })
  await expect(accountNav.getByRole('link', { name: nl.account.nav.orders })).toBeVisible()
  // The header's account entry (on a narrow phone the first line of the menu): to the account, named so.
  const headerAccount = page.locator('a.entry-point--account[data-place="menu"]')
  await expect(headerAccount).toHaveAttribute('href', '/account/')
  await expect(headerAccount).toHaveAttribute('aria-label', nl.header.account)
  // The overview is personal: the server says so, and nothing of it lands in the service worker's caches.
  expect(await axeViolations(page)).toEqual([])
  const reload = await page.reload()
  expect(reload?.headers()['cache-control']).toBe('private, no-store')
  expect(await personalCacheEntries(page)).toEqual([])

  // A draft typed at the checkout is this person's: sign-out removes it (and the cart on this device).
  await addToCart(page, `${origin}${SPORT_MUESLI}`, 1)
  await page.goto(`${origin}/checkout/billing/`)
  await expect(page.getByLabel(nl.checkout.billing.firstName, { exact: true })).toHaveValue(account.firstName)
  await page.getByLabel(nl.checkout.billing.phone, { exact: true }).fill('0612345678')
  await expect.poll(async () => (await storedRows(page, 'checkoutDrafts')).length).toBeGreaterThan(0)

  await page.goto(`${origin}/account/`)
  await accountNav.getByRole('button', { name: nl.account.nav.signOut }).click()
  await expect(page).toHaveURL(`${origin}/account/login/?s=1`)
  await expect(page.getByText(auth.login.flagSuccess)).toBeVisible()
  await expect.poll(async () => (await storedRows(page, 'checkoutDrafts')).length).toBe(0)
  await expect.poll(async () => (await storedRows(page, 'cartOutbox')).length).toBe(0)
  expect(await personalCacheEntries(page)).toEqual([])
  await expect(headerAccount).toHaveAttribute('href', '/account/login/')
  await expect(headerAccount).toHaveAttribute('aria-label', nl.header.accountSignIn)

  // The account pages are guarded: the server sends a first visit to the login page, and back after signing in.
  await page.goto(`${origin}/account/?tab=1`)
  await expect(page).toHaveURL(`${origin}/account/login/?returnUrl=%2Faccount%2F%3Ftab%3D1`)
  await expect(page.getByText(auth.login.flagInfo)).toBeVisible()
  await signInOnPage(page, account)
  await expect(page).toHaveURL(`${origin}/account/?tab=1`)

  // Signed in, the signed-out pages send to the account: in the browser (a link) and from the server (a first load).
  await page.goto(`${origin}/account/register/`)
  await expect(page).toHaveURL(`${origin}/account/`)
  await page
    .getByRole('navigation', { name: nl.account.nav.label })
    .getByRole('button', { name: nl.account.nav.signOut })
    .click()
  await expect(page).toHaveURL(`${origin}/account/login/?s=1`)
  // And signed out, a link in the page to the account is guarded by the browser too.
  await page.getByRole('button', { name: nl.header.menu, exact: true }).click()
  await page.getByRole('link', { name: nl.header.accountSignIn, exact: true }).click()
  await expect(page).toHaveURL(`${origin}/account/login/`)
})

test('a wrong password shows the hints and can mail the activation link again', async ({ page }) => {
  const origin = server.origin()
  const account = newAccount('bram')
  // The captcha's code, styles and workers run under the page's policy as it is: no violation is reported.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = [])
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  await page.goto(`${origin}/account/login/?e=${encodeURIComponent('<b>Geen HTML</b>')}`)
  // `e` is text: shown as typed, never as markup.
  await expect(page.getByText('<b>Geen HTML</b>')).toBeVisible()
  await signInOnPage(page, { emailAddress: account.emailAddress, password: 'verkeerd1' })
  const failure = page.getByRole('alert').filter({ hasText: auth.login.failed })
  await expect(failure).toBeVisible()
  await expect(failure.getByRole('link', { name: auth.login.forgot })).toHaveAttribute('href', '/account/forgot/')
  await failure.getByRole('button', { name: auth.login.resend }).click()
  await expect(failure.getByText(auth.resend.done)).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
  expect(await axeViolations(page)).toEqual([])
  // A field left empty says so beside it, as it is left.
  await page.getByLabel(auth.password, { exact: true }).fill('')
  await page.getByLabel(auth.password, { exact: true }).blur()
  await expect(page.getByText(nl.validation.required)).toBeVisible()
  await expect(page).toHaveURL(/\/account\/login\//)
})

test('forgot password: the mail, a new password, signing in with it', async ({ page, request }) => {
  const origin = server.origin()
  const account = newAccount('carla')
  await registerAndActivateByApi(request, server, account)
  const before = server.mailbox().received.length

  // (Typed and sent while the page hydrates, the form can lose the address: React takes the tap, not the sending, and
  // the early-input replay only keeps what came before hydration began. See src/app/root/early-input.ts.)
  await page.goto(`${origin}/account/forgot/`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.getByLabel(auth.email, { exact: true }).fill(account.emailAddress)
  await page.getByRole('button', { name: auth.forgot.submit }).click()
  await expect(page.getByText(auth.forgot.done)).toBeVisible()
  const link = mailedLink(await waitForMail(server.mailbox(), account.emailAddress, before), '/account/reset/')

  await page.goto(link)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.getByLabel(auth.reset.password, { exact: true }).fill('kort')
  await page.getByLabel(auth.reset.repeat, { exact: true }).fill('anders')
  await page.getByRole('button', { name: auth.reset.submit }).click()
  await expect(page.getByText(nl.validation.password)).toBeVisible()
  await expect(page.getByText(nl.validation.passwordsDoNotMatch)).toBeVisible()
  await page.getByLabel(auth.reset.password, { exact: true }).fill('nieuwhooi99')
  await page.getByLabel(auth.reset.repeat, { exact: true }).fill('nieuwhooi99')
  await page.getByRole('button', { name: auth.reset.submit }).click()
  await expect(page).toHaveURL(`${origin}/account/login/?r=1`)
  await expect(page.getByText(auth.login.flagReset)).toBeVisible()

  // The link is good once.
  await page.goto(link)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.getByLabel(auth.reset.password, { exact: true }).fill('nogeens123')
  await page.getByLabel(auth.reset.repeat, { exact: true }).fill('nogeens123')
  await page.getByRole('button', { name: auth.reset.submit }).click()
  await expect(page.getByRole('link', { name: auth.reset.requestAgain })).toHaveAttribute('href', '/account/forgot/')

  await signIn(page, origin, { ...account, password: 'nieuwhooi99' })
})

test('reset and confirm need their token and account, else they send away', async ({ page }) => {
  const origin = server.origin()
  await page.goto(`${origin}/account/reset/`)
  await expect(page).toHaveURL(`${origin}/account/login/?returnUrl=%2Faccount%2F`)
  await page.goto(`${origin}/account/confirm/?token=abc`)
  await expect(page).toHaveURL(`${origin}/`)
  await page.goto(`${origin}/checkout/reset/?userId=1`)
  await expect(page).toHaveURL(/\/(checkout\/billing|winkelwagen)\//)
})

test('the checkout login step signs in and goes on to delivery', async ({ page, request }) => {
  const origin = server.origin()
  const account = newAccount('dirk')
  await registerAndActivateByApi(request, server, account)
  await page.goto(`${origin}${SPORT_MUESLI}`)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  await addToCart(page, `${origin}${SPORT_MUESLI}`, 2)
  await page.goto(`${origin}/checkout/billing/`)
  await fillBilling(page, account.emailAddress)
  await page.getByRole('button', { name: nl.checkout.billing.next }).click()
  await expect(page).toHaveURL(`${origin}/checkout/delivery/`)

  await page.goto(`${origin}/checkout/login/?i=1`)
  await expect(page.getByText(nl.checkout.login.info)).toBeVisible()
  await expect(page.getByRole('link', { name: nl.checkout.login.guest })).toBeVisible()
  await signInOnPage(page, account)
  await expect(page).toHaveURL(`${origin}/checkout/delivery/`)
  await page.goto(`${origin}/checkout/login/`)
  await expect(page.getByText(nl.checkout.login.signedInAs.replace('{{email}}', account.emailAddress))).toBeVisible()
})

test('the register page with its errors passes axe', async ({ page }) => {
  await page.goto(`${server.origin()}/account/register/`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByRole('button', { name: auth.register.submit }).click()
  await expect(page.getByText(nl.validation.required).first()).toBeVisible()
  await expect(page.getByLabel(nl.checkout.billing.firstName, { exact: true })).toBeFocused()
  expect(await axeViolations(page)).toEqual([])
})
