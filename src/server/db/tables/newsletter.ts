// Newsletter subscriptions and the newsletters sent to them (src/server/newsletter/, migration 0020).
import type { Generated } from 'kysely'
import type { NewsletterSource, SubscriptionStatus } from '../../../domain/newsletter-api.ts'

export interface NewsletterSubscriptionTable {
  id: Generated<number>
  siteId: number
  /** The language its mails go out in: the page's language at sign-up. */
  languageId: number
  /** As typed. */
  emailAddress: string
  /** Trimmed and lower-cased: unique per site. */
  emailKey: string
  status: SubscriptionStatus
  /** Where the consent was given. */
  source: NewsletterSource
  /** SHA-256 (base64url) of the confirmation link's token; the token itself is only ever in the mail. */
  confirmTokenHash: string | null
  confirmExpiresAt: string | null
  /** The account of the same address, whose `newsletter` flag follows the status. */
  accountId: number | null
  /** When the consent was confirmed (the double opt-in, or the signed-in account's choice). */
  confirmedAt: string | null
  unsubscribedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface NewsletterTable {
  id: Generated<number>
  siteId: number
  /** JSON: the editions per language (subject, heading, paragraphs). */
  editions: string
  /** Mails queued, once the sending has run. */
  recipients: number | null
  createdAt: string
  queuedAt: string | null
}

export interface NewsletterTables {
  newsletterSubscriptions: NewsletterSubscriptionTable
  newsletters: NewsletterTable
}
