// The mail outbox (src/server/mail/): one row per mail, the message as sent, and how its sending went.
import type { Generated } from 'kysely'

export type MailState = 'queued' | 'sent' | 'kept' | 'failed'

export interface MailTable {
  id: Generated<number>
  /** One mail per event, e.g. 'stock-reminder:1:4001:9f86d081:confirmation'. */
  dedupeKey: string
  /** '<…@domain>', derived from the dedupe key: the same on every attempt. */
  messageId: string
  /** The template, e.g. 'stock-reminder-confirmation'. */
  kind: string
  siteId: number
  languageCode: string
  /** The From header, e.g. '"Equivera" <klantenservice@equivera.nl>'. */
  sender: string
  replyTo: string | null
  recipient: string
  subject: string
  html: string
  text: string
  /** JSON: extra headers, e.g. a newsletter's List-Unsubscribe; null for none. */
  headers: string | null
  state: MailState
  /** SMTP exchanges started (kept mails: 0). */
  attempts: number
  lastError: string | null
  /** The SMTP server's answer to the message, e.g. '250 2.0.0 Ok: queued as …'. */
  smtpResponse: string | null
  createdAt: string
  updatedAt: string
  /** When it was sent or kept. */
  sentAt: string | null
}

export interface MailTables {
  mails: MailTable
}
