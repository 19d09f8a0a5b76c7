// Back-in-stock reminders (docs/stock-reminders.md): by e-mail (the notify-me form) and by Web Push on the device
// where the shop is installed. The shapes of their calls and of the push message the service worker shows.
import { z } from 'zod'
import { EmailAddressSchema } from './email.ts'
import { IdSchema } from './ids.ts'

/** How long a request waits for its variant: after this many months it lapses, unsent. */
export const STOCK_REMINDER_LAPSE_MONTHS = 6

/** The secret of a reminder's cancel link: 32 hex digits. */
export const CancelTokenSchema = z.string().regex(/^[0-9a-f]{32}$/)

/** `POST /api/stockreminders`: tell me by e-mail when this variant can be ordered. */
export const StockReminderRequestSchema = z.object({
  productVariantId: IdSchema,
  emailAddress: EmailAddressSchema,
})
export type StockReminderRequest = z.infer<typeof StockReminderRequestSchema>

/**
 * Its answer: the cancel link's token when this call made (or renewed) the request, so the device that asked can
 * cancel it; null when the address was waiting already (whoever knows an address must not cancel its reminder).
 */
export const StockReminderCreatedSchema = z.object({ cancelToken: CancelTokenSchema.nullable() })
export type StockReminderCreated = z.infer<typeof StockReminderCreatedSchema>

/** `POST /api/stockreminders/cancel?token`: the link in each reminder mail. */
export const CancelQuerySchema = z.object({ token: CancelTokenSchema })
export const StockReminderCancelledSchema = z.object({ productName: z.string(), emailAddress: z.string() })
export type StockReminderCancelled = z.infer<typeof StockReminderCancelledSchema>

const base64url = (bytes: number) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3))
    .regex(/^[A-Za-z0-9_-]+$/)

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (RFC 8291's keys: P-256 point, 16 bytes). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
})
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>

/** `POST /api/stockreminders/push`: tell me on this device. */
export const PushReminderRequestSchema = z.object({
  productVariantId: IdSchema,
  subscription: PushSubscriptionSchema,
})
export type PushReminderRequest = z.infer<typeof PushReminderRequestSchema>

/** `POST /api/stockreminders/push/list`: the device's waiting reminders on this site (the endpoint is its key). */
export const PushEndpointSchema = z.object({ endpoint: PushSubscriptionSchema.shape.endpoint })
export const PushReminderListSchema = z.object({ productVariantIds: z.array(IdSchema) })

/** `POST /api/stockreminders/push/cancel`. */
export const PushReminderCancelSchema = z.object({
  endpoint: PushSubscriptionSchema.shape.endpoint,
  productVariantId: IdSchema,
})

/** `GET /api/push/key`: the server's VAPID public key (RFC 8292), the `applicationServerKey` to subscribe with. */
export const PushKeySchema = z.object({ publicKey: base64url(65) })

/** A signed-in account's waiting reminders (`GET /api/account/stockreminders`). */
export const AccountStockReminderSchema = z.object({
  channel: z.enum(['email', 'push']),
  id: IdSchema,
  productVariantId: IdSchema,
  productName: z.string(),
  /** The variant's page; null when the site no longer sells it. */
  path: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type AccountStockReminder = z.infer<typeof AccountStockReminderSchema>
export const AccountStockRemindersSchema = z.object({ reminders: z.array(AccountStockReminderSchema) })
export const AccountReminderParamsSchema = z.object({
  channel: z.enum(['email', 'push']),
  id: z.coerce.number<string>().pipe(IdSchema),
})

/** A path of this site ('/…', never '//host/…', which would lead elsewhere). */
const SitePath = z.string().regex(/^\/(?!\/)/)

/** What a reminder's push message carries: the service worker shows it as it is (sw/push.ts). */
export const PushMessageSchema = z.object({
  kind: z.literal('stockReminder'),
  title: z.string().min(1).max(200),
  body: z.string().max(500),
  /** The product's image, the notification's icon and picture. */
  icon: SitePath,
  badge: SitePath,
  /** The product page a tap opens. */
  url: SitePath,
  /** One notification per variant: a second replaces the first. */
  tag: z.string(),
  lang: z.string(),
})
export type PushMessage = z.infer<typeof PushMessageSchema>
