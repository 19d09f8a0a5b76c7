// Back-in-stock reminders in the service worker: a push message from the shop (src/server/stock-reminders/) is shown
// as a notification, also with every tab closed; a tap opens the product page, in a tab of the shop that is open if
// there is one, else a new window. The message is checked with its schema: a push that is not one of the shop's
// shows nothing rather than something half-made. Queued e-mail requests are sent by background sync.
import { REMINDER_SYNC_TAG, sendQueuedReminders } from '../src/browser/stock-reminder-store.ts'
import { fetchTransport } from '../src/browser/transport.ts'
import { PushMessageSchema } from '../src/domain/stock-reminders.ts'

declare const self: ServiceWorkerGlobalScope
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

/** The notification a push message asks for: title, text, the product's picture and the page a tap opens. */
export function notificationOf(
  data: unknown,
): { title: string; options: NotificationOptions & { image?: string } } | null {
  const message = PushMessageSchema.safeParse(data)
  if (!message.success) return null
  const { title, body, icon, badge, url, tag, lang } = message.data
  // The product's picture as the icon and, where the platform shows one, the large image.
  return { title, options: { body, icon, image: icon, badge, tag, lang, data: { url } } }
}

function payloadOf(event: PushEvent): unknown {
  try {
    return event.data?.json()
  } catch {
    return null
  }
}

self.addEventListener('push', (event) => {
  const shown = notificationOf(payloadOf(event))
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data as { url?: unknown } | null)?.url
  if (typeof path !== 'string') return
  const url = new URL(path, self.location.origin)
  // Only this site's pages: the message was checked, but a tap never leads elsewhere.
  if (url.origin !== self.location.origin) return
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      // A tab of the shop is taken to the product and brought forward; without one (or one this worker does not
      // control, which cannot be navigated) a new window opens.
      const moved = open ? await open.navigate(url.href).catch(() => null) : null
      if (moved) await moved.focus().catch(() => undefined)
      else await self.clients.openWindow(url.href)
    })(),
  )
})

// Background sync: e-mail reminders asked for without a network are sent once it is back, with every tab closed.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag !== REMINDER_SYNC_TAG) return
  sync.waitUntil(
    sendQueuedReminders(fetchTransport()).then((result) => {
      if (result === 'offline') throw new Error('The shop could not be reached; the browser will try again.')
    }),
  )
})
