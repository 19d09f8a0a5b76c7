// Forgot password, reset, resend confirmation and change password through HTTP, on SQLite and PostgreSQL: the same
// answer for unknown addresses, the mails (queued by a job, so the request does no lookup work that differs), expired
// and reused tokens, sessions ended by a reset or change, and the rate limits.
import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { CAPTCHA_TEST_ENV, captchaToken } from '../captcha/captcha-test-solver.ts'
import { RATE_LIMITS } from '../rate-limits/rate-limits.ts'
import {
  accountClient,
  activeAccount,
  CONFIRM_PAGE,
  linkIn,
  mailsTo,
  NL_HOST,
  newAddress,
  PASSWORD,
  registration,
  RESET_PAGE,
  sessionCookieOf,
  signedIn,
  someIp,
} from './account-test-setup.ts'

const HOUR_MS = 3_600_000
const NEW_PASSWORD = 'nieuwHooi42'

describe.each(DIALECTS)('accounts: passwords and links on %s', (dialect) => {
  let clock = Date.now()
  const { current } = useTestApp(dialect, { now: () => clock, env: CAPTCHA_TEST_ENV })
  const app = () => current().app
  const db = () => current().database.handle.db
  const client = accountClient(app)
  const error = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json())
  const drain = () => app().context.jobs.drain()
  const later = async <T>(ms: number, run: () => Promise<T>): Promise<T> => {
    clock += ms
    try {
      return await run()
    } finally {
      clock -= ms
    }
  }

  const forgot = (emailAddress: string, ip?: string) =>
    client.send(
      'POST',
      `/api/account/forgotpassword?callbackUrl=${encodeURIComponent(RESET_PAGE)}`,
      { emailAddress },
      {},
      ip,
    )
  const reset = (userId: number, token: string, newPassword: string) =>
    client.send('POST', `/api/account/${userId}/resetpassword?token=${token}`, { newPassword })
  const resend = async (query: string, body: object, ip?: string) =>
    client.send(
      'POST',
      `/api/account/resendconfirmation?callbackUrl=${encodeURIComponent(CONFIRM_PAGE)}${query}`,
      body,
      { recaptchatoken: await captchaToken(app(), NL_HOST) },
      ip,
    )
  const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
    client.send('POST', '/api/account/changepassword', { currentPassword, newPassword }, { cookie })

  describe('forgot and reset', () => {
    it('answers 204 for a known and an unknown address alike, and mails a reset link to the known one', async () => {
      const { emailAddress, userId } = await activeAccount(app, db)
      const unknown = newAddress('onbekend')
      const known = await forgot(emailAddress)
      const other = await forgot(unknown)
      expect([known.statusCode, other.statusCode]).toEqual([204, 204])
      expect(known.body).toBe(other.body)
      // Nothing is looked up in the request: both only queued the same job.
      const before = (await mailsTo(db(), emailAddress)).length
      await drain()
      const mails = await mailsTo(db(), emailAddress)
      expect(mails).toHaveLength(before + 1)
      const mail = mails.at(-1)!
      expect(mail).toMatchObject({ kind: 'account-password-reset', languageCode: 'nl' })
      expect(mail.subject).toBe('Een nieuw wachtwoord voor Equivera')
      expect(mail.text).toContain('De link werkt 1 uur en maar één keer.')
      const link = linkIn(mail)
      expect(link.userId).toBe(userId)
      expect(`${link.url.origin}${link.url.pathname}`).toBe(RESET_PAGE)
      expect(await mailsTo(db(), unknown)).toEqual([])
    })

    it('refuses a malformed address field by field', async () => {
      expect(error(await forgot('geen-adres'))).toMatchObject({
        code: 'invalidFields',
        params: { emailAddress: 'validation.email' },
      })
    })

    it('resets the password, ends every session of the account, and the link works once', async () => {
      const { emailAddress, userId, cookie } = await signedIn(app, db)
      const second = sessionCookieOf(await client.signIn(emailAddress, PASSWORD))
      await forgot(emailAddress)
      await drain()
      const { token } = linkIn((await mailsTo(db(), emailAddress)).at(-1)!)

      const weak = error(await reset(userId, token, 'zwak'))
      expect(weak).toMatchObject({ code: 'invalidFields', params: { newPassword: 'validation.password' } })
      expect(weak.issues).toEqual([{ path: 'newPassword', message: 'Wachtwoord voldoet niet aan de gestelde eisen' }])

      expect((await reset(userId, token, NEW_PASSWORD)).statusCode).toBe(204)
      for (const session of [cookie, second]) expect((await client.isAuthenticated(session)).json()).toBe(false)
      expect((await client.signIn(emailAddress, PASSWORD)).statusCode).toBe(401)
      expect((await client.signIn(emailAddress, NEW_PASSWORD)).statusCode).toBe(204)
      expect((await mailsTo(db(), emailAddress)).at(-1)).toMatchObject({ kind: 'account-password-changed' })

      expect(error(await reset(userId, token, 'nogEen123'))).toMatchObject({ status: 400, code: 'invalidToken' })
    })

    it('says an expired reset link has expired; only the newest link works', async () => {
      const { emailAddress, userId } = await activeAccount(app, db)
      await forgot(emailAddress)
      await drain()
      const first = linkIn((await mailsTo(db(), emailAddress)).at(-1)!)
      const expired = await later(HOUR_MS + 1000, () => reset(userId, first.token, NEW_PASSWORD))
      expect(error(expired)).toMatchObject({ status: 400, code: 'resetTokenExpired' })
      expect(error(expired).localizedMessage).toMatch(/verlopen/)

      await forgot(emailAddress)
      await drain()
      const second = linkIn((await mailsTo(db(), emailAddress)).at(-1)!)
      expect(error(await reset(userId, first.token, NEW_PASSWORD))).toMatchObject({ code: 'invalidToken' })
      expect((await reset(userId, second.token, NEW_PASSWORD)).statusCode).toBe(204)
    })

    it('activates an account not yet activated: the link proved the address', async () => {
      const address = newAddress()
      await client.register(registration(address))
      await forgot(address)
      await drain()
      const { userId, token } = linkIn((await mailsTo(db(), address)).at(-1)!)
      expect((await reset(userId, token, NEW_PASSWORD)).statusCode).toBe(204)
      expect((await client.signIn(address, NEW_PASSWORD)).statusCode).toBe(204)
    })

    it('answers 429 to a fourth request for one address within the hour', async () => {
      const address = newAddress()
      const { max } = RATE_LIMITS.forgotPassword.perEmail
      for (let i = 0; i < max; i++) expect((await forgot(address)).statusCode).toBe(204)
      const res = await forgot(address)
      expect(error(res)).toMatchObject({ status: 429, code: 'rateLimited' })
    })
  })

  describe('resend confirmation', () => {
    it('needs a captcha', async () => {
      const res = await client.send(
        'POST',
        `/api/account/resendconfirmation?callbackUrl=${encodeURIComponent(CONFIRM_PAGE)}`,
        { emailAddress: newAddress() },
      )
      expect(error(res)).toMatchObject({ status: 400, code: 'captchaInvalid' })
    })

    it('mails a new activation link by address or by account id, only to an account not yet activated', async () => {
      const address = newAddress()
      await client.register(registration(address))
      const { userId } = linkIn((await mailsTo(db(), address))[0]!)
      const active = await activeAccount(app, db)
      const answers = [
        await resend('', { emailAddress: address }),
        await resend(`&userId=${userId}`, {}),
        await resend('', { emailAddress: active.emailAddress }),
        await resend('', { emailAddress: newAddress('onbekend') }),
      ]
      expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204])
      await drain()
      const mails = await mailsTo(db(), address)
      expect(mails.map((m) => m.kind)).toEqual(['account-activation', 'account-activation', 'account-activation'])
      // Only the newest works.
      expect(error(await client.confirm(userId, linkIn(mails[1]!).token))).toMatchObject({ code: 'invalidToken' })
      expect((await client.confirm(userId, linkIn(mails[2]!).token)).statusCode).toBe(204)
      expect((await mailsTo(db(), active.emailAddress)).map((m) => m.kind)).toEqual(['account-activation'])
    })

    it('asks for an address when neither address nor account id is given', async () => {
      expect(error(await resend('', {}))).toMatchObject({
        code: 'invalidFields',
        params: { emailAddress: 'validation.required' },
      })
    })
  })

  describe('change password', () => {
    it('needs a signed-in session', async () => {
      const res = await client.send('POST', '/api/account/changepassword', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(error(res)).toMatchObject({ status: 401, code: 'notSignedIn' })
    })

    it('checks the current password and the new one', async () => {
      const { cookie } = await signedIn(app, db)
      expect(error(await changePassword(cookie, 'verkeerd99', NEW_PASSWORD))).toMatchObject({
        code: 'invalidFields',
        params: { currentPassword: 'validation.currentPasswordWrong' },
        issues: [{ path: 'currentPassword', message: 'Dit is niet je huidige wachtwoord' }],
      })
      expect(error(await changePassword(cookie, PASSWORD, 'kort'))).toMatchObject({
        params: { newPassword: 'validation.password' },
      })
    })

    it('changes it, ends the account’s other sessions and keeps this one under a new id', async () => {
      const { emailAddress, cookie } = await signedIn(app, db)
      const other = sessionCookieOf(await client.signIn(emailAddress, PASSWORD))
      const res = await changePassword(cookie, PASSWORD, NEW_PASSWORD)
      expect(res.statusCode).toBe(204)
      const renewed = sessionCookieOf(res)
      expect(renewed).not.toBe(cookie)
      expect((await client.isAuthenticated(renewed)).json()).toBe(true)
      expect((await client.isAuthenticated(cookie)).json()).toBe(false)
      expect((await client.isAuthenticated(other)).json()).toBe(false)
      expect((await client.signIn(emailAddress, NEW_PASSWORD)).statusCode).toBe(204)
      expect((await mailsTo(db(), emailAddress)).at(-1)).toMatchObject({
        kind: 'account-password-changed',
        subject: 'Je wachtwoord is gewijzigd',
      })
    })

    it('answers 429 after its limit from one address', async () => {
      const { cookie } = await signedIn(app, db)
      const ip = someIp()
      const { max } = RATE_LIMITS.passwordChange.perIp
      const send = () =>
        client.send(
          'POST',
          '/api/account/changepassword',
          { currentPassword: 'fout1234', newPassword: NEW_PASSWORD },
          { cookie },
          ip,
        )
      for (let i = 0; i < max; i++) expect((await send()).statusCode).toBe(400)
      expect((await send()).statusCode).toBe(429)
    })
  })

  describe('rate limits of sign-in and registration', () => {
    it('answers 429 to sign-in after its limit per address, captcha or not', async () => {
      const ip = someIp()
      const { max } = RATE_LIMITS.signIn.perIp
      const send = () =>
        client.send('POST', '/api/authentication/signin', { emailAddress: newAddress(), password: 'x' }, {}, ip)
      for (let i = 0; i < max; i++) expect((await send()).statusCode).toBe(400)
      expect(error(await send())).toMatchObject({ status: 429, code: 'rateLimited' })
    })

    it('answers 429 to a fourth registration of one address within the hour', async () => {
      const address = newAddress()
      const { max } = RATE_LIMITS.registration.perEmail
      for (let i = 0; i < max; i++) expect((await client.register(registration(address))).statusCode).toBe(204)
      expect((await client.register(registration(address))).statusCode).toBe(429)
    })
  })
})
