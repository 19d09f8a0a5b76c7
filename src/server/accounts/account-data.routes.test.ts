// The account's own data (PUT /api/account) and the e-mail address change through HTTP, on SQLite and PostgreSQL:
// the checkout's field rules and messages, the link mailed to the new address, the notice to the old one.
import { describe, expect, it } from 'vitest'
import { AccountAnswerSchema } from '../../domain/account-api.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { CAPTCHA_TEST_ENV } from '../captcha/captcha-test-solver.ts'
import {
  accountClient,
  activeAccount,
  CONFIRM_PAGE,
  linkIn,
  mailsTo,
  newAddress,
  PASSWORD,
  signedIn,
} from './account-test-setup.ts'

const HOUR_MS = 3_600_000
const ADDRESS = {
  zipcode: '1234ab',
  street: 'Hoefijzerlaan',
  streetNumber: '12',
  streetNumberAddition: '',
  city: 'Paardendorp',
  countryId: 1,
}
const UPDATE = {
  firstName: 'Bea',
  lastName: 'Jansen',
  phoneNumber: '06 98765432',
  billing: ADDRESS,
  alternativeShippingAddress: false,
  shipping: null,
  company: null,
  newsletter: true,
}

describe.each(DIALECTS)('accounts: own data and e-mail address on %s', (dialect) => {
  let clock = Date.now()
  const { current } = useTestApp(dialect, { now: () => clock, env: CAPTCHA_TEST_ENV })
  const app = () => current().app
  const db = () => current().database.handle.db
  const client = accountClient(app)
  const error = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json())
  const callback = `?callbackUrl=${encodeURIComponent(CONFIRM_PAGE)}`
  const update = (cookie: string | undefined, body: object) =>
    client.send('PUT', `/api/account${callback}`, body, cookie ? { cookie } : {})
  const changeEmail = (cookie: string, newEmailAddress: string, password = PASSWORD) =>
    client.send('POST', `/api/account/changeemailaddress${callback}`, { newEmailAddress, password }, { cookie })
  const account = async (cookie: string) => AccountAnswerSchema.parse((await client.account(cookie)).json())

  describe('PUT /api/account', () => {
    it('stores the account’s data, normalised as the checkout does', async () => {
      const { cookie } = await signedIn(app, db)
      expect((await update(cookie, UPDATE)).statusCode).toBe(204)
      expect(await account(cookie)).toMatchObject({
        firstName: 'Bea',
        lastName: 'Jansen',
        phoneNumber: '+31698765432',
        billing: { ...ADDRESS, zipcode: '1234 AB' },
        shipping: null,
        newsletter: true,
      })
      const withShipping = {
        ...UPDATE,
        alternativeShippingAddress: true,
        shipping: { ...ADDRESS, street: 'Stalweg', streetNumber: '3' },
        company: { companyName: 'Stal de Hoef', vatNumber: 'nl123456789b01' },
      }
      expect((await update(cookie, withShipping)).statusCode).toBe(204)
      expect(await account(cookie)).toMatchObject({
        alternativeShippingAddress: true,
        shipping: { street: 'Stalweg' },
        company: { companyName: 'Stal de Hoef', vatNumber: 'NL123456789B01' },
      })
    })

    it('refuses fields with the checkout’s messages', async () => {
      const { cookie } = await signedIn(app, db)
      const res = await update(cookie, {
        ...UPDATE,
        firstName: '',
        billing: { ...ADDRESS, zipcode: '12' },
        alternativeShippingAddress: true,
        shipping: null,
        company: { companyName: 'Stal', vatNumber: 'XX' },
      })
      expect(error(res)).toMatchObject({
        status: 400,
        code: 'invalidFields',
        params: {
          firstName: 'validation.required',
          'billing.zipcode': 'validation.postcode',
          shipping: 'validation.required',
          'company.vatNumber': 'validation.vatNumber',
        },
      })
    })

    it('needs a signed-in session and a callbackUrl of the site', async () => {
      expect(error(await update(undefined, UPDATE))).toMatchObject({ status: 401, code: 'notSignedIn' })
      const { cookie } = await signedIn(app, db)
      const foreign = await client.send(
        'PUT',
        `/api/account?callbackUrl=${encodeURIComponent('https://elders.example/')}`,
        UPDATE,
        { cookie },
      )
      expect(error(foreign)).toMatchObject({ code: 'invalidParameter', params: { name: 'callbackUrl' } })
    })
  })

  describe('change e-mail address', () => {
    it('mails a link to the new address; following it changes the address and tells the old one', async () => {
      const { cookie, emailAddress, userId } = await signedIn(app, db)
      const next = newAddress('nieuw')
      expect((await changeEmail(cookie, next)).statusCode).toBe(204)
      // Nothing changes before the link is followed.
      expect((await account(cookie)).emailAddress).toBe(emailAddress)
      const [mail] = await mailsTo(db(), next)
      expect(mail).toMatchObject({ kind: 'account-email-change', subject: 'Bevestig je nieuwe e-mailadres' })
      expect(mail!.text).toContain(next)
      const link = linkIn(mail!)
      expect(link.userId).toBe(userId)
      expect(`${link.url.origin}${link.url.pathname}`).toBe(CONFIRM_PAGE)

      expect((await client.confirm(link.userId, link.token)).statusCode).toBe(204)
      expect((await account(cookie)).emailAddress).toBe(next)
      const notice = (await mailsTo(db(), emailAddress)).at(-1)!
      expect(notice).toMatchObject({ kind: 'account-email-changed' })
      expect(notice.text).toContain(next)
      expect((await client.signIn(emailAddress, PASSWORD)).statusCode).toBe(401)
      expect((await client.signIn(next, PASSWORD)).statusCode).toBe(204)
      expect(error(await client.confirm(link.userId, link.token))).toMatchObject({ code: 'invalidToken' })
    })

    it('checks the password and the new address', async () => {
      const { cookie } = await signedIn(app, db)
      expect(error(await changeEmail(cookie, newAddress(), 'fout12345'))).toMatchObject({
        code: 'invalidFields',
        params: { password: 'validation.currentPasswordWrong' },
      })
      expect(error(await changeEmail(cookie, 'geen-adres'))).toMatchObject({
        code: 'invalidFields',
        params: { newEmailAddress: 'validation.email' },
      })
    })

    it('answers an address that has an account the same, and mails nobody', async () => {
      const { cookie } = await signedIn(app, db)
      const taken = await activeAccount(app, db)
      const before = await mailsTo(db(), taken.emailAddress)
      expect((await changeEmail(cookie, taken.emailAddress)).statusCode).toBe(204)
      expect(await mailsTo(db(), taken.emailAddress)).toEqual(before)
    })

    it('says an expired link has expired', async () => {
      const { cookie } = await signedIn(app, db)
      const next = newAddress('laat')
      await changeEmail(cookie, next)
      const { userId, token } = linkIn((await mailsTo(db(), next))[0]!)
      clock += 24 * HOUR_MS + 1000
      try {
        expect(error(await client.confirm(userId, token))).toMatchObject({
          status: 400,
          code: 'emailChangeTokenExpired',
        })
      } finally {
        clock -= 24 * HOUR_MS + 1000
      }
    })
  })
})
