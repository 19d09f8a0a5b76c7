// The account mails as they arrive at a real SMTP server (smtp-server, parsed with mailparser): register → the
// activation mail → its link confirms → sign-in; forgot → the reset mail (queued by a job) → its link resets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { CAPTCHA_TEST_ENV } from '../captcha/captcha-test-solver.ts'
import { linkOf, startSmtpListener, type SmtpListener } from '../mail/mail-test-setup.ts'
import { accountClient, CONFIRM_PAGE, newAddress, PASSWORD, registration, RESET_PAGE } from './account-test-setup.ts'

describe('account mails over SMTP', () => {
  let smtp: SmtpListener
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp('sqlite', { env: { SMTP_URL: smtp.url, ...CAPTCHA_TEST_ENV } })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })
  const client = accountClient(() => t.app)
  const receivedBy = (address: string) => smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === address)
  const params = (href: string) => new URL(href).searchParams

  it('sends the activation link, which activates; then the reset link, which resets', async () => {
    const address = newAddress()
    expect((await client.register(registration(address))).statusCode).toBe(204)
    await t.app.context.jobs.drain()
    const [activation] = receivedBy(address)
    expect(activation!.subject).toBe('Activeer je account bij Equivera')
    expect(activation!.headers.get('content-language')).toBe('nl')
    expect(activation!.from?.text).toContain('Equivera')
    const href = linkOf(String(activation!.html), 'Account activeren')!
    expect(href.startsWith(`${CONFIRM_PAGE}?userId=`)).toBe(true)
    expect(activation!.text).toContain(href)
    const userId = params(href).get('userId')!
    expect((await client.confirm(userId, params(href).get('token')!)).statusCode).toBe(204)
    expect((await client.signIn(address, PASSWORD)).statusCode).toBe(204)

    const forgot = await client.send(
      'POST',
      `/api/account/forgotpassword?callbackUrl=${encodeURIComponent(RESET_PAGE)}`,
      { emailAddress: address },
    )
    expect(forgot.statusCode).toBe(204)
    // The job finds the account and queues the mail; the next round sends it.
    await t.app.context.jobs.drain()
    await t.app.context.jobs.drain()
    const reset = receivedBy(address).at(-1)!
    expect(reset.subject).toBe('Een nieuw wachtwoord voor Equivera')
    const resetHref = linkOf(String(reset.html), 'Nieuw wachtwoord kiezen')!
    expect(resetHref.startsWith(`${RESET_PAGE}?userId=${userId}&token=`)).toBe(true)
    const res = await client.send(
      'POST',
      `/api/account/${userId}/resetpassword?token=${params(resetHref).get('token')}`,
      { newPassword: 'nieuwHooi42' },
    )
    expect(res.statusCode).toBe(204)
    expect((await client.signIn(address, 'nieuwHooi42')).statusCode).toBe(204)
    expect(HOSTS.nl).toBe(new URL(resetHref).hostname)
  })
})
