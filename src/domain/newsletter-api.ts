import { z } from 'zod'
import { IdParamSchema, IdSchema } from './ids.ts'
import { LANGUAGE_CODES } from './language-codes.ts'

// The newsletter's calls (src/server/newsletter/, docs/accounts.md § Newsletter and subscriptions), shared by the app
// and the server.

export const SUBSCRIPTION_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES)
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

/** Where a subscriber gave consent: the footer's form, the checkout's opt-in, the account's subscriptions page. */
export const NEWSLETTER_SOURCES = ['footer', 'checkout', 'account'] as const
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number]

/**
 * `POST /api/newsletter/subscribe`: 204 for any address (known, unknown, confirmed already), so the answer tells
 * nobody who subscribes; the confirmation link goes to the address, in the request's language.
 */
export const SubscribeBodySchema = z.object({ emailAddress: z.string().max(1000) })

/** A confirmation token from the mailed link: 256 random bits, base64url. */
export const NewsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,200}$/)
/** `POST /api/newsletter/confirm?token`. */
export const ConfirmQuerySchema = z.object({ token: NewsletterTokenSchema })

/** `POST /api/newsletter/unsubscribe?id&key`: the signed link in every newsletter mail (no sign-in). */
export const UnsubscribeQuerySchema = z.object({
  id: IdParamSchema,
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>

/** What confirming and unsubscribing answer: the address concerned (its owner followed its link) and its status. */
export const SubscriptionResultSchema = z.object({
  emailAddress: z.string(),
  status: SubscriptionStatusSchema,
})
export type SubscriptionResult = z.infer<typeof SubscriptionResultSchema>

/** `GET /api/account/subscriptions` (signed in): the account's newsletter opt-in. */
export const AccountSubscriptionsSchema = z.object({
  emailAddress: z.string(),
  newsletter: z.boolean(),
})
export type AccountSubscriptions = z.infer<typeof AccountSubscriptionsSchema>

/** `PUT /api/account/subscriptions` (signed in). */
export const AccountSubscriptionsBodySchema = z.object({ newsletter: z.boolean() })

/** One language's edition of a newsletter: plain text, paragraphs apart (the mail layout styles them). */
export const NewsletterEditionSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  subject: z.string().trim().min(1).max(200),
  preview: z.string().trim().max(200).default(''),
  heading: z.string().trim().min(1).max(200),
  paragraphs: z.array(z.string().trim().min(1).max(5000)).min(1).max(50),
})
export type NewsletterEdition = z.infer<typeof NewsletterEditionSchema>

/**
 * `POST /api/backoffice/newsletters`: a newsletter for a site's confirmed subscribers, an edition per language. A
 * subscriber whose language has no edition gets the site's fallback language's; without that either, none.
 */
export const NewsletterRequestSchema = z.object({
  siteId: IdSchema,
  editions: z
    .array(NewsletterEditionSchema)
    .min(1)
    .max(15)
    .refine((editions) => new Set(editions.map((e) => e.language)).size === editions.length, {
      message: 'One edition per language',
    }),
})
export type NewsletterRequest = z.infer<typeof NewsletterRequestSchema>

export const NewsletterQueuedSchema = z.object({ newsletterId: z.number().int().positive() })
