import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import {
  FAKE_MOLLIE_IDEAL_ISSUERS,
  FAKE_MOLLIE_KEY,
  startFakeMollie,
  type FakeMollie,
} from '../../../tests/helpers/fake-mollie.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { loadConfig } from '../config.ts'
import { REFUND_STATUS_JOB } from '../orders/order-refund.ts'
import { BILLING } from '../orders/order-test-setup.ts'
import { ISSUERS_TTL_MS, MolliePaymentProvider } from './mollie-provider.ts'
import { PaymentProviderError, WebhookRefusedError } from './payment-provider.ts'

// The Mollie adapter against a stand-in for Mollie's API (tests/helpers/fake-mollie.ts), and Mollie's webhook through
// the app: it carries only an id, and the status always comes from Mollie.

let mollie: FakeMollie
beforeAll(async () => {
  mollie = await startFakeMollie()
})
afterAll(async () => mollie?.close())

const request = {
  reference: 'EQ-2026-0042',
  amount: { value: 1234, currency: 'EUR' },
  description: 'Bestelling EQ-2026-0042',
  method: 'ideal',
  issuer: 'ideal_INGBNL2A',
  redirectUrl: 'https://equivera.nl/checkout/complete/?id=42',
  webhookUrl: 'https://equivera.nl/api/payments/webhook/mollie',
  locale: 'nl' as const,
}

describe('the Mollie adapter', () => {
  const adapter = () => new MolliePaymentProvider({ apiKey: FAKE_MOLLIE_KEY, apiEndpoint: mollie.url })

  it('creates a payment with the amount as Mollie writes it, and answers its checkout', async () => {
    const created = await adapter().createPayment(request)
    expect(created.providerPaymentId).toMatch(/^tr_/)
    expect(created.status).toBe('open')
    expect(created.checkoutUrl).toBe(`https://www.mollie.com/checkout/select-method/${created.providerPaymentId}`)
    expect(mollie.payments.get(created.providerPaymentId)!.request).toEqual({
      amount: { currency: 'EUR', value: '12.34' },
      description: 'Bestelling EQ-2026-0042',
      redirectUrl: request.redirectUrl,
      webhookUrl: request.webhookUrl,
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      locale: 'nl_NL',
      metadata: { reference: 'EQ-2026-0042' },
    })
  })

  it.each([
    ['open', 'open'],
    ['pending', 'open'],
    ['authorized', 'open'],
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
  ] as const)('reads Mollie’s %s as %s', async (theirs, ours) => {
    const { providerPaymentId } = await adapter().createPayment(request)
    mollie.payments.get(providerPaymentId)!.status = theirs
    expect(await adapter().fetchStatus(providerPaymentId)).toBe(ours)
  })

  it('is configured only with a key, and only at an HTTPS address', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mollie' })).toThrow('MOLLIE_API_KEY must be set')
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: FAKE_MOLLIE_KEY, MOLLIE_API_URL: 'http://127.0.0.1/' }),
    ).toThrow('MOLLIE_API_URL')
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('test')
  })

  it('asks Mollie for iDEAL’s banks, keeps them five minutes, and asks about no method without issuers', async () => {
    let now = Date.parse('2026-11-26T10:00:00Z')
    const provider = new MolliePaymentProvider({ apiKey: FAKE_MOLLIE_KEY, apiEndpoint: mollie.url, now: () => now })
    const asked = () => mollie.requests.filter((r) => r.startsWith('GET /v2/methods/')).length
    const before = asked()
    expect(await provider.issuers('ideal')).toEqual(FAKE_MOLLIE_IDEAL_ISSUERS)
    expect(mollie.requests.at(-1)).toBe('GET /v2/methods/ideal?include=issuers')
    mollie.issuers = [{ id: 'ideal_KNABNL2H', name: 'Knab' }]
    try {
      now += ISSUERS_TTL_MS - 1
      expect(await provider.issuers('ideal')).toEqual(FAKE_MOLLIE_IDEAL_ISSUERS)
      expect(await provider.issuers('creditcard')).toEqual([])
      expect(asked()).toBe(before + 1)
      now += 1
      expect(await provider.issuers('ideal')).toEqual([{ id: 'ideal_KNABNL2H', name: 'Knab' }])
      expect(asked()).toBe(before + 2)
    } finally {
      mollie.issuers = [...FAKE_MOLLIE_IDEAL_ISSUERS]
    }
  })

  it('does not keep a failure to list issuers', async () => {
    const provider = adapter()
    mollie.apiKey = 'test_rotatedrotatedrotatedrotated'
    try {
      await expect(provider.issuers('ideal')).rejects.toMatchObject({ name: 'PaymentProviderError', statusCode: 401 })
    } finally {
      mollie.apiKey = FAKE_MOLLIE_KEY
    }
    expect(await provider.issuers('ideal')).toEqual(FAKE_MOLLIE_IDEAL_ISSUERS)
  })

  it('turns a refused API key into a clear error', async () => {
    const wrong = new MolliePaymentProvider({ apiKey: 'test_wrongwrongwrongwrongwrongwr', apiEndpoint: mollie.url })
    const error = await wrong.createPayment(request).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ statusCode: 401 })
    expect((error as Error).message).toBe(
      'Mollie refused creating a payment (check MOLLIE_API_KEY): 401 Missing authentication, or failed to authenticate',
    )
  })

  it('reads a webhook as its id and Mollie’s status, refuses one without an id, and knows no unknown id', async () => {
    const { providerPaymentId } = await adapter().createPayment(request)
    mollie.payments.get(providerPaymentId)!.status = 'paid'
    const call = (rawBody: string) => adapter().parseWebhook({ headers: {}, rawBody })
    expect(await call(`id=${providerPaymentId}&status=failed`)).toEqual({ providerPaymentId, status: 'paid' })
    await expect(call('status=paid')).rejects.toBeInstanceOf(WebhookRefusedError)
    await expect(call('id=../../v2/methods')).rejects.toBeInstanceOf(WebhookRefusedError)
    expect(await call('id=tr_doesNotExist')).toBeUndefined()
  })

  it('pays a paid payment back with the amount as Mollie writes it, once per idempotency key', async () => {
    const provider = adapter()
    const { providerPaymentId } = await provider.createPayment(request)
    mollie.payments.get(providerPaymentId)!.status = 'paid'
    const refund = {
      providerPaymentId,
      amount: { value: 1234, currency: 'EUR' },
      description: 'Terugbetaling bestelling 42 Equivera',
      idempotencyKey: 'refund:42',
    }
    const made = await provider.refund(refund)
    expect(made).toEqual({ providerRefundId: expect.stringMatching(/^re_/), status: 'pending' })
    const sent = mollie.refunds.filter((r) => r.paymentId === providerPaymentId)
    expect(sent).toEqual([
      {
        id: made.providerRefundId,
        paymentId: providerPaymentId,
        request: { amount: { currency: 'EUR', value: '12.34' }, description: 'Terugbetaling bestelling 42 Equivera' },
        idempotencyKey: 'refund:42',
      },
    ])
    expect(mollie.requests).toContain(`POST /v2/payments/${providerPaymentId}/refunds`)

    // The same key again (an answer that was lost): Mollie answers the refund it made, and makes no second one.
    expect(await provider.refund(refund)).toEqual(made)
    expect(mollie.refunds.filter((r) => r.paymentId === providerPaymentId)).toHaveLength(1)
  })

  it.each([
    ['queued', 'pending'],
    ['pending', 'pending'],
    ['processing', 'pending'],
    ['refunded', 'refunded'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
  ] as const)('reads a refund Mollie has as %s as %s', async (theirs, ours) => {
    const provider = adapter()
    const { providerPaymentId } = await provider.createPayment(request)
    mollie.payments.get(providerPaymentId)!.status = 'paid'
    const made = await provider.refund({
      providerPaymentId,
      amount: { value: 1234, currency: 'EUR' },
      description: 'Terugbetaling',
      idempotencyKey: `refund:status-${theirs}`,
    })
    mollie.refunds.find((r) => r.id === made.providerRefundId)!.status = theirs
    expect(await provider.refundStatus({ providerPaymentId, providerRefundId: made.providerRefundId })).toBe(ours)
    expect(mollie.requests.at(-1)).toBe(`GET /v2/payments/${providerPaymentId}/refunds/${made.providerRefundId}`)
  })

  it('turns Mollie’s refusal to pay back an unpaid payment into a provider error', async () => {
    const provider = adapter()
    const { providerPaymentId } = await provider.createPayment(request)
    await expect(
      provider.refund({
        providerPaymentId,
        amount: { value: 1234, currency: 'EUR' },
        description: 'Terugbetaling',
        idempotencyKey: 'refund:43',
      }),
    ).rejects.toMatchObject({ name: 'PaymentProviderError', statusCode: 422 })
  })
})

describe.each(DIALECTS)('Mollie’s webhook on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: FAKE_MOLLIE_KEY, MOLLIE_API_URL: mollie.url },
    })
  })
  afterAll(async () => t?.close())

  const webhook = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/mollie',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    })
  const statusOf = async (id: string) => (await t.app.context.payments.find(id))!.status

  it('records a payment started at Mollie, with the shop’s webhook address', async () => {
    const payment = await t.app.context.payments.create(request)
    expect(payment).toMatchObject({ provider: 'mollie', status: 'open', amount: 1234 })
    expect(mollie.payments.get(payment.providerPaymentId)!.request.webhookUrl).toBe(
      'http://localhost:8080/api/payments/webhook/mollie',
    )
  })

  it('takes the status from Mollie, never from the call, and a late open changes nothing', async () => {
    const { providerPaymentId: id } = await t.app.context.payments.create(request)
    expect((await webhook(`id=${id}&status=paid`)).statusCode).toBe(200)
    expect(await statusOf(id)).toBe('open')
    mollie.payments.get(id)!.status = 'paid'
    expect((await webhook(`id=${id}`)).statusCode).toBe(200)
    expect(await statusOf(id)).toBe('paid')
    expect((await webhook(`id=${id}`)).statusCode).toBe(200)
    mollie.payments.get(id)!.status = 'open'
    expect((await webhook(`id=${id}`)).statusCode).toBe(200)
    expect(await statusOf(id)).toBe('paid')
  })

  it('answers 200 for an id nobody knows, 400 without an id, and 503 when Mollie refuses the shop', async () => {
    expect((await webhook('id=tr_unknown1')).statusCode).toBe(200)
    expect((await webhook('')).statusCode).toBe(400)
    const { providerPaymentId: id } = await t.app.context.payments.create(request)
    mollie.payments.get(id)!.status = 'failed'
    mollie.apiKey = 'test_rotatedrotatedrotatedrotated'
    try {
      const res = await webhook(`id=${id}`)
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ code: 'serviceUnavailable' })
    } finally {
      mollie.apiKey = FAKE_MOLLIE_KEY
    }
    expect(await statusOf(id)).toBe('open')
  })

  it('offers Mollie’s iDEAL banks in the payment step and sends the chosen one with the order’s payment', async () => {
    const shop = (method: 'GET' | 'POST', url: string, body?: object, key?: string) =>
      t.app.inject({
        method,
        url,
        ...(body && { payload: body }),
        headers: { host: HOSTS.nl, ...(key && { 'idempotency-key': key }) },
      })
    const cartId = (await shop('POST', '/api/cart')).json<{ shoppingcartId: string }>().shoppingcartId
    await t.app.context.database.db
      .updateTable('variantStock')
      .set({ amount: 50 })
      .where('variantId', '=', SPORT_MUESLI)
      .execute()
    expect((await shop('POST', `/api/cart/${cartId}/products?productVariantId=${SPORT_MUESLI}`)).statusCode).toBe(204)
    expect((await shop('POST', `/api/cart/${cartId}/billing`, BILLING)).statusCode).toBe(204)
    const methods = (await shop('GET', `/api/cart/${cartId}/paymentmethods`)).json<
      { code: string; issuers: unknown[] }[]
    >()
    expect(methods.find((m) => m.code === 'ideal')!.issuers).toEqual(FAKE_MOLLIE_IDEAL_ISSUERS)
    const refused = await shop('POST', `/api/cart/${cartId}/payment`, { paymentMethodId: 1, issuer: 'ideal_KNABNL2H' })
    expect(refused.json()).toMatchObject({ status: 400, code: 'unknownIssuer' })
    const chosen = await shop('POST', `/api/cart/${cartId}/payment`, { paymentMethodId: 1, issuer: 'ideal_RABONL2U' })
    expect(chosen.statusCode, chosen.body).toBe(204)
    const placed = await shop('POST', `/api/cart/${cartId}/order`, undefined, `mollie-${Date.now()}`)
    expect(placed.statusCode, placed.body).toBe(200)
    const { paymentUrl } = placed.json<{ paymentUrl: string }>()
    const id = /tr_\w+/.exec(paymentUrl)![0]
    expect(mollie.payments.get(id)!.request).toMatchObject({ method: 'ideal', issuer: 'ideal_RABONL2U' })
  })

  it('follows a pending refund until Mollie has paid it back, checking again later while it is on its way', async () => {
    const { context } = t.app
    const db = context.database.db
    const payment = await context.payments.create(request)
    mollie.payments.get(payment.providerPaymentId)!.status = 'paid'
    const made = await new MolliePaymentProvider({ apiKey: FAKE_MOLLIE_KEY, apiEndpoint: mollie.url }).refund({
      providerPaymentId: payment.providerPaymentId,
      amount: { value: 1234, currency: 'EUR' },
      description: 'Terugbetaling',
      idempotencyKey: `refund:follow-${dialect}`,
    })
    const paymentId = (await db
      .selectFrom('payments')
      .select('id')
      .where('providerPaymentId', '=', payment.providerPaymentId)
      .executeTakeFirstOrThrow())!.id
    await db
      .updateTable('payments')
      .set({ refundStatus: 'pending', providerRefundId: made.providerRefundId, refundAmount: 1234 })
      .where('id', '=', paymentId)
      .execute()
    const refundOf = async () =>
      (await db.selectFrom('payments').select('refundStatus').where('id', '=', paymentId).executeTakeFirstOrThrow())
        .refundStatus
    const check = (n: number) =>
      db.selectFrom('jobs').selectAll().where('dedupeKey', '=', `refund-status:${paymentId}:${n}`).executeTakeFirst()

    // Still on its way: the refund stays pending and the next check is queued an hour on.
    await context.jobs.enqueue(
      db,
      REFUND_STATUS_JOB,
      { paymentId, check: 1 },
      { dedupeKey: `refund-status:${paymentId}:1` },
    )
    await context.jobs.drain()
    expect(await refundOf()).toBe('pending')
    const next = await check(2)
    expect(next).toMatchObject({ state: 'queued' })
    expect(Date.parse(next!.runAt) - Date.now()).toBeGreaterThan(55 * 60_000)

    // Paid back: the next check records it, and queues no more.
    mollie.refunds.find((r) => r.id === made.providerRefundId)!.status = 'refunded'
    await db.updateTable('jobs').set({ runAt: new Date().toISOString() }).where('id', '=', next!.id).execute()
    await context.jobs.drain()
    expect(await refundOf()).toBe('refunded')
    expect(await check(3)).toBeUndefined()
  })

  it('has no test provider page or webhook', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/test', payload: {} })
    expect(res.statusCode).toBe(404)
  })
})
