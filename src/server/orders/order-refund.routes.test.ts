// A payment that arrives after its order ended (or after another payment paid it) is paid back, exactly once: through
// HTTP on both databases with the built-in test provider (its page answered with inject, its signed webhook delivered
// by draining the job queue), and the customer gets one mail about it.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGE_CODES } from '../../domain/language-codes.ts'
import { formatMoney } from '../../domain/locale.ts'
import { PlacedOrderSchema, type OrderStatus } from '../../domain/orders.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { balanceOf, newGiftCard, TEST_PIN } from '../gift-cards/gift-card-test-setup.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import { PaymentProviderError, type RefundRequest } from '../payments/payment-provider.ts'
import { SIGNATURE_HEADER, signWebhook, webhookKey, type TestPaymentProvider } from '../payments/test-provider.ts'
import { findOrder } from './order.repository.ts'
import { setOrderStatus } from './order.service.ts'
import { REFUND_JOB, REFUND_STATUS_JOB } from './order-refund.ts'
import { paymentRefunded } from './order-refund-mail.ts'
import { useOrders } from './order-test-setup.ts'

const IDEAL = 1
const newKey = () => randomBytes(16).toString('base64url')

describe.each(DIALECTS)('paying back a late payment on %s', (dialect) => {
  const { current, db, context, cartWith, setStock, stockOf } = useOrders(dialect)
  let provider: TestPaymentProvider
  /** Every refund the provider was asked for, answered or not. */
  const asked: RefundRequest[] = []

  beforeAll(() => {
    provider = context().payments.provider as TestPaymentProvider
    provider.transport = async (url, body, headers) =>
      (await current().app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode
    const refund = provider.refund.bind(provider)
    provider.refund = (request) => {
      asked.push(request)
      return refund(request)
    }
  })

  const call = (method: 'GET' | 'POST', url: string, { body, key }: { body?: object; key?: string } = {}) =>
    current().app.inject({
      method,
      url,
      ...(body && { payload: body }),
      headers: { host: HOSTS.nl, ...(key && { 'idempotency-key': key }) },
    })

  /** An open order of `quantity` muesli paid by iDEAL (and a gift card, when given). */
  async function placeOrder(quantity = 2, card?: string) {
    const cartId = await cartWith([[SPORT_MUESLI, quantity]])
    expect((await call('POST', `/api/cart/${cartId}/payment`, { body: { paymentMethodId: IDEAL } })).statusCode).toBe(
      204,
    )
    if (card) {
      const checked = await call('POST', `/api/cart/${cartId}/giftcard`, {
        body: { giftCardNumber: card, giftCardPin: TEST_PIN },
      })
      if (checked.statusCode !== 200) throw new Error(`The gift card was refused: ${checked.body}`)
    }
    const res = await call('POST', `/api/cart/${cartId}/order`, { key: newKey() })
    expect(res.statusCode, res.body).toBe(200)
    return PlacedOrderSchema.parse(res.json())
  }

  const choose = (checkoutUrl: string, outcome: string) =>
    current().app.inject({
      method: 'POST',
      url: new URL(checkoutUrl).pathname,
      payload: `outcome=${outcome}`,
      headers: { host: HOSTS.nl, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    })
  /** The test provider's signed webhook, as it would send it. */
  const webhook = (providerPaymentId: string, status: string) => {
    const body = JSON.stringify({ id: providerPaymentId, status })
    const signature = signWebhook(webhookKey(context().config.SESSION_SECRET), body, Math.floor(Date.now() / 1000))
    return current().app.inject({
      method: 'POST',
      url: '/api/payments/webhook/test',
      payload: body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    })
  }
  const end = (orderId: string, status: 'expired' | 'cancelled') =>
    db()
      .transaction()
      .execute((trx) => setOrderStatus(trx, context().orders.moves, orderId, status, 'test', new Date()))
  const paymentsOf = (orderId: string) =>
    db().selectFrom('payments').selectAll().where('reference', '=', orderId).orderBy('id').execute()
  const refundsAt = (providerPaymentId: string) =>
    db().selectFrom('testProviderRefunds').selectAll().where('paymentId', '=', providerPaymentId).execute()
  const refundMails = (orderId: string) =>
    db().selectFrom('mails').selectAll().where('dedupeKey', 'like', `order:${orderId}:refund:%`).execute()
  const refundJobs = (paymentId: number) =>
    db().selectFrom('jobs').selectAll().where('dedupeKey', '=', `refund:${paymentId}`).execute()
  const askedFor = (providerPaymentId: string) => asked.filter((r) => r.providerPaymentId === providerPaymentId)
  const statusOf = async (orderId: string) => (await findOrder(db(), orderId))!.status

  it.each<['expired' | 'cancelled', string]>([
    ['expired', 'verlopen'],
    ['cancelled', 'geannuleerd'],
  ])('pays back a payment that arrives after the order %s, once, and tells the customer', async (ending, word) => {
    await setStock(SPORT_MUESLI, 50)
    const placed = await placeOrder()
    await end(placed.orderId, ending)
    expect(await stockOf(SPORT_MUESLI)).toBe(50)

    expect((await choose(placed.paymentUrl!, 'paid')).statusCode).toBe(303)
    await context().jobs.drain()
    const [payment] = await paymentsOf(placed.orderId)
    expect(payment).toMatchObject({ status: 'paid', refundStatus: 'refunded', refundAmount: payment!.amount })
    expect(payment!.providerRefundId).toMatch(/^re_/)
    expect(payment!.refundedAt).not.toBeNull()
    expect(await statusOf(placed.orderId)).toBe(ending)
    expect(await stockOf(SPORT_MUESLI)).toBe(50)
    const refunds = await refundsAt(payment!.providerPaymentId)
    expect(refunds.map((r) => [r.id, r.amount, r.currency])).toEqual([
      [payment!.providerRefundId, payment!.amount, 'EUR'],
    ])
    expect(refunds[0]!.description).toBe(`Terugbetaling bestelling ${placed.orderNumber} Equivera`)

    const [mail, ...more] = await refundMails(placed.orderId)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ recipient: 'anna@example.nl', kind: 'payment-refunded', languageCode: 'nl' })
    expect(mail!.subject).toBe(`Terugbetaling voor je bestelling ${placed.orderNumber} bij Equivera`)
    const amount = formatMoney(payment!.amount, 'EUR', 'nl')
    expect(mail!.text).toContain(`bestelling ${placed.orderNumber} kwam binnen nadat de bestelling was ${word}`)
    expect(mail!.text).toContain(`We hebben ${amount} teruggestort`)
    expect(mail!.text).toContain('een paar werkdagen')

    // The tester sees it on the provider's page.
    const page = await current().app.inject({ method: 'GET', url: new URL(placed.paymentUrl!).pathname })
    expect(page.body).toContain('Terugbetaald')
    expect(page.body).toContain(payment!.providerRefundId)

    // The webhook again (the provider retries it): nothing more is paid back or sent.
    for (const status of ['paid', 'paid'])
      expect((await webhook(payment!.providerPaymentId, status)).statusCode).toBe(200)
    await context().jobs.drain()
    expect(askedFor(payment!.providerPaymentId)).toHaveLength(1)
    expect(await refundsAt(payment!.providerPaymentId)).toHaveLength(1)
    expect(await refundMails(placed.orderId)).toHaveLength(1)
    expect(await refundJobs(payment!.id)).toHaveLength(1)
  })

  it('pays back only what the provider took: the gift card’s part went back to the card when the order expired', async () => {
    await setStock(SPORT_MUESLI, 50)
    const card = await newGiftCard(db(), 1000)
    const placed = await placeOrder(2, card)
    expect(await balanceOf(db(), card)).toBe(0)
    await end(placed.orderId, 'expired')
    expect(await balanceOf(db(), card)).toBe(1000)

    await choose(placed.paymentUrl!, 'paid')
    await context().jobs.drain()
    const [payment] = await paymentsOf(placed.orderId)
    const order = (await findOrder(db(), placed.orderId))!
    expect(payment!.amount).toBe(order.totals.paymentAmount)
    expect(order.totals.totalAmount - payment!.amount).toBe(1000)
    expect((await refundsAt(payment!.providerPaymentId)).map((r) => r.amount)).toEqual([order.totals.paymentAmount])
    expect(await balanceOf(db(), card)).toBe(1000)
  })

  it('asks the provider once when the refund job runs twice', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = await placeOrder()
    await end(placed.orderId, 'expired')
    await choose(placed.paymentUrl!, 'paid')
    await context().jobs.drain()
    const [payment] = await paymentsOf(placed.orderId)
    // A second run (a lease that lapsed, a retry by hand) finds the refund recorded.
    await context().orderRefunds.run(payment!.id, new Date())
    expect(askedFor(payment!.providerPaymentId)).toHaveLength(1)
    expect(await refundsAt(payment!.providerPaymentId)).toHaveLength(1)
    expect(await refundMails(placed.orderId)).toHaveLength(1)
    expect((await paymentsOf(placed.orderId))[0]).toEqual(payment)
  })

  it('follows a refund the provider answers as on its way, until it is paid back', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = await placeOrder()
    await end(placed.orderId, 'expired')
    // The provider makes the refund but answers it as pending, as Mollie does.
    const refund = provider.refund
    provider.refund = async (request) => {
      provider.refund = refund
      return { ...(await refund(request)), status: 'pending' }
    }
    await choose(placed.paymentUrl!, 'paid')
    await context().jobs.drain()
    const [payment] = await paymentsOf(placed.orderId)
    expect(payment).toMatchObject({ refundStatus: 'pending' })
    expect(await refundMails(placed.orderId)).toHaveLength(1)
    const check = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('dedupeKey', '=', `refund-status:${payment!.id}:1`)
      .executeTakeFirstOrThrow()
    expect(check).toMatchObject({ name: REFUND_STATUS_JOB, state: 'queued' })

    // An hour on, the check asks where it stands: paid back.
    await db().updateTable('jobs').set({ runAt: new Date().toISOString() }).where('id', '=', check.id).execute()
    await context().jobs.drain()
    expect((await paymentsOf(placed.orderId))[0]).toMatchObject({ refundStatus: 'refunded' })
    // Asked to pay back once; the check only asked where the refund stands.
    expect(askedFor(payment!.providerPaymentId)).toHaveLength(1)
    expect(await refundsAt(payment!.providerPaymentId)).toHaveLength(1)
  })

  it('tries again when the provider cannot be asked, then pays back', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = await placeOrder()
    await end(placed.orderId, 'expired')
    const refund = provider.refund
    provider.refund = (request) => {
      provider.refund = refund
      asked.push(request)
      return Promise.reject(new PaymentProviderError('down', 503))
    }
    await choose(placed.paymentUrl!, 'paid')
    await context().jobs.drain()
    const [payment] = await paymentsOf(placed.orderId)
    expect(payment).toMatchObject({ refundStatus: 'due', providerRefundId: null })
    const [job] = await refundJobs(payment!.id)
    expect(job).toMatchObject({ name: REFUND_JOB, state: 'queued', attempts: 1 })
    expect(job!.lastError).toContain('down')
    expect(await refundMails(placed.orderId)).toEqual([])

    // Its backoff is over.
    await db().updateTable('jobs').set({ runAt: new Date().toISOString() }).where('id', '=', job!.id).execute()
    await context().jobs.drain()
    expect((await paymentsOf(placed.orderId))[0]).toMatchObject({ refundStatus: 'refunded' })
    expect(askedFor(payment!.providerPaymentId)).toHaveLength(2)
    // The same idempotency key both times: a refund the provider made before its answer was lost is not made twice.
    expect(new Set(askedFor(payment!.providerPaymentId).map((r) => r.idempotencyKey))).toEqual(
      new Set([`refund:${payment!.id}`]),
    )
    expect(await refundsAt(payment!.providerPaymentId)).toHaveLength(1)
    expect(await refundMails(placed.orderId)).toHaveLength(1)
    expect((await refundJobs(payment!.id))[0]).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('pays back nothing of a payment that pays its order', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = await placeOrder()
    await choose(placed.paymentUrl!, 'paid')
    await context().jobs.drain()
    const [payment] = await paymentsOf(placed.orderId)
    expect(await statusOf(placed.orderId)).toBe('paid')
    expect(payment).toMatchObject({ status: 'paid', refundStatus: null, refundAmount: null, providerRefundId: null })
    expect(askedFor(payment!.providerPaymentId)).toEqual([])
    expect(await refundJobs(payment!.id)).toEqual([])
    expect(await refundMails(placed.orderId)).toEqual([])
  })

  it('pays back an older payment that comes in after a newer one paid the order', async () => {
    await setStock(SPORT_MUESLI, 50)
    const placed = await placeOrder()
    await choose(placed.paymentUrl!, 'failed')
    await context().jobs.drain()
    const again = await call('POST', `/api/orders/${placed.orderId}/payment?key=${placed.orderKey}`)
    const { paymentUrl } = again.json() as { paymentUrl: string }
    await choose(paymentUrl, 'paid')
    await context().jobs.drain()
    expect(await statusOf(placed.orderId)).toBe('paid')

    // The bank reports the first one paid after all: the payer paid twice.
    const [first, second] = await paymentsOf(placed.orderId)
    await db()
      .updateTable('testProviderPayments')
      .set({ status: 'paid' })
      .where('id', '=', first!.providerPaymentId)
      .execute()
    expect((await webhook(first!.providerPaymentId, 'paid')).statusCode).toBe(200)
    await context().jobs.drain()
    expect(await statusOf(placed.orderId)).toBe<OrderStatus>('paid')
    const [firstNow, secondNow] = await paymentsOf(placed.orderId)
    expect(firstNow).toMatchObject({ status: 'paid', refundStatus: 'refunded', refundAmount: first!.amount })
    expect(secondNow).toMatchObject({ status: 'paid', refundStatus: null })
    expect(askedFor(second!.providerPaymentId)).toEqual([])
    const [mail, ...more] = await refundMails(placed.orderId)
    expect(more).toEqual([])
    expect(mail!.text).toContain('kwam binnen toen de bestelling al betaald was')
    expect(mail!.text).not.toContain('nieuwe bestelling')
  })

  it('renders the refund mail in every language with the order, the amount and the customer service', async () => {
    const site = context().sites.byDomain(HOSTS.nl)!
    for (const language of LANGUAGE_CODES) {
      const layout = mailLayout(site, language, 'https://www.equivera.nl')
      for (const reason of ['expired', 'cancelled', 'paidTwice'] as const) {
        const mail = await renderMail(
          layout,
          paymentRefunded(layout, { orderNumber: 4711, reason, amount: 12345, currency: 'EUR' }),
        )
        expect(mail.subject, language).toContain('4711')
        expect(mail.text, language).toContain(formatMoney(12345, 'EUR', language))
        expect(mail.text, language).toContain(site.customerServiceEmailAddress)
      }
    }
  })
})
