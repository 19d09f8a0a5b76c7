import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { DEV_MAIL_CSP } from './dev-mail.routes.ts'

// Without SMTP_URL mails are kept in the database, and /dev/mail shows them as they would have been sent.

describe.each(DIALECTS)('kept mails and /dev/mail on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => t?.close())
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: HOSTS.nl } })

  it('keeps the mail of a notify-me request, and lists and shows it', async () => {
    // A product of the German site that cannot be ordered yet.
    const site = t.app.context.sites.byDomain(HOSTS.de)!
    const entry = await t.app.context.catalogue.entry(site, site.languages[0]!.languageId)
    const product = [...entry.byId.values()].find((p) => p.state !== 'available')!
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stockreminders',
      payload: { productVariantId: product.variants[0]!.productVariantId, emailAddress: 'ilse@example.nl' },
      headers: { host: HOSTS.de },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(t.app.context.mail.sending).toBe(false)
    await t.app.context.jobs.drain()
    const mail = await t.database.handle.db
      .selectFrom('mails')
      .selectAll()
      .where('recipient', '=', 'ilse@example.nl')
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ state: 'kept', attempts: 0, languageCode: 'de' })
    expect(mail.sentAt).not.toBeNull()

    const list = await get('/dev/mail/')
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(list.headers['content-security-policy']).toBe(DEV_MAIL_CSP)
    expect(list.headers['cache-control']).toBe('no-store')
    expect(list.body).toContain(`href="/dev/mail/${mail.id}"`)
    expect(list.body).toContain('ilse@example.nl')
    expect(list.body).toContain('kept')
    expect((await get('/dev/mail')).headers.location).toBe('/dev/mail/')

    const view = await get(`/dev/mail/${mail.id}`)
    expect(view.statusCode).toBe(200)
    expect(view.body).toContain(`<iframe src="/dev/mail/${mail.id}/html" sandbox=`)
    expect(view.body).toContain('Mühldorfer')
    expect(view.body).toContain(mail.messageId.replace('<', '&lt;').replace('>', '&gt;'))

    const html = await get(`/dev/mail/${mail.id}/html`)
    expect(html.body).toBe(mail.html)
    expect(html.headers['content-security-policy']).toContain('sandbox')
    for (const page of [list, view, html]) expect(page.body).not.toMatch(/<script/i)

    expect((await get('/dev/mail/999999')).statusCode).toBe(404)
    expect((await get('/dev/mail/abc')).statusCode).toBe(400)
  })
})

describe('/dev/mail in production', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: {
        NODE_ENV: 'production',
        ALLOW_TEST_PAYMENTS: 'true',
        SESSION_SECRET: 'x'.repeat(40),
        BACKOFFICE_TOKEN: 'y'.repeat(40),
      },
    })
  })
  afterAll(async () => t?.close())

  it.each(['/dev/mail/', '/dev/mail', '/dev/mail/1', '/dev/mail/1/html'])('%s is not there', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: HOSTS.nl } })
    expect(res.statusCode).toBe(404)
  })
})
