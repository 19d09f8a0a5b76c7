// The mail outbox. `queueMail` writes a rendered mail and the job that sends it in the caller's transaction, so a
// mail exists exactly when its change was committed, and its dedupe key (unique in `mails` and in `jobs`) makes one
// mail of an event however often the event is queued. The job sends it once: a run finds the mail sent or kept and
// stops; a run that finds an earlier attempt cut off mid-send (the process died after the SMTP server took the
// message and before `sent` was written) sends it again with the same Message-ID, which receiving servers and mail
// clients use to recognise the copy. That is the one gap in "exactly once": see docs/mail.md.
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import { PermanentJobError, type JobContext, type JobQueue } from '../jobs/job-queue.ts'
import type { Executor } from '../jobs/job.repository.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import type { RenderedMail } from './mail-templates.ts'
import { isPermanentFailure, rejectedOf, type MailTransport } from './mail-transport.ts'
import {
  countAttempt,
  deleteFinishedMailsBefore,
  findMail,
  finishMail,
  insertMail,
  noteMailError,
} from './mail.repository.ts'

export const MAIL_JOB = 'mail.send'
const MailJobSchema = z.object({ mailId: z.number().int().positive() })

/**
 * Attempts before a mail fails for good: with the queue's backoff (5 s doubling to an hour, jitter taking up to half)
 * twelve attempts span 1¼ to 2½ hours, enough to ride out a mail server's restart or a short outage.
 */
export const MAIL_MAX_ATTEMPTS = 12
/** Longer than the transport's timeouts (mail-transport.ts), so a slow server never has two workers sending. */
const MAIL_LEASE_MS = 3 * 60_000

export const MAIL_CLEANUP_JOB = 'mail.clean-up'
/**
 * Sent and kept mails are deleted after this many days: they hold addresses and names, and a copy is in the
 * recipient's mailbox. Their dedupe key is free again then, like a job's after its clean-up.
 */
export const MAIL_KEEP_DAYS = 90
const DAY_MS = 86_400_000

/** A dedupe key names one event: '<cause>:<id>:<what>', e.g. 'stock-reminder:1:4001:9f86d081e8:confirmation'. */
const DEDUPE_KEY = /^[\w.@:-]{3,200}$/

export interface NewMailMessage {
  /** One mail per key, however often it is queued. */
  dedupeKey: string
  /** The template, for /dev/mail and the logs. */
  kind: string
  site: SiteRecord
  language: LanguageCode
  to: string
  rendered: RenderedMail
  /** Extra headers, e.g. a newsletter's List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>
}

const quoted = (name: string) => `"${name.replace(/["\\]/g, '\\$&')}"`

/** A short stable digest, e.g. of an e-mail address in a dedupe key (keys end up in Message-IDs and job rows). */
export const digestOf = (value: string, length = 16) =>
  createHash('sha256').update(value).digest('hex').slice(0, length)

export class MailService {
  readonly #jobs: JobQueue
  readonly #transport: MailTransport | undefined
  readonly #mailFrom: string | undefined
  readonly #log: FastifyBaseLogger

  /** Registers the sending job and the daily clean-up on `jobs` (buildApp makes the service before the worker starts). */
  constructor(options: {
    jobs: JobQueue
    transport: MailTransport | undefined
    config: Pick<Config, 'MAIL_FROM' | 'NODE_ENV'>
    log: FastifyBaseLogger
  }) {
    this.#jobs = options.jobs
    this.#transport = options.transport
    this.#mailFrom = options.config.MAIL_FROM
    this.#log = options.log
    if (!this.#transport && options.config.NODE_ENV === 'production') {
      this.#log.warn('no SMTP_URL: mails are kept in the database, not sent')
    }
    this.#jobs.register(MAIL_JOB, MailJobSchema, ({ mailId }, job) => this.send(mailId, job), {
      maxAttempts: MAIL_MAX_ATTEMPTS,
      leaseMs: MAIL_LEASE_MS,
    })
    this.#jobs.repeat(MAIL_CLEANUP_JOB, DAY_MS, async (_payload, { db, now }) => {
      const deleted = await deleteFinishedMailsBefore(
        db,
        new Date(now.getTime() - MAIL_KEEP_DAYS * DAY_MS).toISOString(),
      )
      if (deleted > 0) this.#log.info({ deleted }, 'old mails deleted')
    })
  }

  /** Closes the SMTP connections kept open (after the job worker stopped). */
  close(): void {
    this.#transport?.close()
  }

  /** Whether mails go out over SMTP; without SMTP_URL they are kept in the database. */
  get sending(): boolean {
    return this.#transport !== undefined
  }

  /**
   * Writes a mail and its sending job with `trx`, the transaction of the change that causes it. The sender is the
   * site's brand with its customer service address (or MAIL_FROM), replies go to customer service.
   */
  async queueMail(trx: Executor, mail: NewMailMessage, now: Date): Promise<{ id: number; created: boolean }> {
    if (!DEDUPE_KEY.test(mail.dedupeKey)) throw new Error(`Bad mail dedupe key: ${mail.dedupeKey}`)
    const address = this.#mailFrom ?? mail.site.customerServiceEmailAddress
    const domain = address.slice(address.lastIndexOf('@') + 1)
    const queued = await insertMail(
      trx,
      {
        dedupeKey: mail.dedupeKey,
        messageId: `<${digestOf(mail.dedupeKey, 32)}.mail@${domain}>`,
        kind: mail.kind,
        siteId: mail.site.id,
        languageCode: mail.language,
        sender: `${quoted(mail.site.brandName)} <${address}>`,
        replyTo: mail.site.customerServiceEmailAddress,
        recipient: mail.to,
        ...mail.rendered,
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
      },
      now.toISOString(),
    )
    if (queued.created) {
      await this.#jobs.enqueue(trx, MAIL_JOB, { mailId: queued.id }, { dedupeKey: `mail:${mail.dedupeKey}` })
    }
    return queued
  }

  /** The job: sends a queued mail once, or keeps it when there is no SMTP server. Throws to have it retried. */
  async send(mailId: number, { db, attempt, now }: Pick<JobContext, 'db' | 'attempt' | 'now'>): Promise<void> {
    const at = now.toISOString()
    const mail = await findMail(db, mailId)
    const log = this.#log.child({ mailId, kind: mail?.kind, messageId: mail?.messageId })
    if (!mail) return log.warn('mail to send is gone (its site was deleted)')
    // A job run again after its lease lapsed, or retried by hand: the mail is out already.
    if (mail.state === 'sent' || mail.state === 'kept') return
    if (!this.#transport) {
      await finishMail(db, mailId, { state: 'kept' }, at)
      return log.info('mail kept in the database (no SMTP_URL)')
    }
    if (mail.attempts > 0 && mail.lastError === null) {
      log.warn({ attempts: mail.attempts }, 'an earlier attempt stopped mid-send; sending again with its Message-ID')
    }
    await countAttempt(db, mailId, at)
    try {
      const result = await this.#transport.send(mail)
      await this.#sent(db, mailId, result, at, log)
    } catch (error) {
      await this.#failed(db, mailId, error, attempt, at, log)
    }
  }

  async #sent(
    db: Db,
    mailId: number,
    { accepted, rejected, response }: Awaited<ReturnType<MailTransport['send']>>,
    at: string,
    log: FastifyBaseLogger,
  ): Promise<void> {
    if (accepted.length === 0) {
      // Not every server refuses a recipient with an error; one that took the message for no one sent nothing.
      const error = `no recipient accepted (${response})`
      await finishMail(db, mailId, { state: 'failed', lastError: error }, at)
      log.error({ rejected, response }, 'mail refused: no recipient accepted')
      throw new PermanentJobError(error)
    }
    const lastError = rejected.length > 0 ? `rejected: ${rejected.join(', ')}` : null
    await finishMail(db, mailId, { state: 'sent', smtpResponse: response, lastError }, at)
    if (rejected.length > 0) log.warn({ rejected, response }, 'mail sent, but some recipients were refused')
    else log.info({ response }, 'mail sent')
  }

  async #failed(
    db: Db,
    mailId: number,
    error: unknown,
    attempt: number,
    at: string,
    log: FastifyBaseLogger,
  ): Promise<never> {
    const message = error instanceof Error ? error.message : String(error)
    const rejected = rejectedOf(error)
    if (isPermanentFailure(error) || attempt >= MAIL_MAX_ATTEMPTS) {
      await finishMail(db, mailId, { state: 'failed', lastError: message }, at)
      log.error({ err: error, rejected, attempt }, 'mail failed for good')
      throw isPermanentFailure(error) ? new PermanentJobError(message) : error
    }
    await noteMailError(db, mailId, message, at)
    log.warn({ err: error, rejected, attempt }, 'sending a mail failed; it will be tried again')
    throw error
  }
}
