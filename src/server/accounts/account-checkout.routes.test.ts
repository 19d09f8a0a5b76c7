// The checkout's side of accounts, through HTTP on both databases: an order placed while signed in is the
// account's; a guest who chose a password at checkout gets an inactive account at placement and its activation mail
// (to the cart's confirmUrl), unless the address has an account already (the order is placed all the same).
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PlacedOrderSchema } from '../../domain/orders.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { CAPTCHA_TEST_ENV } from '../captcha/captcha-test-solver.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { BILLING } from '../orders/order-test-setup.ts'
import { findOrder } from '../orders/order.repository.ts'
import {
  accountClient,
  activeAccount,
  CONFIRM_PAGE,
  linkIn,
  mailsTo,
  newAddress,
  sessionCookieOf,
  signedIn,
} from './account-test-setup.ts'

describe.each(DIALECTS)('accounts at checkout on %s', (dialect) => {
  const { current } = useTestApp(dialect, { env: CAPTCHA_TEST_ENV })
  const app = () => current().app
  const db = () => current().database.handle.db
  const client = accountClient(app)

  const call = (method: 'POST' | 'GET', url: string, body?: object, headers: Record<string, string> = {}) =>
    app().inject({ method, url, ...(body && { payload: body }), headers: { host: HOSTS.nl, ...headers } })

  /** A cart ready to place: muesli, billing details with `emailAddress`, a payment method. */
  async function readyCart(emailAddress: string, cookie?: string) {
    const headers: Record<string, string> = cookie ? { cookie } : {}
    await db().updateTable('variantStock').set({ amount: 50 }).where('variantId', '=', SPORT_MUESLI).execute()
    const id = (await call('POST', '/api/cart', undefined, headers)).json<{ shoppingcartId: string }>().shoppingcartId
    const added = await call('POST', `/api/cart/${id}/products?productVariantId=${SPORT_MUESLI}&quantity=1`)
    expect(added.statusCode).toBe(204)
    const billing = await call('POST', `/api/cart/${id}/billing`, { ...BILLING, emailAddress }, headers)
    expect(billing.statusCode, billing.body).toBe(204)
    const methodId = app().context.sites.byDomain(HOSTS.nl)!.paymentMethods[0]!.paymentMethodId
    expect((await call('POST', `/api/cart/${id}/payment`, { paymentMethodId: methodId }, headers)).statusCode).toBe(204)
    return id
  }
  const setPassword = (cartId: string, password: string) =>
    call('POST', `/api/cart/${cartId}/setpassword?password=${password}&confirmUrl=${encodeURIComponent(CONFIRM_PAGE)}`)
  async function place(cartId: string, cookie?: string) {
    const res = await call('POST', `/api/cart/${cartId}/order`, undefined, {
      'idempotency-key': randomBytes(16).toString('base64url'),
      ...(cookie && { cookie }),
    })
    expect(res.statusCode, res.body).toBe(200)
    return (await findOrder(db(), PlacedOrderSchema.parse(res.json()).orderId))!
  }

  it('gives an order placed while signed in to the account, and fills nothing in by itself', async () => {
    const { cookie, userId } = await signedIn(app, db)
    const shopper = newAddress('bezorg')
    const order = await place(await readyCart(shopper, cookie), cookie)
    expect(order.accountId).toBe(userId)
    // The order keeps the billing details the checkout was given.
    expect(order.customer.emailAddress).toBe(shopper)
  })

  it('places a guest order without an account', async () => {
    const order = await place(await readyCart(newAddress('gast')))
    expect(order.accountId).toBeNull()
  })

  it('makes the account of a guest who chose a password, inactive, and mails the activation link', async () => {
    const address = newAddress('gast')
    const cartId = await readyCart(address)
    expect((await setPassword(cartId, 'hooiberg7')).statusCode).toBe(204)
    const order = await place(cartId)
    const account = await db().selectFrom('accounts').selectAll().where('emailKey', '=', address).executeTakeFirst()
    expect(account).toMatchObject({ id: order.accountId, firstName: 'Anna', activatedAt: null })
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/)
    const [activation] = (await mailsTo(db(), address)).filter((m) => m.kind === 'account-activation')
    const link = linkIn(activation!)
    expect(`${link.url.origin}${link.url.pathname}`).toBe(CONFIRM_PAGE)
    // Not before the link is followed; then with the password chosen at checkout.
    expect((await client.signIn(address, 'hooiberg7')).statusCode).toBe(401)
    expect((await client.confirm(link.userId, link.token)).statusCode).toBe(204)
    const signIn = await client.signIn(address, 'hooiberg7')
    expect(signIn.statusCode).toBe(204)
    const mine = await client.account(sessionCookieOf(signIn))
    expect(mine.json()).toMatchObject({ billing: { zipcode: '1234 AB', street: 'Hoefijzerlaan' } })
  })

  it('makes no second account for a known address, and still places the order', async () => {
    const { emailAddress, userId } = await activeAccount(app, db)
    const cartId = await readyCart(emailAddress)
    expect((await setPassword(cartId, 'anders99')).statusCode).toBe(204)
    const order = await place(cartId)
    expect(order.accountId).toBeNull()
    const accounts = await db().selectFrom('accounts').select('id').where('emailKey', '=', emailAddress).execute()
    expect(accounts).toEqual([{ id: userId }])
    expect((await mailsTo(db(), emailAddress)).filter((m) => m.kind === 'account-activation')).toHaveLength(1)
  })
})
