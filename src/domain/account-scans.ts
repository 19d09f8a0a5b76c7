import { z } from 'zod'
import { EmailAddressSchema } from './email.ts'
import { IdSchema } from './ids.ts'
import { FeedAdviceSchema, HorseAdviceInputsSchema, ScanResultSchema } from './scan.ts'

// The account's roughage scan results and feed advice (src/server/scans/, docs/accounts.md): lists with what is
// unread, one opened (and so marked read), and the back office's call that stores a result for an account.

/** One scan result of the account. `read` is whether the account has opened it. */
export const AccountScanResultSchema = ScanResultSchema.extend({
  scanResultId: IdSchema,
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type AccountScanResult = z.infer<typeof AccountScanResultSchema>

/** `GET /api/account/scanresults`: newest first, with how many are unread. */
export const ScanResultListSchema = z.object({
  unread: z.number().int().min(0),
  results: z.array(AccountScanResultSchema),
})
export type ScanResultList = z.infer<typeof ScanResultListSchema>

/** What feed advice says, as stored: the calculator's numbers and the feed they are for. */
export const StoredFeedAdviceSchema = FeedAdviceSchema.omit({ read: true }).extend({
  productName: z.string().max(200).nullable().default(null),
})

export const AccountFeedAdviceSchema = z.object({
  feedAdviceId: IdSchema,
  horseName: z.string(),
  inputs: HorseAdviceInputsSchema,
  advice: FeedAdviceSchema.extend({ productName: z.string().nullable() }),
  createdAt: z.iso.datetime({ offset: true }),
})
export type AccountFeedAdvice = z.infer<typeof AccountFeedAdviceSchema>

/** `GET /api/account/feedadvice`: newest first, with how many are unread. */
export const FeedAdviceListSchema = z.object({
  unread: z.number().int().min(0),
  advice: z.array(AccountFeedAdviceSchema),
})
export type FeedAdviceList = z.infer<typeof FeedAdviceListSchema>

/** Trimmed, as an ERP's export may pad it; the accounts are found by it case-insensitively. */
const EmailSchema = z.string().trim().pipe(EmailAddressSchema)

/**
 * `POST /api/backoffice/scanresults`: a lab's result for the account with this address on this site. The same
 * result may not be stored twice by mistake only through the caller: each call stores one.
 */
export const ScanResultPostSchema = ScanResultSchema.omit({ name: true }).extend({
  emailAddress: EmailSchema,
  siteId: IdSchema,
  name: z.string().trim().min(1).max(120),
})
export type ScanResultPost = z.infer<typeof ScanResultPostSchema>

/** What the back office gets back: the result's id and the random key of its result-by-key page. */
export const ScanResultStoredSchema = z.object({ scanResultId: IdSchema, accountId: IdSchema, resultKey: z.string() })
export type ScanResultStored = z.infer<typeof ScanResultStoredSchema>

/** `POST /api/backoffice/feedadvice`: advice given for a horse of the account with this address on this site. */
export const FeedAdvicePostSchema = z.object({
  emailAddress: EmailSchema,
  siteId: IdSchema,
  horseName: z.string().trim().min(1).max(80),
  inputs: HorseAdviceInputsSchema,
  advice: StoredFeedAdviceSchema,
})
export type FeedAdvicePost = z.infer<typeof FeedAdvicePostSchema>
export const FeedAdviceStoredSchema = z.object({ feedAdviceId: IdSchema, accountId: IdSchema })

/** `POST /api/account/feedadvice`: advice the signed-in shopper worked out with the feed calculator, kept unread. */
export const OwnFeedAdvicePostSchema = FeedAdvicePostSchema.omit({ emailAddress: true, siteId: true })
export type OwnFeedAdvicePost = z.infer<typeof OwnFeedAdvicePostSchema>
