// The account area rendered by the server (a first load): the guard answers before any page is rendered, with the
// visitor's session, and whatever depends on who asks is never kept or shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { sourceRenderer } from '../../../tests/helpers/renderer.ts'
import { signedIn } from '../accounts/account-test-setup.ts'
import { CAPTCHA_TEST_ENV } from '../captcha/captcha-test-solver.ts'

describe.each(DIALECTS)('the account area rendered on the server on %s', (dialect) => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp(dialect, { renderer: sourceRenderer(), env: { ...CAPTCHA_TEST_ENV } })
  })
  afterAll(async () => testApp.close())
  const get = (url: string, cookie?: string, host: string = HOSTS.nl) =>
    testApp.app.inject({ method: 'GET', url, headers: { host, ...(cookie && { cookie }) } })
  const session = () =>
    signedIn(
      () => testApp.app,
      () => testApp.database.handle.db,
    )

  it.each([
    ['/account/', '/account/login/?returnUrl=%2Faccount%2F'],
    ['/account/?p=2', '/account/login/?returnUrl=%2Faccount%2F%3Fp%3D2'],
    ['/fr/account/', '/fr/account/login/?returnUrl=%2Ffr%2Faccount%2F'],
  ])('sends a signed-out visitor of %s to the login page of the language', async (path, login) => {
    const host = path.startsWith('/fr/') ? HOSTS.be : HOSTS.nl
    const response = await get(path, undefined, host)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(login)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('renders the overview for a signed-in visitor, personal and never kept', async () => {
    const { cookie, emailAddress } = await session()
    const first = await get('/account/', cookie)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('private, no-store')
    expect(first.body).toContain('Hallo Anna')
    expect(first.body).toContain(emailAddress)
    expect(first.body).toContain(`aria-label="${nl.account.nav.label}"`)
    // The browser starts from the state the page was rendered with.
    expect(first.body).toContain('window.__accountState = {"status":"signedIn"')
    // Right after, a visitor without the session is not shown the kept page.
    const other = await get('/account/')
    expect(other.statusCode).toBe(302)
    expect(other.body).not.toContain(emailAddress)
  })

  it('sends a signed-in visitor of a signed-out page to the account, or where returnUrl says', async () => {
    const { cookie } = await session()
    expect((await get('/account/login/', cookie)).headers.location).toBe('/account/')
    expect((await get('/account/login/?returnUrl=%2Faccount%2F%3Fx%3D1', cookie)).headers.location).toBe(
      '/account/?x=1',
    )
    // Never elsewhere: a returnUrl to another site is ignored.
    expect((await get('/account/login/?returnUrl=%2F%2Fevil.example%2F', cookie)).headers.location).toBe('/account/')
  })

  it('renders the signed-out pages for a signed-out visitor, and public pages as before', async () => {
    const login = await get('/account/login/?e=%3Cscript%3Ealert(1)%3C%2Fscript%3E')
    expect(login.statusCode).toBe(200)
    expect(login.headers['cache-control']).toBe('private, no-store')
    expect(login.body).toContain(`<h1 tabindex="-1" id="page-heading">${nl.account.auth.login.title}</h1>`)
    expect(login.body).not.toContain('<script>alert(1)</script>')
    const home = await get('/')
    expect(home.headers['cache-control']).toBe('no-cache')
    expect(home.body).not.toContain('__accountState')
  })

  it('sends reset without its token to the account, confirm without it home', async () => {
    expect((await get('/account/reset/?userId=1')).headers.location).toBe('/account/')
    expect((await get('/account/confirm/?token=abc')).headers.location).toBe('/')
    expect((await get('/checkout/reset/')).headers.location).toBe('/checkout/')
  })
})
