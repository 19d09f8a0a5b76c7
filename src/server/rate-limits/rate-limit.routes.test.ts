// The rate limits through HTTP, on both databases (SQLite: the memory store; PostgreSQL: the database store): named
// limits on a sign-in-shaped route registered by the test, and the routes that use them today.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS, LANG, useTestApp, type TestAppOptions } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { RATE_LIMITS } from './rate-limits.ts'

const SignIn = z.object({ emailAddress: z.string(), password: z.string() })
const addSignIn: TestAppOptions['extend'] = (app) => {
  app.post('/api/test/signin', { config: { limit: 'signIn' }, schema: { body: SignIn } }, (_request, reply) =>
    reply.status(204).send(),
  )
}

// Each test counts from its own addresses: the app (and its counters) is shared by the tests of a describe block.
let lastNet = 0
const network = () => {
  const net = ++lastNet
  return (host: number) => `10.${net}.0.${host}`
}
const mail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.nl`

describe.each(DIALECTS)('rate limits on %s', (dialect) => {
  const { current } = useTestApp(dialect, { extend: addSignIn })
  const post = (url: string, body: unknown, ip: string, headers: Record<string, string> = {}) =>
    current().app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { host: HOSTS.nl, ...headers },
      ...(body !== null && { payload: body as object }),
    })
  const signIn = (emailAddress: string, ip: string) => post('/api/test/signin', { emailAddress, password: 'x' }, ip)

  it('answers 429s to 30 quick sign-in-shaped requests from one address after its limit', async () => {
    const ip = network()(1)
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push((await signIn(mail(`guess${i}`), ip)).statusCode)
    const { max } = RATE_LIMITS.signIn.perIp
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(204))
    expect(statuses.slice(max)).toEqual(Array(30 - max).fill(429))
  })

  it('says when to try again: Retry-After, and the seconds and minutes in a translated error body', async () => {
    const ip = network()(1)
    for (let i = 0; i < RATE_LIMITS.signIn.perIp.max; i++) await signIn(mail('a'), ip)
    const res = await signIn(mail('b'), ip)
    expect(res.statusCode).toBe(429)
    const seconds = Number(res.headers['retry-after'])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.signIn.perIp.windowMs / 1000)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = ApiErrorSchema.parse(res.json())
    expect(body).toMatchObject({
      status: 429,
      code: 'rateLimited',
      params: { seconds: String(seconds), minutes: String(Math.ceil(seconds / 60)) },
    })
    // The Dutch site answers in Dutch, with the minutes filled in.
    expect(body.localizedMessage).toContain(String(Math.ceil(seconds / 60)))
    expect(body.localizedMessage).not.toContain('{{')
    const french = await post('/api/test/signin', { emailAddress: mail('c'), password: 'x' }, ip, {
      host: HOSTS.be,
      languageid: String(LANG['fr-BE']),
    })
    expect(ApiErrorSchema.parse(french.json()).localizedMessage).toMatch(/^Trop de tentatives/)
  })

  it('limits one e-mail address from many addresses, however it is written', async () => {
    const at = network()
    const address = mail('Anna')
    const { max } = RATE_LIMITS.signIn.perEmail
    const spellings = [address, ` ${address.toUpperCase()} `, address.replace('Anna', 'anna')]
    for (let i = 0; i < max; i++) expect((await signIn(spellings[i % 3]!, at(i + 1))).statusCode).toBe(204)
    expect((await signIn(spellings[1]!, at(200))).statusCode).toBe(429)
    // Another address from the same place is not held up by it.
    expect((await signIn(mail('Bert'), at(200))).statusCode).toBe(204)
  })

  it('still limits an address that changes the e-mail address it tries', async () => {
    const ip = network()(1)
    for (let i = 0; i < RATE_LIMITS.signIn.perIp.max; i++) await signIn(mail(`x${i}`), ip)
    expect((await signIn(mail('fresh'), ip)).statusCode).toBe(429)
    expect((await signIn(mail('fresh'), network()(1))).statusCode).toBe(204)
  })

  it('does not count a request whose body is refused before it is read', async () => {
    const ip = network()(1)
    for (let i = 0; i < 30; i++) await post('/api/test/signin', { nothing: true }, ip)
    expect((await signIn(mail('after'), ip)).statusCode).toBe(204)
  })

  it('limits notify-me requests per e-mail address and per address', async () => {
    const at = network()
    const remind = (emailAddress: string, ip: string) =>
      post('/api/stockreminders', { productVariantId: 4001, emailAddress }, ip)
    const address = mail('reminder')
    const { perEmail, perIp } = RATE_LIMITS.stockReminder
    for (let i = 0; i < perEmail.max; i++) expect((await remind(address, at(i + 1))).statusCode).toBe(200)
    expect((await remind(address, at(99))).statusCode).toBe(429)
    const ip = at(100)
    for (let i = 0; i < perIp.max; i++) expect((await remind(mail(`r${i}`), ip)).statusCode).toBe(200)
    expect((await remind(mail('one-more'), ip)).statusCode).toBe(429)
  })

  it('lets an address make carts generously, then refuses with 429 (the app waits and tries again)', async () => {
    const ip = network()(1)
    const { max } = RATE_LIMITS.cartCreation.perIp
    for (let i = 0; i < max; i++) expect((await post('/api/cart', null, ip)).statusCode).toBe(200)
    const refused = await post('/api/cart', null, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rateLimited' })
    expect((await post('/api/cart', null, network()(1))).statusCode).toBe(200)
  })
})

describe('rate limits switched off (RATE_LIMITS=off)', () => {
  const { current } = useTestApp('sqlite', { extend: addSignIn, env: { RATE_LIMITS: 'off' } })

  it('answers every request', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await current().app.inject({
        method: 'POST',
        url: '/api/test/signin',
        headers: { host: HOSTS.nl },
        payload: { emailAddress: 'same@example.nl', password: 'x' },
      })
      expect(res.statusCode).toBe(204)
    }
  })
})
