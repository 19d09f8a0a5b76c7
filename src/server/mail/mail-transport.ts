// Sending a stored mail over SMTP with nodemailer, from SMTP_URL (smtp://user:pass@host:587, smtps://…:465; query
// options as nodemailer reads them). Without SMTP_URL there is no transport: mails are kept in the database
// (mail.service.ts), and in development /dev/mail shows them.
import { createTransport, type Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { MailRow } from './mail.repository.ts'

export interface SendResult {
  accepted: string[]
  rejected: string[]
  /** The server's answer to the message, e.g. '250 2.0.0 Ok: queued as 4XyZ'. */
  response: string
}

export interface MailTransport {
  send(mail: MailRow): Promise<SendResult>
  close(): void
}

/** A mail's own headers (stored as JSON), e.g. a newsletter's List-Unsubscribe. */
const extraHeaders = (json: string | null): Record<string, string> =>
  json === null ? {} : (JSON.parse(json) as Record<string, string>)

const addresses = (list: readonly unknown[]) =>
  list.map((a) => (typeof a === 'string' ? a : (a as { address: string }).address))

export function createMailTransport(smtpUrl: string | undefined): MailTransport | undefined {
  if (!smtpUrl) return undefined
  const transporter: Transporter<SMTPTransport.SentMessageInfo> = createTransport({
    url: smtpUrl,
    // A few connections kept open and reused: a connection per mail (greeting, EHLO) took about 100 ms here, so a
    // restock's thousands of reminders went out at 9 a second; reused, at 60 (bench/stock-reminders.bench.ts).
    pool: true,
    // Well inside the job's lease (mail.service.ts), so a hung server fails the attempt instead of outliving it.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  })
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.sender,
        ...(mail.replyTo && { replyTo: mail.replyTo }),
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: {
          ...extraHeaders(mail.headers),
          'Content-Language': mail.languageCode,
          'Auto-Submitted': 'auto-generated',
        },
      })
      return { accepted: addresses(info.accepted), rejected: addresses(info.rejected), response: info.response }
    },
    close: () => transporter.close(),
  }
}

/**
 * Whether an SMTP failure is for good: a 5xx answer (unknown recipient, message refused). Connection trouble, 4xx
 * answers and refused credentials (a configuration mistake that may be fixed meanwhile) are tried again.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown }
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH'
}

/** The recipients an SMTP server refused, from nodemailer's error (all refused) or answer (some refused). */
export function rejectedOf(error: unknown): string[] {
  const rejected = (error as { rejected?: unknown } | null)?.rejected
  return Array.isArray(rejected) ? rejected.map(String) : []
}
