// The newsletter through HTTP on both databases: the footer's sign-up with its double opt-in, the same answer for
// every address, confirming and its dead links, unsubscribing by the signed link (the app's page and RFC 8058's
// one-click POST), a newsletter from the back office read back from a real SMTP listener, the checkout's opt-in, and
// the signed-in account's opt-in.
import { randomBytes } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, LANG, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import type { Dialect } from '../db/database.ts'
import { linkOf, startSmtpListener, type SmtpListener } from '../mail/mail-test-setup.ts'
import { mailText } from '../mail/mail-templates.ts'
import { BILLING } from '../orders/order-test-setup.ts'
import { SessionService } from '../sessions/session.service.ts'

const TOKEN = 'back-office-test-token-0123456789abcdefghij'

/** A header as it arrived (mailparser reads the List-* headers into objects). */
const rawHeader = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? ''
  return line.slice(line.indexOf(':') + 1).trim()
}

describe.each(DIALECTS)('the newsletter on %s', (dialect: Dialect) => {
  let smtp: SmtpListener
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpListener()
    // Rate limits off here: every request comes from one address (the limits have their own app below).
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, BACKOFFICE_TOKEN: TOKEN, RATE_LIMITS: 'off' } })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })
  const db = () => t.database.handle.db
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    { body, headers = {} }: { body?: object | string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(body !== undefined && { payload: body }),
      headers: { host: HOSTS.nl, ...headers },
    })
  const subscribe = (emailAddress: string, headers: Record<string, string> = {}) =>
    call('POST', '/api/newsletter/subscribe', { body: { emailAddress }, headers })
  const subscriptionOf = (emailKey: string, siteId = 1) =>
    db()
      .selectFrom('newsletterSubscriptions')
      .selectAll()
      .where('siteId', '=', siteId)
      .where('emailKey', '=', emailKey)
      .executeTakeFirst()
  const mailsTo = (address: string) =>
    db().selectFrom('mails').selectAll().where('recipient', '=', address).orderBy('id').execute()
  /** The token of the newest confirmation link mailed to an address. */
  const tokenMailedTo = async (address: string) => {
    const mail = (await mailsTo(address)).filter((m) => m.kind === 'newsletter-confirmation').at(-1)!
    const link = new URL(linkOf(mail.html, mailText(mail.languageCode as 'nl', 'newsletterConfirm.button'))!)
    return { link, token: link.searchParams.get('token')! }
  }
  const confirm = (token: string) => call('POST', `/api/newsletter/confirm?token=${token}`)
  const unique = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.nl`

  it('signs up with a double opt-in: 204, a confirmation link in the page’s language, confirmed by its token', async () => {
    const address = unique('Fenna')
    const res = await subscribe(`  ${address.toUpperCase()} `, { languageid: String(LANG.nl) })
    expect(res.statusCode, res.body).toBe(204)
    expect(res.headers['cache-control']).toContain('no-store')
    const pending = await subscriptionOf(address.toLowerCase())
    expect(pending).toMatchObject({ status: 'pending', source: 'footer', emailAddress: address.toUpperCase() })
    expect(pending!.confirmTokenHash).toMatch(/^[\w-]{43}$/)

    const [mail, ...more] = await mailsTo(address.toUpperCase())
    expect(more).toHaveLength(0)
    expect(mail).toMatchObject({ kind: 'newsletter-confirmation', languageCode: 'nl' })
    expect(mail!.subject).toBe(mailText('nl', 'newsletterConfirm.subject', { brand: 'Equivera' }))
    const { link, token } = await tokenMailedTo(address.toUpperCase())
    expect(link.origin).toBe(`http://${HOSTS.nl}:8080`)
    expect(link.pathname).toBe('/newsletter/confirm/')
    // Only the token's hash is stored.
    expect(JSON.stringify(pending)).not.toContain(token)

    const confirmed = await confirm(token)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({ emailAddress: address.toUpperCase(), status: 'confirmed' })
    expect(await subscriptionOf(address.toLowerCase())).toMatchObject({
      status: 'confirmed',
      confirmedAt: expect.any(String),
    })
    // A second click on the same link says the same.
    expect((await confirm(token)).json()).toEqual({ emailAddress: address.toUpperCase(), status: 'confirmed' })
  })

  it('mails the link under the language’s prefix on a site of several languages', async () => {
    const address = unique('louise')
    const res = await call('POST', '/api/newsletter/subscribe', {
      body: { emailAddress: address },
      headers: { host: HOSTS.be, languageid: String(LANG['fr-BE']) },
    })
    expect(res.statusCode, res.body).toBe(204)
    const [mail] = await mailsTo(address)
    expect(mail!.languageCode).toBe('fr-BE')
    const link = new URL(linkOf(mail!.html, mailText('fr-BE', 'newsletterConfirm.button'))!)
    expect(link.pathname).toBe('/fr/newsletter/confirm/')
  })

  it('answers the same for a new, a pending and a confirmed address; a confirmed one gets a note, not a new link', async () => {
    const known = unique('known')
    await subscribe(known)
    await confirm((await tokenMailedTo(known)).token)
    const fresh = unique('fresh')
    const answers = await Promise.all([subscribe(known), subscribe(fresh)])
    expect(answers.map((r) => [r.statusCode, r.body])).toEqual([
      [204, ''],
      [204, ''],
    ])
    expect(answers[0]!.headers['content-type']).toEqual(answers[1]!.headers['content-type'])
    expect((await mailsTo(known)).map((m) => m.kind)).toEqual([
      'newsletter-confirmation',
      'newsletter-already-subscribed',
    ])
    expect(await subscriptionOf(known)).toMatchObject({ status: 'confirmed' })
    // Entered again the same day: no second note.
    await subscribe(known)
    expect(await mailsTo(known)).toHaveLength(2)
  })

  it('refuses an address that is not one with 400 invalidFields, naming the field', async () => {
    const res = await subscribe('not-an-address')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalidFields', params: { emailAddress: 'validation.email' } })
  })

  it('refuses an expired link, a replaced link and an unknown one with 410, changing nothing', async () => {
    const address = unique('late')
    await subscribe(address)
    const first = (await tokenMailedTo(address)).token
    await subscribe(address)
    const second = (await tokenMailedTo(address)).token
    expect(second).not.toBe(first)
    const replaced = await confirm(first)
    expect(replaced.statusCode).toBe(410)
    expect(replaced.json()).toMatchObject({ code: 'newsletterLinkInvalid' })

    await db()
      .updateTable('newsletterSubscriptions')
      .set({ confirmExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('emailKey', '=', address)
      .execute()
    expect((await confirm(second)).statusCode).toBe(410)
    expect(await subscriptionOf(address)).toMatchObject({ status: 'pending', confirmedAt: null })
    expect((await confirm(randomBytes(32).toString('base64url'))).statusCode).toBe(410)
    expect((await call('POST', '/api/newsletter/confirm?token=short')).statusCode).toBe(400)
  })

  it('sends a newsletter from the back office: one mail per confirmed subscriber, each with its own working unsubscribe link and RFC 8058 headers', async () => {
    // A site of its own, so the subscribers of the other tests are not in it: the German site.
    const de = (emailAddress: string) =>
      call('POST', '/api/newsletter/subscribe', { body: { emailAddress }, headers: { host: HOSTS.de } })
    const [a, b, pending, gone] = ['greta', 'hans', 'pending', 'gone'].map(unique)
    for (const address of [a!, b!, pending!, gone!]) await de(address)
    for (const address of [a!, b!, gone!]) {
      const res = await call('POST', `/api/newsletter/confirm?token=${(await tokenMailedTo(address)).token}`, {
        headers: { host: HOSTS.de },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const goneRow = (await subscriptionOf(gone!, 3))!
    await db()
      .updateTable('newsletterSubscriptions')
      .set({ status: 'unsubscribed' })
      .where('id', '=', goneRow.id)
      .execute()

    const auth = { authorization: `Bearer ${TOKEN}` }
    const body = {
      siteId: 3,
      editions: [
        {
          language: 'de',
          subject: 'Winterfütterung',
          heading: 'Gut durch den Winter',
          paragraphs: ['Heu, Wasser, Bewegung.'],
        },
      ],
    }
    expect((await call('POST', '/api/backoffice/newsletters', { body })).statusCode).toBe(401)
    const sent = await call('POST', '/api/backoffice/newsletters', { body, headers: auth })
    expect(sent.statusCode, sent.body).toBe(202)
    expect(sent.json()).toEqual({ newsletterId: expect.any(Number) })
    await t.app.context.jobs.drain()
    await t.app.context.jobs.drain()

    const newsletters = smtp.received.filter((m) => m.subject === 'Winterfütterung')
    expect(newsletters.map((m) => m.to && 'text' in m.to && m.to.text).toSorted()).toEqual([a, b].toSorted())
    const links = new Set<string>()
    for (const mail of newsletters) {
      const header = rawHeader(mail, 'list-unsubscribe')
      expect(header).toMatch(
        /^<http:\/\/muehldorfer-de\.localhost:8080\/api\/newsletter\/unsubscribe\?id=\d+&key=[\w-]{43}>$/,
      )
      expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
      const page = linkOf(mail.html as string, mailText('de', 'newsletter.unsubscribe'))!
      expect(new URL(page).pathname).toBe('/newsletter/unsubscribe/')
      expect(mail.text).toContain(page)
      links.add(header)
    }
    expect(links.size).toBe(2)
    const row = await db()
      .selectFrom('newsletters')
      .selectAll()
      .where('id', '=', sent.json<{ newsletterId: number }>().newsletterId)
      .executeTakeFirstOrThrow()
    expect(Number(row.recipients)).toBe(2)

    // The mail client's one-click: a form POST to the header's address, from the provider's servers.
    const [first, second] = newsletters
    const oneClick = new URL(rawHeader(first!, 'list-unsubscribe').slice(1, -1))
    const res = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        host: oneClick.host,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const firstTo = first!.to && 'text' in first!.to ? first!.to.text : ''
    expect(res.json()).toEqual({ emailAddress: firstTo, status: 'unsubscribed' })
    expect(await subscriptionOf(firstTo, 3)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(String),
    })
    // Each link is its subscriber's own: the other is still subscribed, and answers the page's POST too.
    const secondTo = second!.to && 'text' in second!.to ? second!.to.text : ''
    expect(await subscriptionOf(secondTo, 3)).toMatchObject({ status: 'confirmed' })
    const page = new URL(linkOf(second!.html as string, mailText('de', 'newsletter.unsubscribe'))!)
    const viaPage = await call('POST', `/api/newsletter/unsubscribe${page.search}`, { headers: { host: HOSTS.de } })
    expect(viaPage.json()).toEqual({ emailAddress: secondTo, status: 'unsubscribed' })
    // Again: the same answer.
    expect(
      (await call('POST', `/api/newsletter/unsubscribe${page.search}`, { headers: { host: HOSTS.de } })).statusCode,
    ).toBe(200)
  })

  it('refuses an unsubscribe link with a wrong key or of another site with 410', async () => {
    const address = unique('keep')
    await subscribe(address)
    await confirm((await tokenMailedTo(address)).token)
    const { id } = (await subscriptionOf(address))!
    const wrong = await call('POST', `/api/newsletter/unsubscribe?id=${id}&key=${'A'.repeat(43)}`)
    expect(wrong.statusCode).toBe(410)
    expect(await subscriptionOf(address)).toMatchObject({ status: 'confirmed' })
    const mail = (await mailsTo(address)).at(-1)!
    expect(mail.kind).toBe('newsletter-confirmation')
    // The "already subscribed" note carries a real link; on another site's host it is refused.
    await subscribe(address)
    const note = (await mailsTo(address)).at(-1)!
    const link = new URL(linkOf(note.html, mailText('nl', 'newsletter.unsubscribe'))!)
    const elsewhere = await call('POST', `/api/newsletter/unsubscribe${link.search}`, { headers: { host: HOSTS.be } })
    expect(elsewhere.statusCode).toBe(410)
    const here = await call('POST', `/api/newsletter/unsubscribe${link.search}`)
    expect(here.statusCode, here.body).toBe(200)
    // A confirmation link from before the unsubscribe no longer confirms.
    await db().updateTable('newsletterSubscriptions').set({ confirmTokenHash: null }).where('id', '=', id).execute()
  })

  it('starts the double opt-in when an order whose cart asked for the newsletter is placed', async () => {
    const created = await call('POST', '/api/cart')
    const cartId = created.json<{ shoppingcartId: string }>().shoppingcartId
    const address = unique('koper')
    const steps = [
      call('POST', `/api/cart/${cartId}/products?productVariantId=${SPORT_MUESLI}&quantity=1`),
      call('POST', `/api/cart/${cartId}/billing`, { body: { ...BILLING, emailAddress: address } }),
      call('POST', `/api/cart/${cartId}/payment`, {
        body: { paymentMethodId: t.app.context.sites.byDomain(HOSTS.nl)!.paymentMethods[0]!.paymentMethodId },
      }),
      call('POST', `/api/cart/${cartId}/newsletter?subscribe=true`),
    ]
    for (const step of steps) expect((await step).statusCode).toBe(204)
    const placed = await call('POST', `/api/cart/${cartId}/order`, {
      headers: { 'idempotency-key': randomBytes(16).toString('base64url') },
    })
    expect(placed.statusCode, placed.body).toBe(200)
    expect(await subscriptionOf(address)).toMatchObject({ status: 'pending', source: 'checkout' })
    expect((await mailsTo(address)).map((m) => m.kind).toSorted()).toEqual([
      'newsletter-confirmation',
      'order-confirmation',
    ])

    // Without the opt-in: no subscription.
    const other = await call('POST', '/api/cart')
    const otherId = other.json<{ shoppingcartId: string }>().shoppingcartId
    const plain = unique('plain')
    await call('POST', `/api/cart/${otherId}/products?productVariantId=${SPORT_MUESLI}&quantity=1`)
    await call('POST', `/api/cart/${otherId}/billing`, { body: { ...BILLING, emailAddress: plain } })
    await call('POST', `/api/cart/${otherId}/payment`, {
      body: { paymentMethodId: t.app.context.sites.byDomain(HOSTS.nl)!.paymentMethods[0]!.paymentMethodId },
    })
    const res = await call('POST', `/api/cart/${otherId}/order`, {
      headers: { 'idempotency-key': randomBytes(16).toString('base64url') },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await subscriptionOf(plain)).toBeUndefined()
  })

  describe('the signed-in account', () => {
    /** An activated account on the Dutch site and the cookie of a session signed in to it. */
    async function signedIn(emailAddress: string) {
      const now = new Date().toISOString()
      const account = await db()
        .insertInto('accounts')
        .values({
          siteId: 1,
          languageId: LANG.nl,
          emailAddress,
          emailKey: emailAddress.toLowerCase(),
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused',
          firstName: 'Anna',
          lastName: 'de Vries',
          phoneNumber: '+31612345678',
          billing: JSON.stringify(BILLING.address),
          shipping: null,
          company: null,
          alternativeShippingAddress: false,
          newsletter: false,
          activatedAt: now,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const session = await new SessionService(db()).create(1, {}, Number(account.id))
      return { accountId: Number(account.id), cookie: `sid=${t.app.signCookie(session.id)}` }
    }
    const flagOf = async (accountId: number) =>
      Boolean(
        (await db().selectFrom('accounts').select('newsletter').where('id', '=', accountId).executeTakeFirstOrThrow())
          .newsletter,
      )

    it('answers 401 notSignedIn without a signed-in session', async () => {
      for (const res of [
        await call('GET', '/api/account/subscriptions'),
        await call('PUT', '/api/account/subscriptions', { body: { newsletter: true } }),
      ]) {
        expect(res.statusCode).toBe(401)
        expect(res.json()).toMatchObject({ code: 'notSignedIn' })
      }
    })

    it('opts in (confirmed at once: the activated address, signed in) and out, the account’s flag following', async () => {
      const address = unique('account')
      const { accountId, cookie } = await signedIn(address)
      const read = await call('GET', '/api/account/subscriptions', { headers: { cookie } })
      expect(read.statusCode, read.body).toBe(200)
      expect(read.headers['cache-control']).toContain('no-store')
      expect(read.json()).toEqual({ emailAddress: address, newsletter: false })

      const on = await call('PUT', '/api/account/subscriptions', { body: { newsletter: true }, headers: { cookie } })
      expect(on.statusCode, on.body).toBe(200)
      expect(on.json()).toEqual({ emailAddress: address, newsletter: true })
      expect(await subscriptionOf(address)).toMatchObject({ status: 'confirmed', source: 'account', accountId })
      expect(await flagOf(accountId)).toBe(true)
      expect(await mailsTo(address)).toHaveLength(0)

      const off = await call('PUT', '/api/account/subscriptions', { body: { newsletter: false }, headers: { cookie } })
      expect(off.json()).toEqual({ emailAddress: address, newsletter: false })
      expect(await subscriptionOf(address)).toMatchObject({ status: 'unsubscribed' })
      expect(await flagOf(accountId)).toBe(false)
    })

    it('mirrors a confirmation and an unsubscribe by link on the account of the same address', async () => {
      const address = unique('mirror')
      const { accountId, cookie } = await signedIn(address)
      await subscribe(address)
      await confirm((await tokenMailedTo(address)).token)
      expect(await flagOf(accountId)).toBe(true)
      expect((await call('GET', '/api/account/subscriptions', { headers: { cookie } })).json()).toMatchObject({
        newsletter: true,
      })
      await subscribe(address)
      const note = (await mailsTo(address)).at(-1)!
      const link = new URL(linkOf(note.html, mailText('nl', 'newsletter.unsubscribe'))!)
      expect((await call('POST', `/api/newsletter/unsubscribe${link.search}`)).statusCode).toBe(200)
      expect(await flagOf(accountId)).toBe(false)
    })
  })
})

describe.each(DIALECTS)('the newsletter sign-up’s rate limit on %s', (dialect: Dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())

  it('allows 3 sign-ups of one address an hour, then 429 with Retry-After, whatever the address’s state', async () => {
    const send = (emailAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { emailAddress },
        headers: { host: HOSTS.nl },
      })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await send('Limit@Example.nl')).statusCode)
    expect(statuses).toEqual([204, 204, 204, 429])
    const limited = await send('limit@example.nl')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toMatch(/^\d+$/)
    expect(limited.json()).toMatchObject({ code: 'rateLimited' })
    // Another address from the same network still may, up to the per-address budget.
    expect((await send('someone.else@example.nl')).statusCode).toBe(204)
  })
})
