import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { SIGNATURE_HEADER, signWebhook, webhookKey, type TestPaymentProvider } from './test-provider.ts'

// The built-in test provider end to end: a payment is created, its hosted page shows it, the payer's choice goes to
// the shop's webhook through the job queue, signed; and the webhook refuses what the provider did not send.

const RETURN_URL = 'https://equivera-nl.localhost/checkout/complete/?id=17&key=abc'
const WEBHOOK = '/api/payments/webhook/test'

describe.each(DIALECTS)('the test payment provider on %s', (dialect) => {
  let t: TestApp
  let provider: TestPaymentProvider
  /** Every webhook call the provider sent, as sent. */
  const sent: { body: string; headers: Record<string, string>; status: number }[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    provider = t.app.context.payments.provider as TestPaymentProvider
    provider.transport = async (url, body, headers) => {
      const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })
      sent.push({ body, headers, status: res.statusCode })
      return res.statusCode
    }
  })
  afterAll(async () => t?.close())

  const create = (locale: LanguageCode = 'nl', amount = 1234) =>
    t.app.context.payments.create({
      reference: 'EQ-2026-0017',
      amount: { value: amount, currency: 'EUR' },
      description: 'Bestelling EQ-2026-0017',
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      redirectUrl: RETURN_URL,
      locale,
    })
  const page = (checkoutUrl: string) =>
    t.app.inject({ method: 'GET', url: new URL(checkoutUrl).pathname, headers: { host: HOSTS.nl } })
  const choose = (checkoutUrl: string, outcome: string, site = 'same-origin') =>
    t.app.inject({
      method: 'POST',
      url: new URL(checkoutUrl).pathname,
      payload: `outcome=${outcome}`,
      headers: { host: HOSTS.nl, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site },
    })
  const webhook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature, 'sec-fetch-site': 'cross-site' },
    })
  const key = () => webhookKey(t.app.context.config.SESSION_SECRET)
  const nowS = () => Math.floor(Date.now() / 1000)
  const statusOf = async (id: string) => (await t.app.context.payments.find(id))!.status

  it('creates an open payment whose checkout is the hosted page on this server', async () => {
    const payment = await create()
    expect(payment).toMatchObject({ provider: 'test', status: 'open', amount: 1234, currency: 'EUR' })
    expect(payment.providerPaymentId).toMatch(/^tst_[\w-]{22}$/)
    expect(payment.checkoutUrl).toBe(`http://localhost:8080/payments/test/${payment.providerPaymentId}`)
  })

  it('refuses a return address that is not a web address', async () => {
    const base = { reference: 'x', amount: { value: 1, currency: 'EUR' }, description: 'x', method: 'ideal' }
    for (const redirectUrl of ['javascript:alert(1)', 'not a url'])
      await expect(t.app.context.payments.create({ ...base, redirectUrl, locale: 'nl' })).rejects.toThrow(TypeError)
  })

  it('lists iDEAL’s banks, and no issuers for a method without them', async () => {
    const banks = await provider.issuers('ideal')
    expect(banks.map((b) => b.name)).toEqual(
      expect.arrayContaining(['ABN AMRO', 'ING', 'Rabobank', 'SNS', 'ASN Bank', 'RegioBank', 'Triodos Bank', 'bunq']),
    )
    for (const bank of banks) expect(bank.id).toMatch(/^ideal_[A-Z0-9]{8,11}$/)
    expect(await provider.issuers('creditcard')).toEqual([])
  })

  it.each([
    ['nl', 'Testbetaling', 'Betalen', '€ 12,34', 'Bank'],
    ['de', 'Testzahlung', 'Bezahlen', '12,34 €', 'Bank'],
  ] as const)(
    'shows the hosted page in the payment’s language (%s) with the chosen bank, with no script',
    async (locale, title, pay, amount, bank) => {
      const payment = await create(locale)
      const res = await page(payment.checkoutUrl)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain(`<dt>${bank}</dt><dd>ING</dd>`)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toContain(`<title>${title}</title>`)
      expect(res.body).toContain(`>${pay}</button>`)
      expect(res.body.replaceAll('\u00a0', ' ')).toContain(amount)
      expect(res.body).toContain('name="viewport" content="width=device-width, initial-scale=1"')
      expect(res.body).toContain(`<form method="post" action="/payments/test/${payment.providerPaymentId}">`)
      for (const outcome of ['paid', 'failed', 'cancelled', 'expired'])
        expect(res.body).toContain(`name="outcome" value="${outcome}"`)
      expect(res.body).not.toMatch(/<script|style="|\son\w+=/i)
      const csp = String(res.headers['content-security-policy'])
      const nonce = /'nonce-([\w-]+)'/.exec(csp)![1]
      expect(res.body).toContain(`<style nonce="${nonce}">`)
      expect(csp).toContain("form-action 'self' https://equivera-nl.localhost")
      expect(csp).not.toContain('unsafe-inline')
    },
  )

  it('answers 404 for an unknown payment, and refuses a form another site sends', async () => {
    expect((await page('http://x/payments/test/tst_AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404)
    expect((await page('http://x/payments/test/nope')).statusCode).toBe(404)
    const payment = await create()
    expect((await choose(payment.checkoutUrl, 'paid', 'cross-site')).statusCode).toBe(403)
    expect((await choose(payment.checkoutUrl, 'refunded')).statusCode).toBe(400)
    expect(await statusOf(payment.providerPaymentId)).toBe('open')
  })

  it('records the choice, returns the payer, and a signed webhook job marks the payment paid', async () => {
    const payment = await create()
    const res = await choose(payment.checkoutUrl, 'paid')
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(RETURN_URL)
    // The webhook goes out as a job, not in the payer's request.
    expect(await statusOf(payment.providerPaymentId)).toBe('open')
    sent.length = 0
    await t.app.context.jobs.drain()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.status).toBe(200)
    expect(sent[0]!.headers[SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(JSON.parse(sent[0]!.body)).toEqual({ id: payment.providerPaymentId, status: 'paid' })
    expect(await statusOf(payment.providerPaymentId)).toBe('paid')

    // The page now says so, and a second choice changes nothing.
    expect((await page(payment.checkoutUrl)).body).toContain('Deze betaling is al afgerond: Betaald.')
    expect((await choose(payment.checkoutUrl, 'failed')).statusCode).toBe(303)
    await t.app.context.jobs.drain()
    expect(await statusOf(payment.providerPaymentId)).toBe('paid')
  })

  it('refuses a forged, tampered or stale webhook and changes nothing', async () => {
    const payment = await create()
    const id = payment.providerPaymentId
    const body = JSON.stringify({ id, status: 'paid' })
    const forged = signWebhook(webhookKey('someone-else-s-secret-0123456789abcdef'), body, nowS())
    expect((await webhook(body, forged)).statusCode).toBe(401)
    const signed = signWebhook(key(), body, nowS())
    const tampered = JSON.stringify({ id, status: 'cancelled' })
    expect((await webhook(tampered, signed)).statusCode).toBe(401)
    expect((await webhook(body, signWebhook(key(), body, nowS() - 600))).statusCode).toBe(401)
    expect((await webhook(body, '')).statusCode).toBe(401)
    expect((await webhook('{"id":', signWebhook(key(), '{"id":', nowS()))).statusCode).toBe(400)
    expect(await statusOf(id)).toBe('open')
  })

  it('changes nothing for a replayed event, a late open after paid, or an unknown payment', async () => {
    const payment = await create()
    const id = payment.providerPaymentId
    const paid = JSON.stringify({ id, status: 'paid' })
    const signature = signWebhook(key(), paid, nowS())
    expect((await webhook(paid, signature)).statusCode).toBe(200)
    const after = await t.app.context.payments.find(id)
    expect(after!.status).toBe('paid')
    expect((await webhook(paid, signature)).statusCode).toBe(200)
    const late = JSON.stringify({ id, status: 'open' })
    expect((await webhook(late, signWebhook(key(), late, nowS()))).statusCode).toBe(200)
    const expired = JSON.stringify({ id, status: 'expired' })
    expect((await webhook(expired, signWebhook(key(), expired, nowS()))).statusCode).toBe(200)
    expect(await t.app.context.payments.find(id)).toEqual(after)

    const unknown = JSON.stringify({ id: 'tst_BBBBBBBBBBBBBBBBBBBBBB', status: 'paid' })
    expect((await webhook(unknown, signWebhook(key(), unknown, nowS()))).statusCode).toBe(200)
    expect(await t.app.context.payments.find('tst_BBBBBBBBBBBBBBBBBBBBBB')).toBeUndefined()
  })

  it.each(['failed', 'cancelled', 'expired'] as const)(
    'ends a payment the payer let end %s in that status',
    async (outcome) => {
      const payment = await create('en')
      expect((await choose(payment.checkoutUrl, outcome)).statusCode).toBe(303)
      await t.app.context.jobs.drain()
      expect(await statusOf(payment.providerPaymentId)).toBe(outcome)
    },
  )

  it('has no Mollie webhook while the test provider is configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/mollie',
      payload: 'id=tr_abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.statusCode).toBe(404)
  })
})
