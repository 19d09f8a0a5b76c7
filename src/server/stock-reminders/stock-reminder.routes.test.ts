// Back-in-stock reminders on real databases: the notify-me request and its confirmation, the restock that sends one
// reminder per request (from the back office's stock update and from a cancelled order), the cancel link, the lapse,
// the site flag, and push reminders sent to a local push service that checks the VAPID header and decrypts them.
import { afterAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import {
  AccountStockRemindersSchema,
  PushMessageSchema,
  PushReminderListSchema,
  StockReminderCreatedSchema,
} from '../../domain/stock-reminders.ts'
import { HOSTS, LANG } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { startPushService } from '../../../tests/helpers/push-service.ts'
import { signedIn } from '../accounts/account-test-setup.ts'
import { SPORT_MUESLI } from '../cart/cart-test-setup.ts'
import { mailText } from '../mail/mail-templates.ts'
import { NOW, TOKEN, useOrders } from '../orders/order-test-setup.ts'
import { PUSH_JOB, RESTOCK_JOB } from './stock-reminder.service.ts'
import { findEmailReminders, findPushReminders } from './stock-reminder.repository.ts'

const push = await startPushService()
afterAll(() => push.close())

/** Out of stock on an available product (seed). */
const SOLD_OUT = 3601
/** A product not yet available (seed). */
const NOT_YET = 4001
const bearer = { authorization: `Bearer ${TOKEN}` }

describe.each(DIALECTS)('back-in-stock reminders on %s', (dialect) => {
  const { current, db, context, cartWith, place, setStock } = useOrders(dialect, {
    PUSH_ENDPOINT_ORIGINS: push.origin,
  })
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    current().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { host: HOSTS.nl, ...headers },
    })
  const remind = async (productVariantId: number, emailAddress: string, headers = {}) => {
    const res = await inject('POST', '/api/stockreminders', { productVariantId, emailAddress }, headers)
    expect(res.statusCode, res.body).toBe(200)
    return StockReminderCreatedSchema.parse(res.json()).cancelToken
  }
  const stock = (productVariantId: number, amount: number) =>
    inject('PUT', '/api/backoffice/stock', [{ productVariantId, stock: amount }], bearer)
  const mailsTo = (address: string, kind = 'stock-reminder') =>
    db().selectFrom('mails').selectAll().where('recipient', '=', address).where('kind', '=', kind).execute()
  /** Runs due jobs until none is left (the restock job enqueues push jobs). */
  const drain = async () => {
    await context().catalogue.refresh()
    while ((await context().jobs.drain()) > 0);
  }
  const restockJobs = (variantId: number) =>
    db()
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', RESTOCK_JOB)
      .where('payload', '=', JSON.stringify({ variantId }))
      .execute()
  /** Out of stock through the back office, so the catalogue sees it too. */
  const soldOut = async (variantId: number) => {
    expect((await stock(variantId, 0)).statusCode).toBe(200)
    await context().catalogue.refresh()
  }
  let n = 0
  const address = () => `rider${++n}.${dialect}@example.nl`

  it('refuses a variant that can be ordered, an unknown one and a bad address without storing anything', async () => {
    const expectError = (res: { statusCode: number; body: string }, status: number, code: string) => {
      expect(res.statusCode, res.body).toBe(status)
      expect(ApiErrorSchema.parse(JSON.parse(res.body)).code).toBe(code)
    }
    expectError(
      await inject('POST', '/api/stockreminders', { productVariantId: 102, emailAddress: 'a@b.nl' }),
      409,
      'productOrderable',
    )
    expectError(
      await inject('POST', '/api/stockreminders', { productVariantId: 999_999, emailAddress: 'a@b.nl' }),
      404,
      'notFound',
    )
    expectError(
      await inject('POST', '/api/stockreminders', { productVariantId: SOLD_OUT, emailAddress: 'nope' }),
      400,
      'invalidBody',
    )
    expect(await findEmailReminders(db(), 1, 102)).toHaveLength(0)
  })

  it.each([
    ['a variant out of stock of an available product', SOLD_OUT],
    ['a variant of a product coming soon', 3701],
    ['a product not yet available', NOT_YET],
  ])('takes a request for %s', async (_, variantId) => {
    expect(await remind(variantId, address())).toMatch(/^[0-9a-f]{32}$/)
  })

  it.each([
    ['no @', 'anna.example.nl'],
    ['no domain', 'anna@'],
    ['spaces', 'anna de vries@example.nl'],
    ['an empty address', ''],
    ['a number', 42],
    ['300 characters', `${'a'.repeat(288)}@example.nl`],
    ['no variant id', undefined],
  ])('refuses a request with %s with 400', async (_, emailAddress) => {
    const body = emailAddress === undefined ? { emailAddress: 'a@b.nl' } : { productVariantId: 4003, emailAddress }
    const res = await inject('POST', '/api/stockreminders', body)
    expect(res.statusCode, res.body).toBe(400)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('invalidBody')
  })

  it('answers a variant of a product not sold on this site with 404', async () => {
    const res = await inject('POST', '/api/stockreminders', { productVariantId: 4101, emailAddress: 'a@b.nl' })
    expect(res.statusCode).toBe(404)
  })

  it('confirms a request once, with a cancel link; asked again while it waits it is the same request', async () => {
    const who = address()
    const token = await remind(SOLD_OUT, who.toUpperCase())
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(await remind(SOLD_OUT, who)).toBeNull()
    const [confirmation, ...more] = await mailsTo(who, 'stock-reminder-confirmation')
    expect(more).toHaveLength(0)
    expect(confirmation!.text).toContain(`/stock-reminder/cancel/?token=${token}`)
    expect(confirmation!.text).toContain(mailText('nl', 'stockReminder.cancelLink'))
    const rows = await findEmailReminders(db(), 1, SOLD_OUT)
    expect(rows.filter((r) => r.emailAddress === who)).toHaveLength(1)
  })

  it('sends each waiting request one reminder with product, price and link when stock goes 0 → 5, none twice after 0 → 5 again', async () => {
    await soldOut(SOLD_OUT)
    const [a, b] = [address(), address()]
    await remind(SOLD_OUT, a)
    await remind(SOLD_OUT, b, { languageid: String(LANG.nl) })
    expect((await stock(SOLD_OUT, 5)).statusCode).toBe(200)
    expect(await restockJobs(SOLD_OUT)).not.toHaveLength(0)
    await drain()
    for (const who of [a, b]) {
      const [mail, ...more] = await mailsTo(who)
      expect(more, who).toHaveLength(0)
      const entry = await context().catalogue.entry(context().sites.byId(1)!, LANG.nl)
      const product = entry.byVariant.get(SOLD_OUT)!
      const variant = product.variants.find((v) => v.productVariantId === SOLD_OUT)!
      expect(mail!.subject).toBe(mailText('nl', 'stockReminderBack.subject', { product: product.name }))
      // The default site on the local public URL: its links stay on it (originFor).
      expect(mail!.text).toContain(`http://localhost:8080${variant.path}`)
      expect(mail!.text).toMatch(/€\s?\d+,\d\d/)
      const [row] = (await findEmailReminders(db(), 1, SOLD_OUT)).filter((r) => r.emailAddress === who)
      expect(row!.notifiedAt).not.toBeNull()
      expect(mail!.text).toContain(`/stock-reminder/cancel/?token=${row!.cancelToken}`)
    }
    // Out again and back again: the requests were served, nobody hears twice.
    expect((await stock(SOLD_OUT, 0)).statusCode).toBe(200)
    expect((await stock(SOLD_OUT, 5)).statusCode).toBe(200)
    await drain()
    for (const who of [a, b]) expect(await mailsTo(who)).toHaveLength(1)
  })

  it('sends nothing while the stock stays 0, and nothing more when it moves from 2 to 7', async () => {
    await soldOut(SOLD_OUT)
    const who = address()
    await remind(SOLD_OUT, who)
    const before = (await restockJobs(SOLD_OUT)).length
    expect((await stock(SOLD_OUT, 0)).statusCode).toBe(200)
    await drain()
    expect(await mailsTo(who)).toHaveLength(0)
    expect(await restockJobs(SOLD_OUT)).toHaveLength(before)
    expect((await stock(SOLD_OUT, 2)).statusCode).toBe(200)
    await drain()
    expect(await mailsTo(who)).toHaveLength(1)
    expect((await stock(SOLD_OUT, 7)).statusCode).toBe(200)
    await drain()
    expect(await mailsTo(who)).toHaveLength(1)
    await soldOut(SOLD_OUT)
  })

  it('sends the reminder when a cancelled order brings the last pieces back', async () => {
    await setStock(SPORT_MUESLI, 2)
    const { order } = await place(await cartWith([[SPORT_MUESLI, 2]]))
    await context().catalogue.refresh()
    const who = address()
    await remind(SPORT_MUESLI, who)
    const res = await inject('PUT', `/api/backoffice/orders/${order.orderId}/status`, { status: 'cancelled' }, bearer)
    expect(res.statusCode, res.body).toBe(200)
    await drain()
    expect(await mailsTo(who)).toHaveLength(1)
    await stock(SPORT_MUESLI, 214)
  })

  it('cancels by the mailed link: no reminder goes, a second click says the same, a wrong token is 410', async () => {
    await soldOut(SOLD_OUT)
    const who = address()
    const token = await remind(SOLD_OUT, who)
    const cancel = (t: string) => inject('POST', `/api/stockreminders/cancel?token=${t}`)
    const first = await cancel(token!)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ emailAddress: who })
    expect((first.json() as { productName: string }).productName).not.toBe('')
    expect((await cancel(token!)).statusCode).toBe(200)
    expect((await cancel('0'.repeat(32))).statusCode).toBe(410)
    expect((await inject('POST', '/api/stockreminders/cancel?token=x')).statusCode).toBe(400)
    expect((await stock(SOLD_OUT, 3)).statusCode).toBe(200)
    await drain()
    expect(await mailsTo(who)).toHaveLength(0)
    // Asked again after cancelling, it waits again with a new link.
    await soldOut(SOLD_OUT)
    const renewed = await remind(SOLD_OUT, who)
    expect(renewed).not.toBe(token)
    expect((await stock(SOLD_OUT, 3)).statusCode).toBe(200)
    await drain()
    expect(await mailsTo(who)).toHaveLength(1)
    await soldOut(SOLD_OUT)
  })

  it('lets a request older than six months lapse: not sent, and deleted by the daily job', async () => {
    await soldOut(SOLD_OUT)
    const who = address()
    await remind(SOLD_OUT, who)
    const old = new Date(NOW.getTime() - 200 * 86_400_000).toISOString()
    await db().updateTable('stockReminders').set({ createdAt: old }).where('emailAddress', '=', who).execute()
    expect((await stock(SOLD_OUT, 4)).statusCode).toBe(200)
    await drain()
    expect(await mailsTo(who)).toHaveLength(0)
    await context().stockReminders.restock(db(), SOLD_OUT, new Date())
    expect(await mailsTo(who)).toHaveLength(0)
    const { deleteLapsed } = await import('./stock-reminder.repository.ts')
    const { lapseCutoff } = await import('./stock-reminder.service.ts')
    await deleteLapsed(db(), lapseCutoff(new Date()))
    expect((await findEmailReminders(db(), 1, SOLD_OUT)).filter((r) => r.emailAddress === who)).toHaveLength(0)
    await soldOut(SOLD_OUT)
  })

  it('takes no request and sends nothing on a site without the feature', async () => {
    const res = await inject(
      'POST',
      '/api/stockreminders',
      { productVariantId: NOT_YET, emailAddress: 'x@example.com' },
      {
        host: HOSTS.corporate,
      },
    )
    expect(res.statusCode, res.body).toBe(404)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('stockRemindersOff')
    // A request stored while the feature was on is not served once it is off.
    const who = address()
    await soldOut(SOLD_OUT)
    await remind(SOLD_OUT, who)
    const nl = context().sites.byId(1)!
    const was = nl.enableStockReminderFeature
    Object.assign(nl, { enableStockReminderFeature: false })
    try {
      expect((await stock(SOLD_OUT, 6)).statusCode).toBe(200)
      await drain()
      expect(await mailsTo(who)).toHaveLength(0)
    } finally {
      Object.assign(nl, { enableStockReminderFeature: was })
      await soldOut(SOLD_OUT)
    }
  })

  describe('by push', () => {
    const subscribe = async (id: string, productVariantId = SOLD_OUT, headers = {}) => {
      const subscription = push.subscribe(id)
      const res = await inject('POST', '/api/stockreminders/push', { productVariantId, subscription }, headers)
      expect(res.statusCode, res.body).toBe(204)
      return subscription
    }
    const listOf = async (endpoint: string) =>
      PushReminderListSchema.parse((await inject('POST', '/api/stockreminders/push/list', { endpoint })).json())
        .productVariantIds

    it('answers the VAPID public key the subscriptions are made with, the same every time', async () => {
      const first = await inject('GET', '/api/push/key')
      expect(first.statusCode).toBe(200)
      const { publicKey } = first.json() as { publicKey: string }
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
      expect((await inject('GET', '/api/push/key')).json()).toEqual({ publicKey })
    })

    it('refuses an endpoint that is not a push service, storing nothing', async () => {
      const subscription = { ...push.subscribe(`evil-${dialect}`), endpoint: 'https://example.com/collect' }
      const res = await inject('POST', '/api/stockreminders/push', { productVariantId: SOLD_OUT, subscription })
      expect(res.statusCode).toBe(400)
      expect(ApiErrorSchema.parse(res.json()).code).toBe('pushEndpointRefused')
      expect((await findPushReminders(db(), 1, SOLD_OUT)).filter((r) => r.endpoint === subscription.endpoint)).toEqual(
        [],
      )
    })

    it('sends one encrypted, signed message per subscription on restock, in its language, and lists and cancels', async () => {
      await soldOut(SOLD_OUT)
      const id = `phone-${dialect}`
      const other = `tablet-${dialect}`
      const sub = await subscribe(id)
      await subscribe(other, SOLD_OUT, { host: HOSTS.be, languageid: String(LANG['fr-BE']) })
      expect(await listOf(sub.endpoint)).toEqual([SOLD_OUT])
      const third = await subscribe(`cancelled-${dialect}`)
      const cancel = await inject('POST', '/api/stockreminders/push/cancel', {
        endpoint: third.endpoint,
        productVariantId: SOLD_OUT,
      })
      expect(cancel.statusCode).toBe(204)
      expect(await listOf(third.endpoint)).toEqual([])

      const before = push.received.length
      expect((await stock(SOLD_OUT, 5)).statusCode).toBe(200)
      await drain()
      const got = push.received.slice(before)
      expect(push.rejected).toEqual([])
      expect(got.map((m) => m.id).toSorted()).toEqual([id, other].toSorted())
      const key = ((await inject('GET', '/api/push/key')).json() as { publicKey: string }).publicKey
      for (const message of got) {
        expect(message.vapid.publicKey).toBe(key)
        expect(message.vapid.subject).toMatch(/^mailto:/)
        expect(message.headers.ttl).toBe(3 * 86_400)
        expect(message.headers.topic).toBe(`r${SOLD_OUT}`)
      }
      const nl = PushMessageSchema.parse(JSON.parse(got.find((m) => m.id === id)!.payload.toString('utf8')))
      const fr = PushMessageSchema.parse(JSON.parse(got.find((m) => m.id === other)!.payload.toString('utf8')))
      const entry = await context().catalogue.entry(context().sites.byId(1)!, LANG.nl)
      const product = entry.byVariant.get(SOLD_OUT)!
      expect(nl).toMatchObject({
        kind: 'stockReminder',
        lang: 'nl',
        title: mailText('nl', 'stockReminderPush.title', { product: product.name }),
        url: product.variants.find((v) => v.productVariantId === SOLD_OUT)!.path,
        badge: '/icons/equivera-badge-96.png',
        tag: `stock-reminder-${SOLD_OUT}`,
      })
      expect(nl.icon).toMatch(/^\/images\/products\/.+-front-320\.webp$/)
      expect(fr.lang).toBe('fr-BE')
      expect(fr.url).toMatch(/^\/fr\//)
      expect(await listOf(sub.endpoint)).toEqual([])
      // Back again later: nothing more.
      await stock(SOLD_OUT, 0)
      await stock(SOLD_OUT, 5)
      await drain()
      expect(push.received.length).toBe(before + 2)
      await soldOut(SOLD_OUT)
    })

    it('removes a subscription the push service calls gone, and retries one it cannot take now', async () => {
      await soldOut(SOLD_OUT)
      const gone = await subscribe(`gone-${dialect}`)
      await subscribe(`gone-${dialect}`, NOT_YET)
      const busy = await subscribe(`busy-${dialect}`)
      push.respondWith(`gone-${dialect}`, 410)
      push.respondWith(`busy-${dialect}`, 503)
      expect((await stock(SOLD_OUT, 5)).statusCode).toBe(200)
      await drain()
      const left = await db()
        .selectFrom('pushReminders')
        .select('variantId')
        .where('endpoint', '=', gone.endpoint)
        .execute()
      expect(left).toEqual([])
      const failed = await db()
        .selectFrom('jobs')
        .select(['state', 'attempts', 'runAt', 'lastError'])
        .where('name', '=', PUSH_JOB)
        .where('lastError', 'like', '%503%')
        .execute()
      expect(failed).toHaveLength(1)
      expect(failed[0]).toMatchObject({ state: 'queued', attempts: 1 })
      expect(Date.parse(failed[0]!.runAt)).toBeGreaterThan(Date.now() + 10_000)
      expect((await findPushReminders(db(), 1, SOLD_OUT)).some((r) => r.endpoint === busy.endpoint)).toBe(true)
      push.respondWith(`busy-${dialect}`, 201)
      await soldOut(SOLD_OUT)
    })
  })

  it('shows a signed-in account its reminders, e-mail and push, and cancels them', async () => {
    await soldOut(SOLD_OUT)
    const account = await signedIn(() => current().app, db)
    const cookie = { cookie: account.cookie }
    await remind(SOLD_OUT, account.emailAddress)
    const subscription = push.subscribe(`account-${dialect}`)
    const res = await inject('POST', '/api/stockreminders/push', { productVariantId: NOT_YET, subscription }, cookie)
    expect(res.statusCode, res.body).toBe(204)
    const list = async () => {
      const answer = await inject('GET', '/api/account/stockreminders', undefined, cookie)
      expect(answer.statusCode, answer.body).toBe(200)
      return AccountStockRemindersSchema.parse(answer.json()).reminders
    }
    const reminders = await list()
    expect(reminders.map((r) => [r.channel, r.productVariantId])).toEqual([
      ['email', SOLD_OUT],
      ['push', NOT_YET],
    ])
    expect(reminders[0]!.productName).not.toBe('')
    expect((await inject('GET', '/api/account/stockreminders')).statusCode).toBe(401)
    const del = await inject('DELETE', `/api/account/stockreminders/email/${reminders[0]!.id}`, undefined, cookie)
    expect(del.statusCode, del.body).toBe(200)
    expect(AccountStockRemindersSchema.parse(del.json()).reminders.map((r) => r.channel)).toEqual(['push'])
    const other = await inject(
      'DELETE',
      `/api/account/stockreminders/email/${reminders[0]!.id + 100_000}`,
      undefined,
      cookie,
    )
    expect(other.statusCode).toBe(404)
    expect(
      (await inject('DELETE', `/api/account/stockreminders/push/${reminders[1]!.id}`, undefined, cookie)).statusCode,
    ).toBe(200)
    expect(await list()).toEqual([])
  })
})
