// Back-in-stock e-mail reminders on this device: what the shopper asked for per site and variant, so the product
// page says so (and can cancel it) on the next visit, and the queue of requests made without a network. A queued
// request is sent by the app when the network returns and by the service worker's background sync with every tab
// closed, under one Web Lock, so it goes once. Everything read back is checked; a broken record is dropped.
//
// What the server answers decides a queued request's fate: taken (200) → waiting, with its cancel token; refused with
// the server's reason (4xx: it can be ordered now, the site sends none, the address is refused) → dropped, the reason
// kept for the page to tell; no answer (offline, 5xx, 429) → it stays queued for the next time.
import { z } from 'zod'
import { ApiErrorSchema } from '../domain/errors.ts'
import { EmailAddressSchema } from '../domain/email.ts'
import { IdSchema } from '../domain/ids.ts'
import { CancelTokenSchema, StockReminderCreatedSchema } from '../domain/stock-reminders.ts'
import { shopDatabase } from './db.ts'
import type { ApiResponse, Transport } from './transport.ts'

/** The background sync tag of queued reminder requests (sw/sw.ts). */
export const REMINDER_SYNC_TAG = 'stock-reminders'
const LOCK = 'shop-stock-reminders'

export const DeviceReminderSchema = z.object({
  key: z.string(),
  siteId: IdSchema,
  languageId: IdSchema,
  productVariantId: IdSchema,
  emailAddress: EmailAddressSchema,
  /** queued: not sent yet; waiting: the server has it; refused: the server would not take it (`refusal`). */
  state: z.enum(['queued', 'waiting', 'refused']),
  cancelToken: CancelTokenSchema.nullable(),
  refusal: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type DeviceReminder = z.infer<typeof DeviceReminderSchema>

const keyOf = (siteId: number, productVariantId: number) => `${siteId}:${productVariantId}`

/** The device's e-mail reminder of a variant on a site, if any. */
export async function readDeviceReminder(siteId: number, productVariantId: number): Promise<DeviceReminder | null> {
  const db = shopDatabase()
  const record = await db.stockReminders.get(keyOf(siteId, productVariantId))
  if (!record) return null
  const parsed = DeviceReminderSchema.safeParse(record)
  if (parsed.success) return parsed.data
  await db.stockReminders.delete(record.key).catch(() => undefined)
  return null
}

/** Stores what the server took (waiting) or a request to send later (queued). */
export async function saveDeviceReminder(
  reminder: Omit<DeviceReminder, 'key' | 'refusal' | 'createdAt'> & { createdAt?: string },
): Promise<DeviceReminder> {
  const record = DeviceReminderSchema.parse({
    ...reminder,
    key: keyOf(reminder.siteId, reminder.productVariantId),
    refusal: null,
    createdAt: reminder.createdAt ?? new Date().toISOString(),
  })
  await shopDatabase().stockReminders.put(record)
  return record
}

export async function forgetDeviceReminder(siteId: number, productVariantId: number): Promise<void> {
  await shopDatabase().stockReminders.delete(keyOf(siteId, productVariantId))
}

/** Whether any request waits to be sent (the app's start looks before it loads the sender). */
export async function hasQueuedReminders(): Promise<boolean> {
  return (
    (await shopDatabase()
      .stockReminders.filter((r) => r.state === 'queued')
      .count()) > 0
  )
}

export type SendResult = 'sent' | 'offline' | 'busy'

/** Sends every queued request (of any site), each once; see the top of this file. */
export async function sendQueuedReminders(transport: Transport): Promise<SendResult> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return sendAll(transport)
  return locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? sendAll(transport) : ('busy' as const)))
}

async function sendAll(transport: Transport): Promise<SendResult> {
  const db = shopDatabase()
  const queued = (await db.stockReminders.toArray())
    .map((record) => DeviceReminderSchema.safeParse(record))
    .flatMap((parsed) => (parsed.success && parsed.data.state === 'queued' ? [parsed.data] : []))
  for (const reminder of queued) {
    let response: ApiResponse
    try {
      response = await transport({
        method: 'POST',
        path: '/api/stockreminders',
        headers: { siteid: String(reminder.siteId), languageid: String(reminder.languageId) },
        body: { productVariantId: reminder.productVariantId, emailAddress: reminder.emailAddress },
      })
    } catch {
      return 'offline'
    }
    if (response.status === 200) {
      const { cancelToken } = StockReminderCreatedSchema.parse(response.body)
      await db.stockReminders.put({ ...reminder, state: 'waiting', cancelToken })
      continue
    }
    const refusal = ApiErrorSchema.safeParse(response.body)
    if (response.status >= 400 && response.status < 500 && response.status !== 429 && refusal.success) {
      await db.stockReminders.put({ ...reminder, state: 'refused', refusal: refusal.data.code })
      continue
    }
    return 'offline'
  }
  return 'sent'
}
