// For tests that need accounts (this folder's and other parts'): register, read the mailed link, activate, sign in
// with a solved captcha. The app must be built with CAPTCHA_TEST_ENV (captcha/captcha-test-solver.ts) so signing in
// solves its captcha in milliseconds.
import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { App } from '../app.ts'
import { captchaToken } from '../captcha/captcha-test-solver.ts'
import type { Db } from '../db/database.ts'

export const NL_HOST = 'equivera-nl.localhost'
/** The app's pages the mailed links lead to (spec §2), on the Dutch test site. */
export const CONFIRM_PAGE = `http://${NL_HOST}/account/confirm/`
export const RESET_PAGE = `http://${NL_HOST}/account/reset/`
export const PASSWORD = 'hooi2026rijden'

/** A fresh address: tests share an app (and its database) within a describe block. */
export const newAddress = (name = 'ruiter') => `${name}-${randomBytes(5).toString('hex')}@example.nl`

export const registration = (emailAddress: string, extra: Record<string, unknown> = {}) => ({
  emailAddress,
  password: PASSWORD,
  firstName: 'Anna',
  lastName: 'de Vries',
  ...extra,
})

type Headers = Record<string, string>

/** A made-up client address: each request counts against its own rate limits unless a test gives one. */
export const someIp = () => `10.${[...randomBytes(3)].join('.')}`

export function accountClient(app: () => App, host = NL_HOST) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Headers = {}, ip = someIp()) =>
    app().inject({
      method,
      url,
      remoteAddress: ip,
      headers: { host, ...headers },
      ...(body !== undefined && { payload: body as object }),
    })
  return {
    send,
    register: (body: unknown, callbackUrl = CONFIRM_PAGE) =>
      send('POST', `/api/account?callbackUrl=${encodeURIComponent(callbackUrl)}`, body),
    confirm: (userId: number | string, token: string) =>
      send('POST', `/api/account/${userId}/confirm?token=${encodeURIComponent(token)}`),
    signIn: async (emailAddress: string, password: string, headers: Headers = {}) =>
      send(
        'POST',
        '/api/authentication/signin',
        { emailAddress, password },
        { recaptchatoken: await captchaToken(app(), host), ...headers },
      ),
    account: (cookie?: string) => send('GET', '/api/account', undefined, cookie ? { cookie } : {}),
    isAuthenticated: (cookie?: string) =>
      send('POST', '/api/authentication/isauthenticated', undefined, cookie ? { cookie } : {}),
    signOut: (cookie: string) => send('POST', '/api/authentication/signout', undefined, { cookie }),
  }
}

/** The `cookie` header carrying the session a response set. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === 'sid')
  if (!set) throw new Error('The response set no session cookie')
  return `${set.name}=${set.value}`
}

export interface MailRow {
  id: number
  kind: string
  recipient: string
  languageCode: string
  subject: string
  html: string
  text: string
}

/** The mails to an address, oldest first. */
export const mailsTo = (db: Db, address: string): Promise<MailRow[]> =>
  db
    .selectFrom('mails')
    .select(['id', 'kind', 'recipient', 'languageCode', 'subject', 'html', 'text'])
    .where('recipient', '=', address)
    .orderBy('id')
    .execute()

/** The link a mail leads to (its button), with the account id and token it carries. */
export function linkIn(mail: Pick<MailRow, 'text'>): { url: URL; userId: number; token: string } {
  const match = /(https?:\/\/\S+[?&]token=[\w-]+)/.exec(mail.text)
  if (!match) throw new Error(`No link in the mail:\n${mail.text}`)
  const url = new URL(match[1]!)
  return { url, userId: Number(url.searchParams.get('userId')), token: url.searchParams.get('token')! }
}

/** Registers and activates an account; answers its id and address. */
export async function activeAccount(
  app: () => App,
  db: () => Db,
  { emailAddress = newAddress(), host = NL_HOST } = {},
): Promise<{ userId: number; emailAddress: string }> {
  const client = accountClient(app, host)
  expect((await client.register(registration(emailAddress), `http://${host}/account/confirm/`)).statusCode).toBe(204)
  const mails = await mailsTo(db(), emailAddress)
  const { userId, token } = linkIn(mails.at(-1)!)
  expect((await client.confirm(userId, token)).statusCode).toBe(204)
  return { userId, emailAddress }
}

/** An activated account, signed in: answers the session's cookie header too. */
export async function signedIn(
  app: () => App,
  db: () => Db,
  options: { emailAddress?: string; host?: string } = {},
): Promise<{ userId: number; emailAddress: string; cookie: string }> {
  const account = await activeAccount(app, db, options)
  const res = await accountClient(app, options.host).signIn(account.emailAddress, PASSWORD)
  expect(res.statusCode).toBe(204)
  return { ...account, cookie: sessionCookieOf(res) }
}
