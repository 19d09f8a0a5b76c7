// Registration, activation, sign-in, the account, sign-out and isauthenticated through HTTP, on SQLite and
// PostgreSQL: the happy path, the mails and their links, expired and reused tokens, the same answer for unknown
// accounts, and the captcha.
import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { AccountAnswerSchema } from '../../domain/account-api.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { CAPTCHA_TEST_ENV, captchaToken } from '../captcha/captcha-test-solver.ts'
import { ARGON2_PARAMETERS } from './password-hash.ts'
import {
  accountClient,
  activeAccount,
  CONFIRM_PAGE,
  linkIn,
  mailsTo,
  newAddress,
  PASSWORD,
  registration,
  RESET_PAGE,
  sessionCookieOf,
  signedIn,
} from './account-test-setup.ts'

const HOUR_MS = 3_600_000

describe.each(DIALECTS)('accounts: register, confirm, sign in on %s', (dialect) => {
  let clock = Date.now()
  const { current } = useTestApp(dialect, { now: () => clock, env: CAPTCHA_TEST_ENV })
  const app = () => current().app
  const db = () => current().database.handle.db
  const client = accountClient(app)
  const error = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json())

  it('registers, mails the activation link, activates, signs in, shows the account and signs out', async () => {
    const address = newAddress()
    const registered = await client.register(registration(address, { phoneNumber: '06 12345678', newsletter: true }))
    expect(registered.statusCode).toBe(204)
    expect(registered.headers['cache-control']).toBe('no-store')

    const [mail, ...others] = await mailsTo(db(), address)
    expect(others).toEqual([])
    expect(mail).toMatchObject({
      kind: 'account-activation',
      languageCode: 'nl',
      subject: 'Activeer je account bij Equivera',
    })
    const link = linkIn(mail!)
    expect(`${link.url.origin}${link.url.pathname}`).toBe(CONFIRM_PAGE)
    expect(link.token).toMatch(/^[\w-]{43}$/)
    expect(mail!.html).toContain(link.url.href.replaceAll('&', '&amp;'))
    // Only the token's hash is stored.
    const stored = await db()
      .selectFrom('accountTokens')
      .select('tokenHash')
      .where('accountId', '=', link.userId)
      .execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.tokenHash).not.toBe(link.token)

    // Not activated yet: the sign-in fails like any other.
    expect(error(await client.signIn(address, PASSWORD))).toMatchObject({ status: 401, code: 'signInFailed' })

    expect((await client.confirm(link.userId, link.token)).statusCode).toBe(204)
    const signIn = await client.signIn(address.toUpperCase(), PASSWORD)
    expect(signIn.statusCode).toBe(204)
    const cookie = sessionCookieOf(signIn)

    const account = await client.account(cookie)
    expect(account.statusCode).toBe(200)
    expect(account.headers['cache-control']).toBe('no-store')
    expect(AccountAnswerSchema.parse(account.json())).toMatchObject({
      userId: link.userId,
      emailAddress: address,
      firstName: 'Anna',
      lastName: 'de Vries',
      phoneNumber: '+31612345678',
      languageId: LANG.nl,
      newsletter: true,
      alternativeShippingAddress: false,
      shipping: null,
      unreadQuickscanResults: 0,
    })
    expect((await client.isAuthenticated(cookie)).json()).toBe(true)

    expect((await client.signOut(cookie)).statusCode).toBe(204)
    expect(error(await client.account(cookie))).toMatchObject({ status: 401, code: 'notSignedIn' })
    expect((await client.isAuthenticated(cookie)).json()).toBe(false)
  })

  it('answers 401 notSignedIn to GET /api/account without a session, and isauthenticated false', async () => {
    const res = await client.account()
    expect(res.statusCode).toBe(401)
    expect(error(res)).toMatchObject({ code: 'notSignedIn', localizedMessage: 'Je bent niet ingelogd.' })
    expect((await client.isAuthenticated()).json()).toBe(false)
  })

  it('gives a new session id at sign-in: an id known before is worthless after', async () => {
    const { emailAddress } = await activeAccount(app, db)
    // A session made before sign-in (e.g. fixed by an attacker).
    const before = await client.signIn('nobody@example.nl', 'wrong1234')
    expect(before.statusCode).toBe(401)
    const first = await client.signIn(emailAddress, PASSWORD)
    const second = await client.signIn(emailAddress, PASSWORD, { cookie: sessionCookieOf(first) })
    expect(sessionCookieOf(second)).not.toBe(sessionCookieOf(first))
    expect((await client.isAuthenticated(sessionCookieOf(first))).json()).toBe(false)
    expect((await client.isAuthenticated(sessionCookieOf(second))).json()).toBe(true)
  })

  it('answers a wrong password, an unknown address and an account not activated alike', async () => {
    const { emailAddress } = await activeAccount(app, db)
    const inactive = newAddress('inactief')
    await client.register(registration(inactive))
    const answers = [
      await client.signIn(emailAddress, 'verkeerd123'),
      await client.signIn(newAddress('onbekend'), PASSWORD),
      await client.signIn(inactive, PASSWORD),
    ]
    for (const res of answers) {
      expect(res.statusCode).toBe(401)
      expect(res.cookies).toEqual([])
    }
    const bodies = answers.map((res) => res.json() as unknown)
    expect(bodies[1]).toEqual(bodies[0])
    expect(bodies[2]).toEqual(bodies[0])
    expect(bodies[0]).toMatchObject({ code: 'signInFailed' })
  })

  it('refuses a used activation link (invalidToken) and an expired one with the §8 message', async () => {
    const address = newAddress()
    await client.register(registration(address))
    const { userId, token } = linkIn((await mailsTo(db(), address))[0]!)
    // Another account's id with this token, or a made-up token: invalid.
    expect(error(await client.confirm(userId + 1000, token))).toMatchObject({ code: 'invalidToken' })
    expect(error(await client.confirm(userId, 'A'.repeat(43)))).toMatchObject({ status: 400, code: 'invalidToken' })

    clock += 48 * HOUR_MS + 1000
    try {
      const expired = error(await client.confirm(userId, token))
      expect(expired).toMatchObject({
        status: 400,
        code: 'activationTokenExpired',
        localizedMessage: 'Je token is niet meer geldig, vraag nogmaals een activatie mail aan.',
      })
    } finally {
      clock -= 48 * HOUR_MS + 1000
    }
    expect((await client.confirm(userId, token)).statusCode).toBe(204)
    expect(error(await client.confirm(userId, token))).toMatchObject({ status: 400, code: 'invalidToken' })
  })

  it('answers a known address the same, and mails its owner a reset link instead of a second account', async () => {
    const { userId, emailAddress } = await activeAccount(app, db)
    const again = await client.register(
      registration(` ${emailAddress.toUpperCase()} `, { password: 'ander1wachtwoord' }),
    )
    expect(again.statusCode).toBe(204)
    expect(again.body).toBe('')
    const accounts = await db().selectFrom('accounts').select('id').where('emailKey', '=', emailAddress).execute()
    expect(accounts).toEqual([{ id: userId }])
    const mail = (await mailsTo(db(), emailAddress)).at(-1)!
    expect(mail).toMatchObject({ kind: 'account-exists', subject: 'Je hebt al een account bij Equivera' })
    const link = linkIn(mail)
    expect(`${link.url.origin}${link.url.pathname}`).toBe(RESET_PAGE)
    expect(link.userId).toBe(userId)
    // The old password still works: nothing changed.
    expect((await client.signIn(emailAddress, PASSWORD)).statusCode).toBe(204)
  })

  it('sends a known address not yet activated a new activation link; only the newest works', async () => {
    const address = newAddress()
    await client.register(registration(address))
    await client.register(registration(address))
    const [first, second] = await mailsTo(db(), address)
    expect(second).toMatchObject({ kind: 'account-activation' })
    expect(error(await client.confirm(linkIn(first!).userId, linkIn(first!).token))).toMatchObject({
      code: 'invalidToken',
    })
    expect((await client.confirm(linkIn(second!).userId, linkIn(second!).token)).statusCode).toBe(204)
  })

  it('checks the fields with the checkout messages and the password rule', async () => {
    const res = await client.register({
      emailAddress: 'geen-adres',
      password: 'kort1',
      firstName: '',
      lastName: 'de Vries',
      phoneNumber: '12',
    })
    expect(res.statusCode).toBe(400)
    const body = error(res)
    expect(body).toMatchObject({
      code: 'invalidFields',
      params: {
        emailAddress: 'validation.email',
        password: 'validation.password',
        firstName: 'validation.required',
        phoneNumber: 'validation.phone',
      },
    })
    expect(body.issues).toContainEqual({ path: 'password', message: 'Wachtwoord voldoet niet aan de gestelde eisen' })
    // Letters without digits are not enough either.
    const letters = error(await client.register(registration(newAddress(), { password: 'alleenletters' })))
    expect(letters.params).toEqual({ password: 'validation.password' })
  })

  it('checks a billing address given at registration with the checkout rules', async () => {
    const res = await client.register(
      registration(newAddress(), {
        phoneNumber: '0612345678',
        billing: { zipcode: '1234', street: 'Dorpsstraat', streetNumber: '1a', city: 'Ergens', countryId: 1 },
      }),
    )
    expect(error(res)).toMatchObject({ code: 'invalidFields' })
    expect(Object.keys(error(res).params ?? {})).toEqual(expect.arrayContaining(['billing.zipcode']))
  })

  it('refuses a callbackUrl of another host', async () => {
    const res = await client.register(registration(newAddress()), 'https://evil.example.com/account/confirm/')
    expect(error(res)).toMatchObject({ status: 400, code: 'invalidParameter', params: { name: 'callbackUrl' } })
    const missing = await client.send('POST', '/api/account', registration(newAddress()))
    expect(error(missing)).toMatchObject({ status: 400, code: 'parameterRequired' })
  })

  it('mails in the language of the registration, with the site’s own link', async () => {
    const address = newAddress('cavalier')
    const be = accountClient(app, HOSTS.be)
    const res = await be.send(
      'POST',
      `/api/account?callbackUrl=${encodeURIComponent(`http://${HOSTS.be}/fr-be/account/confirm/`)}`,
      registration(address, { firstName: 'Léa', lastName: 'Dubois' }),
      { languageid: String(LANG['fr-BE']) },
    )
    expect(res.statusCode).toBe(204)
    const [mail] = await mailsTo(db(), address)
    expect(mail).toMatchObject({ languageCode: 'fr-BE', kind: 'account-activation' })
    expect(mail!.subject).toMatch(/^Activez votre compte/)
    expect(linkIn(mail!).url.pathname).toBe('/fr-be/account/confirm/')
    // An account belongs to its site: the Dutch site does not know it.
    await be.confirm(linkIn(mail!).userId, linkIn(mail!).token)
    expect((await client.signIn(address, PASSWORD)).statusCode).toBe(401)
    expect((await be.signIn(address, PASSWORD)).statusCode).toBe(204)
  })

  describe('the captcha', () => {
    const signIn = (headers: Record<string, string>) =>
      client.send('POST', '/api/authentication/signin', { emailAddress: newAddress(), password: PASSWORD }, headers)

    it('serves challenges that are never cached', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host: HOSTS.nl } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.json()).toMatchObject({ parameters: { algorithm: 'SHA-256' }, signature: expect.any(String) })
    })

    it('refuses a sign-in without, with a wrong, and with a replayed solution (400 captchaInvalid)', async () => {
      expect(error(await signIn({}))).toMatchObject({ status: 400, code: 'captchaInvalid' })
      expect(error(await signIn({ recaptchatoken: 'bm90IGpzb24' }))).toMatchObject({ code: 'captchaInvalid' })

      const token = await captchaToken(app(), HOSTS.nl)
      const payload = JSON.parse(Buffer.from(token, 'base64').toString()) as { solution: { derivedKey: string } }
      const key = payload.solution.derivedKey
      payload.solution.derivedKey = `${key[0] === '0' ? '1' : '0'}${key.slice(1)}`
      const wrong = Buffer.from(JSON.stringify(payload)).toString('base64')
      expect(error(await signIn({ recaptchatoken: wrong }))).toMatchObject({ code: 'captchaInvalid' })

      // The right solution opens one request (it fails as sign-in: the address is unknown), then never again.
      expect(error(await signIn({ recaptchatoken: token }))).toMatchObject({ code: 'signInFailed' })
      expect(error(await signIn({ recaptchatoken: token }))).toMatchObject({ code: 'captchaInvalid' })
      expect(error(await signIn({ recaptchatoken: token })).localizedMessage).toMatch(/mens/)
    })

    it('forgets spent solutions once their challenge expired (the clean-up job)', async () => {
      const at = (ms: number) => new Date(Date.now() + ms).toISOString()
      await db()
        .insertInto('captchaSpent')
        .values([
          { signature: `old-${dialect}`, expiresAt: at(-1000) },
          { signature: `live-${dialect}`, expiresAt: at(60_000) },
        ])
        .execute()
      await app().context.jobs.scheduleRepeating()
      await app().context.jobs.drain()
      const left = await db().selectFrom('captchaSpent').select('signature').execute()
      expect(left.map((r) => r.signature)).toContain(`live-${dialect}`)
      expect(left.map((r) => r.signature)).not.toContain(`old-${dialect}`)
    })

    it('refuses an expired challenge', async () => {
      const token = await captchaToken(app(), HOSTS.nl)
      clock += 11 * 60_000
      try {
        expect(error(await signIn({ recaptchatoken: token }))).toMatchObject({ code: 'captchaInvalid' })
      } finally {
        clock -= 11 * 60_000
      }
    })
  })

  it('hashes a password again at sign-in when it was made with other parameters', async () => {
    const { userId, emailAddress } = await activeAccount(app, db)
    const weaker = await hash(PASSWORD, { ...ARGON2_PARAMETERS, timeCost: 1 })
    await db().updateTable('accounts').set({ passwordHash: weaker }).where('id', '=', userId).execute()
    expect((await client.signIn(emailAddress, PASSWORD)).statusCode).toBe(204)
    const { passwordHash } = await db()
      .selectFrom('accounts')
      .select('passwordHash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('a helper for other tests: signedIn gives a signed-in session', async () => {
    const { cookie, userId } = await signedIn(app, db)
    expect(AccountAnswerSchema.parse((await client.account(cookie)).json()).userId).toBe(userId)
  })
})
