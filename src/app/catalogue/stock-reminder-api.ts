// Back-in-stock reminders from the app (src/server/stock-reminders/): the e-mail request (queued on the device when
// the shop cannot be reached), its cancelling, this device's push reminders, and the account's list. Loaded when the
// notify-me part of a product page runs or the account page opens, so zod's schemas stay off the first page.
import type { z } from 'zod'
import {
  AccountStockRemindersSchema,
  PushKeySchema,
  PushReminderListSchema,
  StockReminderCancelledSchema,
  StockReminderCreatedSchema,
  type PushSubscriptionJson,
} from '../../domain/stock-reminders.ts'
import {
  forgetDeviceReminder,
  readDeviceReminder,
  REMINDER_SYNC_TAG,
  saveDeviceReminder,
  sendQueuedReminders,
  type DeviceReminder,
} from '../../browser/stock-reminder-store.ts'
import { ApiRequestError, fetchTransport, type ApiRequest } from '../../browser/transport.ts'
import type { ShopApi } from '../api/shop-api.ts'
import { isUnreachable } from '../newsletter/unreachable.ts'

export interface ReminderScope {
  siteId: number
  languageId: number
}

async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    sync?: { register(tag: string): Promise<void> }
  }
  await registration.sync?.register(REMINDER_SYNC_TAG)
}

/** The browser's push support: none (no service worker or push), or the permission it has. */
export function pushSupport(): 'unsupported' | NotificationPermission {
  if (typeof window === 'undefined') return 'unsupported'
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported'
  return Notification.permission
}

/** This device's push subscription, if it has one already (never asks for permission). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'granted') return null
  const registration = await navigator.serviceWorker.ready
  return registration.pushManager.getSubscription()
}

export function stockReminderApi(api: ShopApi, scope: ReminderScope) {
  async function call<S extends z.ZodType>(schema: S, request: ApiRequest): Promise<z.output<S>> {
    const response = await api.send(request)
    if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
    return schema.parse(response.body)
  }
  async function send204(request: ApiRequest): Promise<void> {
    const response = await api.send(request)
    if (response.status !== 204) throw new ApiRequestError(response.status, response.body, response.headers)
  }

  return {
    /** What this device asked by e-mail for the variant (queued, waiting or refused). */
    deviceReminder: (productVariantId: number) => readDeviceReminder(scope.siteId, productVariantId),

    /**
     * Asks for the e-mail; without a connection it is kept on the device and sent when the network returns (the
     * service worker's background sync, or the next start of the app). Refusals (409, 404 …) throw.
     */
    async requestEmail(productVariantId: number, emailAddress: string): Promise<DeviceReminder> {
      const base = { ...scope, productVariantId, emailAddress }
      try {
        const { cancelToken } = await call(StockReminderCreatedSchema, {
          method: 'POST',
          path: '/api/stockreminders',
          body: { productVariantId, emailAddress },
        })
        return await saveDeviceReminder({ ...base, state: 'waiting', cancelToken })
      } catch (error) {
        if (!isUnreachable(error)) throw error
        const queued = await saveDeviceReminder({ ...base, state: 'queued', cancelToken: null })
        await registerBackgroundSync().catch(() => undefined)
        return queued
      }
    },

    /** Cancels the device's e-mail reminder by its token (or just forgets a queued one). */
    async cancelEmail(reminder: DeviceReminder): Promise<void> {
      if (reminder.state === 'waiting' && reminder.cancelToken) {
        await call(StockReminderCancelledSchema, {
          method: 'POST',
          path: '/api/stockreminders/cancel',
          query: { token: reminder.cancelToken },
        }).catch((error: unknown) => {
          // Sent already (or cancelled from the mail): there is nothing left to cancel.
          if (!(error instanceof ApiRequestError && error.status === 410)) throw error
        })
      }
      await forgetDeviceReminder(reminder.siteId, reminder.productVariantId)
    },

    /** The cancel link of a mail. */
    cancelByToken: (token: string) =>
      call(StockReminderCancelledSchema, { method: 'POST', path: '/api/stockreminders/cancel', query: { token } }),

    /** Whether this device waits for the variant by push (false without a subscription). */
    async pushWaiting(productVariantId: number): Promise<boolean> {
      const subscription = await currentSubscription()
      if (!subscription) return false
      const { productVariantIds } = await call(PushReminderListSchema, {
        method: 'POST',
        path: '/api/stockreminders/push/list',
        body: { endpoint: subscription.endpoint },
      })
      return productVariantIds.includes(productVariantId)
    },

    /**
     * 'Remind me on this device': asks for permission (only now, on the tap), subscribes with the shop's VAPID key
     * (or reuses the device's subscription) and tells the shop. Answers 'denied' when the shopper said no.
     */
    async subscribePush(productVariantId: number): Promise<'waiting' | 'denied'> {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') return 'denied'
      const registration = await navigator.serviceWorker.ready
      let subscription = await registration.pushManager.getSubscription()
      if (!subscription) {
        const { publicKey } = await call(PushKeySchema, { path: '/api/push/key' })
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64urlBytes(publicKey),
        })
      }
      const json = subscription.toJSON() as PushSubscriptionJson
      await send204({
        method: 'POST',
        path: '/api/stockreminders/push',
        body: { productVariantId, subscription: json },
      })
      return 'waiting'
    },

    async cancelPush(productVariantId: number): Promise<void> {
      const subscription = await currentSubscription()
      if (!subscription) return
      await send204({
        method: 'POST',
        path: '/api/stockreminders/push/cancel',
        body: { endpoint: subscription.endpoint, productVariantId },
      })
    },

    accountReminders: (signal?: AbortSignal) =>
      call(AccountStockRemindersSchema, { path: '/api/account/stockreminders', signal }),
    cancelAccountReminder: (channel: 'email' | 'push', id: number) =>
      call(AccountStockRemindersSchema, { method: 'DELETE', path: `/api/account/stockreminders/${channel}/${id}` }),
  }
}

/** Sends the requests kept while offline (the app at start and when the network returns). */
export const sendQueued = () => sendQueuedReminders(fetchTransport())

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}
