// Invoices through HTTP on both databases: numbered when an order becomes paid (by the test provider's signed webhook,
// delivered by draining the job queue, or at once with nothing to pay), once per order, per site without gaps; the PDF
// read back with pdfjs; the key check; the payment-received mail and its link.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { formatMoney } from '../../domain/locale.ts'
import { OrderViewSchema, PlacedOrderSchema } from '../../domain/orders.ts'
import { HOSTS } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { pdfText, plainSpaces } from '../../../tests/helpers/pdf-text.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { SIGNATURE_HEADER, signWebhook, webhookKey, type TestPaymentProvider } from '../payments/test-provider.ts'
import { BILLING, BILLING_BE, useOrders } from '../orders/order-test-setup.ts'
import { formatPercent } from './invoice-pdf.ts'

const newKey = () => randomBytes(16).toString('base64url')
const YEAR = new Date().getUTCFullYear()
const number = (n: number) => `F${YEAR}-${String(n).padStart(6, '0')}`

describe.each(DIALECTS)('invoices on %s', (dialect) => {
  const { current, db, context, cartWith, setStock } = useOrders(dialect)

  beforeAll(async () => {
    const provider = context().payments.provider as TestPaymentProvider
    provider.transport = async (url, body, headers) =>
      (await current().app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode
    await setStock(SPORT_MUESLI, 500)
  })

  const call = (method: 'GET' | 'POST', url: string, { host = HOSTS.nl as string, key = '' } = {}) =>
    current().app.inject({ method, url, headers: { host, ...(key && { 'idempotency-key': key }) } })

  /** Places an order of muesli on a site, its billing name in Polish, Czech and Estonian, and answers it. */
  async function placeOrder(host: string = HOSTS.nl) {
    const cartId = await cartWith([[SPORT_MUESLI, 2]], { host, billing: false })
    const billing = { ...(host === HOSTS.be ? BILLING_BE : BILLING), firstName: 'Łucja', lastName: 'Dvořák-Põld' }
    const set = await current().app.inject({
      method: 'POST',
      url: `/api/cart/${cartId}/billing`,
      payload: billing,
      headers: { host },
    })
    expect(set.statusCode, set.body).toBe(204)
    const methodId = context().sites.byDomain(host)!.paymentMethods[0]!.paymentMethodId
    const payment = await current().app.inject({
      method: 'POST',
      url: `/api/cart/${cartId}/payment`,
      payload: { paymentMethodId: methodId },
      headers: { host },
    })
    expect(payment.statusCode, payment.body).toBe(204)
    const res = await call('POST', `/api/cart/${cartId}/order`, { host, key: newKey() })
    expect(res.statusCode, res.body).toBe(200)
    return PlacedOrderSchema.parse(res.json())
  }

  /** The payer chooses `paid` on the test provider's page; the webhook arrives when the queue is drained. */
  async function pay(checkoutUrl: string) {
    const res = await current().app.inject({
      method: 'POST',
      url: new URL(checkoutUrl).pathname,
      payload: 'outcome=paid',
      headers: { host: HOSTS.nl, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    })
    expect(res.statusCode).toBe(303)
    await context().jobs.drain()
  }

  const invoiceOf = (orderId: string) =>
    db().selectFrom('invoices').selectAll().where('orderId', '=', orderId).executeTakeFirst()
  const counterOf = async (host: string) => {
    const site = context().sites.byDomain(host)!
    const row = await db()
      .selectFrom('invoiceNumbers')
      .select('lastNumber')
      .where('siteId', '=', site.id)
      .where('year', '=', YEAR)
      .executeTakeFirst()
    return row ? Number(row.lastNumber) : 0
  }
  const getInvoice = (orderId: string, key: string, host: string = HOSTS.nl) =>
    call('GET', `/api/orders/${orderId}/invoice?key=${encodeURIComponent(key)}`, { host })

  it('numbers invoices per site without gaps when orders become paid; a rolled-back or refused move uses none', async () => {
    const start = await counterOf(HOSTS.nl)
    const first = await placeOrder()
    const second = await placeOrder()
    expect(await invoiceOf(first.orderId)).toBeUndefined()

    // A move to paid whose transaction rolls back (the payment's update failed after it): no invoice, no number.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await context().orders.setStatus(trx, second.orderId, 'paid', 'test', new Date())
          expect(
            await trx.selectFrom('invoices').select('orderId').where('orderId', '=', second.orderId).execute(),
          ).toHaveLength(1)
          throw new Error('rolled back')
        }),
    ).rejects.toThrow('rolled back')
    expect(await invoiceOf(second.orderId)).toBeUndefined()
    expect(await counterOf(HOSTS.nl)).toBe(start)

    // A move the transitions refuse (an expired order cannot be paid): no number either.
    const expired = await placeOrder()
    await db()
      .transaction()
      .execute((trx) => context().orders.setStatus(trx, expired.orderId, 'expired', 'test', new Date()))
    await expect(
      db()
        .transaction()
        .execute((trx) => context().orders.setStatus(trx, expired.orderId, 'paid', 'test', new Date())),
    ).rejects.toMatchObject({ code: 'orderStatusRefused' })
    expect(await counterOf(HOSTS.nl)).toBe(start)

    await pay(second.paymentUrl!)
    await pay(first.paymentUrl!)
    expect((await invoiceOf(second.orderId))?.invoiceNumber).toBe(number(start + 1))
    expect((await invoiceOf(first.orderId))?.invoiceNumber).toBe(number(start + 2))

    // Another site counts on its own.
    const belgian = await placeOrder(HOSTS.be)
    const beStart = await counterOf(HOSTS.be)
    await pay(belgian.paymentUrl!)
    expect((await invoiceOf(belgian.orderId))?.invoiceNumber).toBe(number(beStart + 1))
    expect(await counterOf(HOSTS.nl)).toBe(start + 2)
  })

  it('issues nothing new for a replayed payment event: one invoice, one mail', async () => {
    const placed = await placeOrder()
    await pay(placed.paymentUrl!)
    const issued = await invoiceOf(placed.orderId)
    const counter = await counterOf(HOSTS.nl)
    const [payment] = await db().selectFrom('payments').selectAll().where('reference', '=', placed.orderId).execute()
    const body = JSON.stringify({ id: payment!.providerPaymentId, status: 'paid' })
    for (let i = 0; i < 2; i++) {
      const signature = signWebhook(webhookKey(context().config.SESSION_SECRET), body, Math.floor(Date.now() / 1000))
      const res = await current().app.inject({
        method: 'POST',
        url: '/api/payments/webhook/test',
        payload: body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      })
      expect(res.statusCode).toBe(200)
    }
    // The complete page asking for the order (a refresh at the provider) changes nothing either.
    expect((await call('GET', `/api/orders/${placed.orderId}?key=${placed.orderKey}`)).statusCode).toBe(200)
    expect(await invoiceOf(placed.orderId)).toEqual(issued)
    expect(await counterOf(HOSTS.nl)).toBe(counter)
    const mails = await db().selectFrom('mails').select('id').where('dedupeKey', '=', `order:${placed.orderId}:paid`)
    expect(await mails.execute()).toHaveLength(1)
  })

  it('answers the PDF with the invoice number, the lines, VAT per rate and the total', async () => {
    const placed = await placeOrder()
    await pay(placed.paymentUrl!)
    const order = OrderViewSchema.parse(
      (await call('GET', `/api/orders/${placed.orderId}?key=${placed.orderKey}`)).json(),
    )
    const { invoiceNumber } = (await invoiceOf(placed.orderId))!

    const res = await getInvoice(placed.orderId, placed.orderKey)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoiceNumber}.pdf"`)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const site = context().sites.byDomain(HOSTS.nl)!
    const money = (cents: number) => formatMoney(cents, order.totals.currency, 'nl')
    const text = await pdfText(res.rawPayload)
    for (const expected of [
      'Factuur',
      invoiceNumber,
      String(order.orderNumber),
      order.lines[0]!.description,
      order.lines[0]!.productLabel,
      money(order.lines[0]!.totalAmount),
      `Btw ${formatPercent(site.vatPercentageLow, 'nl')}`,
      money(order.totals.vatAmountLow),
      `Btw ${formatPercent(site.vatPercentageHigh, 'nl')}`,
      'Totaal excl. btw',
      money(order.totals.totalAmountExclVat),
      'Totaal incl. btw',
      money(order.totals.totalAmount),
      'Betaald',
      site.brandName,
      site.customerServiceEmailAddress,
      // The seller's legal details from the site's settings (seeded for every site).
      site.seller!.legalName,
      `Btw-nummer: ${site.seller!.vatNumber}`,
      // Polish, Czech and Estonian characters come back as text.
      'Łucja Dvořák-Põld',
    ])
      expect(text).toContain(plainSpaces(expected))
  })

  it('answers the same 404 for a wrong key, another site or an unknown order, and 409 before the order is paid', async () => {
    const placed = await placeOrder()
    const before = await getInvoice(placed.orderId, placed.orderKey)
    expect(before.statusCode).toBe(409)
    expect(ApiErrorSchema.parse(before.json()).code).toBe('orderNotPaid')
    const view = OrderViewSchema.parse(
      (await call('GET', `/api/orders/${placed.orderId}?key=${placed.orderKey}`)).json(),
    )
    expect(view.invoiceUrl).toBeNull()

    await pay(placed.paymentUrl!)
    for (const res of [
      await getInvoice(placed.orderId, 'wrong-key'),
      await getInvoice(placed.orderId, placed.orderKey, HOSTS.be),
      await getInvoice('9b2f9d3e-3c6a-4b8e-9a51-1d2c3b4a5f60', placed.orderKey),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(ApiErrorSchema.parse(res.json()).code).toBe('orderNotFound')
      expect(res.headers['content-type']).not.toContain('pdf')
    }
  })

  it('is in the OpenAPI document as a PDF answer', async () => {
    const res = await call('GET', '/api/docs/json')
    const paths = (res.json() as { paths: Record<string, { get: { responses: Record<string, object> } }> }).paths
    expect(paths['/api/orders/{orderId}/invoice']?.get.responses['200']).toMatchObject({
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    })
  })

  it('links the invoice from the order once paid', async () => {
    const placed = await placeOrder()
    await pay(placed.paymentUrl!)
    const view = OrderViewSchema.parse(
      (await call('GET', `/api/orders/${placed.orderId}?key=${placed.orderKey}`)).json(),
    )
    expect(view.invoiceUrl).not.toBeNull()
    const url = new URL(view.invoiceUrl!)
    expect(url.host).toBe(`${HOSTS.nl}:8080`)
    expect(url.searchParams.get('key')).toBe(placed.orderKey)
    const res = await call('GET', `${url.pathname}${url.search}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
  })

  it('queues the payment-received mail in the order’s language with a working invoice link', async () => {
    const placed = await placeOrder()
    await pay(placed.paymentUrl!)
    const mail = await db()
      .selectFrom('mails')
      .selectAll()
      .where('dedupeKey', '=', `order:${placed.orderId}:paid`)
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ kind: 'order-paid', languageCode: 'nl', recipient: BILLING.emailAddress })
    expect(mail.subject).toBe(`Betaling ontvangen voor je bestelling ${placed.orderNumber} bij Equivera`)
    expect(mail.text).toContain('binnen 1–2 dagen')
    const { invoiceNumber } = (await invoiceOf(placed.orderId))!
    expect(mail.text).toContain(invoiceNumber)

    const link = /(https?:\/\/\S+\/invoice\?key=\S+)/.exec(mail.text)?.[1]
    expect(link).toBeDefined()
    expect(mail.html).toContain(link!.replaceAll('&', '&amp;'))
    const url = new URL(link!)
    // The site's own domain (in development its .localhost one), and the order's key.
    expect(context().sites.byDomain(url.hostname)?.id).toBe(context().sites.byDomain(HOSTS.nl)!.id)
    expect(url.searchParams.get('key')).toBe(placed.orderKey)
    const res = await call('GET', `${url.pathname}${url.search}`, { host: url.host })
    expect(res.statusCode, res.body).toBe(200)
    expect(await pdfText(res.rawPayload)).toContain(invoiceNumber)
  })

  it('issues the invoice of an order with nothing to pay when it is paid at placement', async () => {
    const cartId = await cartWith([[SPORT_MUESLI, 1]])
    const site = context().sites.byDomain(HOSTS.nl)!
    const scope = await context().carts.prepare({ site, language: site.languages[0]!, now: new Date() })
    const { order, orderKey } = await db()
      .transaction()
      .execute((trx) => context().orders.place(trx, scope, cartId, { origin: `http://${HOSTS.nl}` }))
    await db()
      .updateTable('orders')
      .set({ totalAmount: 0, totals: JSON.stringify({ ...order.totals, totalAmount: 0 }) })
      .where('id', '=', order.orderId)
      .execute()
    expect(await context().orderPayments.start(order.orderId, orderKey, { site, origin: 'http://x' })).toEqual({
      status: 'paid',
      paymentUrl: null,
    })
    const res = await getInvoice(order.orderId, orderKey)
    expect(res.statusCode).toBe(200)
    expect(await pdfText(res.rawPayload)).toContain('Niets te betalen')
    expect(
      await db().selectFrom('mails').select('id').where('dedupeKey', '=', `order:${order.orderId}:paid`).execute(),
    ).toHaveLength(1)
  })
})
