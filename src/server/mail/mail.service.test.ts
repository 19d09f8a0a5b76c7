import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, HOSTS, LANG, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { sourceRenderer } from '../../../tests/helpers/renderer.ts'
import type { Dialect } from '../db/database.ts'
import { JobQueue } from '../jobs/job-queue.ts'
import type { Executor } from '../jobs/job.repository.ts'
import { mailLayout, mailText, renderMail, stockReminderConfirmation } from './mail-templates.ts'
import { linkOf, startSmtpListener, type SmtpListener } from './mail-test-setup.ts'
import { createMailTransport } from './mail-transport.ts'
import { MAIL_JOB, MailService } from './mail.service.ts'
import { findEmailReminders } from '../stock-reminders/stock-reminder.repository.ts'
import { StockReminderService } from '../stock-reminders/stock-reminder.service.ts'

// The outbox from a change to a real SMTP server: the notify-me request queues its confirmation in its own
// transaction, the job sends it once to an smtp-server listener, and mailparser reads what arrived.

const START = Date.parse('2026-11-25T12:00:00.000Z')

describe.each(DIALECTS)('the mail outbox on %s', (dialect: Dialect) => {
  let smtp: SmtpListener
  let t: TestApp
  const logs: string[] = []
  beforeAll(async () => {
    smtp = await startSmtpListener()
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
      renderer: sourceRenderer(),
      logStream: { write: (line) => void logs.push(line) },
    })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })
  const db = () => t.database.handle.db
  const remind = (productVariantId: number, emailAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stockreminders',
      payload: { productVariantId, emailAddress },
      headers: { host: HOSTS.nl, ...headers },
    })
  const mailsTo = (address: string) => db().selectFrom('mails').selectAll().where('recipient', '=', address).execute()
  const jobsOf = (mailIds: number[]) =>
    mailIds.length === 0
      ? Promise.resolve([])
      : db()
          .selectFrom('jobs')
          .selectAll()
          .where('name', '=', MAIL_JOB)
          .where(
            'payload',
            'in',
            mailIds.map((id) => JSON.stringify({ mailId: id })),
          )
          .execute()
  const receivedBy = (address: string) => smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === address)

  it('confirms a notify-me request by mail in the site’s language, with a link to the product that works', async () => {
    const res = await remind(4001, 'Anna.de.Vries@Example.nl')
    expect(res.statusCode, res.body).toBe(200)
    const [mail, ...more] = await mailsTo('anna.de.vries@example.nl')
    expect(more).toHaveLength(0)
    expect(mail).toMatchObject({ state: 'queued', kind: 'stock-reminder-confirmation', languageCode: 'nl' })
    const [job] = await jobsOf([Number(mail!.id)])
    expect(job).toMatchObject({ state: 'queued', dedupeKey: `mail:${mail!.dedupeKey}` })
    expect(mail!.dedupeKey).toMatch(/^stock-reminder:1:4001:[0-9a-f]{16}:[0-9a-f]{12}$/)
    expect(mail!.dedupeKey).not.toContain('example')

    await t.app.context.jobs.drain()
    const [received, ...others] = receivedBy('anna.de.vries@example.nl')
    expect(others).toHaveLength(0)
    const product = t.app.context.catalogue
    const entry = await product.entry(t.app.context.sites.byId(1)!, LANG.nl)
    const name = entry.byVariant.get(4001)!.name
    expect(received!.subject).toBe(mailText('nl', 'stockReminder.subject', { product: name }))
    expect(received!.from?.text).toBe('"Equivera" <klantenservice@equivera.nl>')
    expect(received!.replyTo?.text).toBe('klantenservice@equivera.nl')
    expect(received!.messageId).toBe(mail!.messageId)
    expect(received!.headers.get('content-language')).toBe('nl')
    expect(received!.html).toContain('<html lang="nl"')
    expect(received!.text).toContain(mailText('nl', 'stockReminder.next', { email: 'anna.de.vries@example.nl' }))

    // The button leads to the variant's page on the site's (local) domain, and that page is there.
    const href = linkOf(received!.html as string, mailText('nl', 'stockReminder.button'))!
    const url = new URL(href)
    expect(url.host).toBe(`${HOSTS.nl}:8080`)
    expect(url.pathname).toBe(entry.byVariant.get(4001)!.variants.find((v) => v.productVariantId === 4001)!.path)
    const page = await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: HOSTS.nl } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(name)
    expect(received!.text).toContain(href)

    const [sent] = await mailsTo('anna.de.vries@example.nl')
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, lastError: null })
    expect(sent!.smtpResponse).toMatch(/^250 /)
    expect(logs.join('')).toContain('"msg":"mail sent"')
  })

  it('writes in the request’s language on a site with two', async () => {
    const res = await remind(4001, 'luc@example.be', { host: HOSTS.be, languageid: String(LANG['fr-BE']) })
    expect(res.statusCode, res.body).toBe(200)
    await t.app.context.jobs.drain()
    const [received] = receivedBy('luc@example.be')
    expect(received!.headers.get('content-language')).toBe('fr-BE')
    expect(received!.html).toContain('<html lang="fr-BE"')
    expect(received!.subject).toContain('Nous vous préviendrons')
    expect(received!.from?.text).toBe('"Equivera" <klantendienst@equivera.be>')
  })

  it('sends one mail for the same request made twice', async () => {
    expect((await remind(3601, 'piet@example.nl')).statusCode).toBe(200)
    expect((await remind(3601, 'PIET@Example.nl')).statusCode).toBe(200)
    const mails = await mailsTo('piet@example.nl')
    expect(mails).toHaveLength(1)
    expect(await jobsOf(mails.map((m) => Number(m.id)))).toHaveLength(1)
    await t.app.context.jobs.drain()
    expect((await remind(3601, 'piet@example.nl')).statusCode).toBe(200)
    await t.app.context.jobs.drain()
    expect(receivedBy('piet@example.nl')).toHaveLength(1)
    expect(await mailsTo('piet@example.nl')).toHaveLength(1)
  })

  it('leaves neither the request, nor its mail, nor a job when the change fails half-way', async () => {
    const { sites, mail, publicUrl } = t.app.context
    const site = sites.byId(1)!
    const failing: Pick<MailService, 'queueMail'> = {
      queueMail: async (...args: Parameters<MailService['queueMail']>) => {
        await mail.queueMail(...args)
        throw new Error('the change failed after its mail was written')
      },
    }
    const reminders = new StockReminderService({
      ...t.app.context,
      mail: failing,
      // A queue of its own: the app's has the reminder jobs registered already.
      jobs: new JobQueue(t.database.handle, { log: pino({ level: 'silent' }) }),
      push: () => Promise.reject(new Error('this test sends no pushes')),
      extraPushOrigins: [],
    })
    const language = site.languages.find((l) => l.languageId === LANG.nl)!
    await expect(
      reminders.request(
        { site, language, now: new Date() },
        { productVariantId: 3701, emailAddress: 'kees@example.nl' },
        { origin: publicUrl.origin, accountId: null },
      ),
    ).rejects.toThrow('the change failed')
    expect(await findEmailReminders(db(), 1, 3701)).toHaveLength(0)
    expect(await mailsTo('kees@example.nl')).toHaveLength(0)
    const jobs = await db()
      .selectFrom('jobs')
      .select('id')
      .where('dedupeKey', 'like', 'mail:stock-reminder:1:3701:%')
      .execute()
    expect(jobs).toHaveLength(0)
  })

  describe('with a mail server that fails', () => {
    let clock = START
    const lines: string[] = []
    let queue: JobQueue
    let service: MailService
    beforeAll(() => {
      queue = new JobQueue(t.database.handle, { log: pino({ level: 'silent' }), now: () => clock, random: () => 0 })
      service = new MailService({
        jobs: queue,
        transport: createMailTransport(smtp.url),
        config: t.app.context.config,
        log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      })
    })
    const queueOne = async (to: string, event: string, executor: Executor = db()) => {
      const site = t.app.context.sites.byId(1)!
      const layout = mailLayout(site, 'nl', 'https://www.equivera.nl')
      const rendered = await renderMail(
        layout,
        stockReminderConfirmation(layout, {
          productName: 'Hooi',
          productUrl: 'https://www.equivera.nl/',
          emailAddress: to,
        }),
      )
      const { id } = await service.queueMail(
        executor,
        { dedupeKey: `test:${event}`, kind: 'test', site, language: 'nl', to, rendered },
        new Date(clock),
      )
      return id
    }
    const mailRow = (id: number) => db().selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const jobOf = async (id: number) => (await jobsOf([id]))[0]!

    it('tries again after a temporary failure (4xx), later, and sends once', async () => {
      const id = await queueOne('busy@example.nl', 'busy')
      smtp.failNextMessage(451, 'Greylisted, try again later')
      await queue.drain()
      expect(receivedBy('busy@example.nl')).toHaveLength(0)
      expect(await mailRow(id)).toMatchObject({ state: 'queued', attempts: 1 })
      expect((await mailRow(id)).lastError).toContain('451')
      const job = await jobOf(id)
      expect(job).toMatchObject({ state: 'queued', attempts: 1 })
      expect(Date.parse(job.runAt) - clock).toBeGreaterThan(0)
      expect(Date.parse(job.runAt) - clock).toBeLessThanOrEqual(5_000)
      expect(lines.join('')).toContain('sending a mail failed; it will be tried again')

      expect(await queue.drain()).toBe(0) // not before its time
      clock += 5_000
      await queue.drain()
      expect(receivedBy('busy@example.nl')).toHaveLength(1)
      expect(await mailRow(id)).toMatchObject({ state: 'sent', attempts: 2, lastError: null })
      clock += 3_600_000
      await queue.drain()
      expect(receivedBy('busy@example.nl')).toHaveLength(1)
    })

    it('stops at a permanent failure (5xx) and logs the refused recipient', async () => {
      const id = await queueOne('nobody@example.nl', 'nobody')
      smtp.refuseNextRecipient(550, 'No such user here')
      await queue.drain()
      expect(await mailRow(id)).toMatchObject({ state: 'failed', attempts: 1 })
      expect((await mailRow(id)).lastError).toContain('550')
      expect(await jobOf(id)).toMatchObject({ state: 'failed', attempts: 1 })
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(logged).toContainEqual(
        expect.objectContaining({ msg: 'mail failed for good', mailId: id, rejected: ['nobody@example.nl'] }),
      )
      clock += 24 * 3_600_000
      expect(await queue.drain()).toBe(0)
      expect(receivedBy('nobody@example.nl')).toHaveLength(0)
    })

    it('stops when the server refuses the message itself (5xx at DATA)', async () => {
      const id = await queueOne('spam@example.nl', 'spam')
      smtp.failNextMessage(554, 'Message refused')
      await queue.drain()
      expect(await mailRow(id)).toMatchObject({ state: 'failed', attempts: 1 })
      expect(await jobOf(id)).toMatchObject({ state: 'failed' })
    })

    it('sends again, with the same Message-ID, a mail whose last attempt was cut off mid-send', async () => {
      const id = await queueOne('cut@example.nl', 'cut')
      // What a process that died during the SMTP exchange leaves: an attempt counted, no error, the mail queued.
      await db().updateTable('mails').set({ attempts: 1 }).where('id', '=', id).execute()
      await queue.drain()
      const [received, ...more] = receivedBy('cut@example.nl')
      expect(more).toHaveLength(0)
      expect(received!.messageId).toBe((await mailRow(id)).messageId)
      expect(await mailRow(id)).toMatchObject({ state: 'sent', attempts: 2 })
      expect(lines.join('')).toContain('an earlier attempt stopped mid-send')
    })

    it('queues one mail for an event queued twice, in one transaction or two', async () => {
      const first = await queueOne('twice@example.nl', 'twice')
      const second = await db()
        .transaction()
        .execute(async (trx) => queueOne('twice@example.nl', 'twice', trx))
      expect(second).toBe(first)
      await queue.drain()
      await queue.drain()
      expect(receivedBy('twice@example.nl')).toHaveLength(1)
    })

    it('deletes sent and kept mails after 90 days, and keeps failed ones', async () => {
      const before = await db().selectFrom('mails').select(['recipient', 'state']).execute()
      expect(before.map((m) => m.state)).toEqual(expect.arrayContaining(['sent', 'failed']))
      clock = Date.now() + 91 * 86_400_000
      await queue.scheduleRepeating()
      await queue.drain()
      const after = await db().selectFrom('mails').select(['recipient', 'state']).execute()
      expect(after.length).toBeGreaterThan(0)
      expect(after.toSorted((a, b) => a.recipient.localeCompare(b.recipient))).toEqual(
        before.filter((m) => m.state === 'failed').toSorted((a, b) => a.recipient.localeCompare(b.recipient)),
      )
    })
  })
})
