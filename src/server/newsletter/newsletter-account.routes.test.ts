// The newsletter and the account's own calls, through HTTP on both databases: an account registered with the
// newsletter box ticked is subscribed (confirmed) when it is activated; the account page's opt-in with a real
// sign-in; PUT /api/account changing the box moves the subscription too.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import {
  accountClient,
  linkIn,
  mailsTo,
  newAddress,
  PASSWORD,
  registration,
  sessionCookieOf,
} from '../accounts/account-test-setup.ts'
import { CAPTCHA_TEST_ENV } from '../captcha/captcha-test-solver.ts'
import { BILLING } from '../orders/order-test-setup.ts'

describe.each(DIALECTS)('the newsletter of an account on %s', (dialect) => {
  const { current } = useTestApp(dialect, { env: CAPTCHA_TEST_ENV })
  const app = () => current().app
  const db = () => current().database.handle.db
  const client = accountClient(app)
  const subscriptionOf = (emailKey: string) =>
    db()
      .selectFrom('newsletterSubscriptions')
      .selectAll()
      .where('siteId', '=', 1)
      .where('emailKey', '=', emailKey)
      .executeTakeFirst()

  /** Registers (with or without the box), activates and signs in: the session's cookie. */
  async function account(newsletter: boolean) {
    const address = newAddress()
    expect((await client.register(registration(address, { newsletter }))).statusCode).toBe(204)
    const { userId, token } = linkIn((await mailsTo(db(), address)).at(-1)!)
    expect((await client.confirm(userId, token)).statusCode).toBe(204)
    const signedIn = await client.signIn(address, PASSWORD)
    expect(signedIn.statusCode, signedIn.body).toBe(204)
    return { address, userId, cookie: sessionCookieOf(signedIn) }
  }

  it('subscribes an account registered with the newsletter box when it is activated, not before', async () => {
    const address = newAddress()
    await client.register(registration(address, { newsletter: true }))
    expect(await subscriptionOf(address)).toBeUndefined()
    const { userId, token } = linkIn((await mailsTo(db(), address)).at(-1)!)
    await client.confirm(userId, token)
    expect(await subscriptionOf(address)).toMatchObject({ status: 'confirmed', source: 'account', accountId: userId })
    // No confirmation mail of its own: the activation link proved the address.
    expect((await mailsTo(db(), address)).map((m) => m.kind)).not.toContain('newsletter-confirmation')
  })

  it('shows and changes the signed-in account’s opt-in; PUT /api/account moves the subscription too', async () => {
    const { address, cookie } = await account(false)
    const read = await client.send('GET', '/api/account/subscriptions', undefined, { cookie })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toEqual({ emailAddress: address, newsletter: false })
    const on = await client.send('PUT', '/api/account/subscriptions', { newsletter: true }, { cookie })
    expect(on.json()).toEqual({ emailAddress: address, newsletter: true })
    expect((await client.account(cookie)).json()).toMatchObject({ newsletter: true })

    const update = {
      firstName: 'Anna',
      lastName: 'de Vries',
      phoneNumber: BILLING.phoneNumber,
      billing: BILLING.address,
      alternativeShippingAddress: false,
      shipping: null,
      company: null,
      newsletter: false,
    }
    const callbackUrl = encodeURIComponent('http://equivera-nl.localhost/account/confirm/')
    const put = await client.send('PUT', `/api/account?callbackUrl=${callbackUrl}`, update, { cookie })
    expect(put.statusCode, put.body).toBe(204)
    expect(await subscriptionOf(address)).toMatchObject({ status: 'unsubscribed' })
    expect((await client.send('GET', '/api/account/subscriptions', undefined, { cookie })).json()).toEqual({
      emailAddress: address,
      newsletter: false,
    })
  })
})
