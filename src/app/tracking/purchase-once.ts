// The purchase event goes out once per order, however often its complete page is opened: a reload, the back button,
// the link in another tab. The ids of the orders already sent are kept on the device (local storage: a short list,
// read synchronously before the event is pushed). Only the order id is kept, never its key.
import type { Order } from '../../domain/orders.ts'
import { trackPurchase } from './ecommerce.ts'

const STORAGE_KEY = 'shop:purchases-sent'
/** Enough for any one device; the oldest ids go first. */
const KEEP = 50

/** Where the sent ids live: local storage, or (without it, e.g. storage blocked) this page's memory. */
export interface SentOrders {
  has(orderId: string): boolean
  add(orderId: string): void
}

/** Used only while local storage cannot be read (blocked, or broken): then this page sends each order once. */
const inMemory = new Set<string>()

function readSent(): string[] | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return null
  }
}

const localSentOrders: SentOrders = {
  has: (orderId) => (readSent() ?? [...inMemory]).includes(orderId),
  add: (orderId) => {
    inMemory.add(orderId)
    try {
      const sent = readSent() ?? []
      localStorage.setItem(STORAGE_KEY, JSON.stringify([...sent.filter((id) => id !== orderId), orderId].slice(-KEEP)))
    } catch {
      // storage full or blocked: this page still sends it once
    }
  },
}

/** Sends the purchase of a paid order unless this device sent it before; answers whether it was sent now. */
export function trackPurchaseOnce(order: Order, affiliation: string, sent: SentOrders = localSentOrders): boolean {
  if (sent.has(order.orderId)) return false
  // Marked first: should pushing fail half-way, a second event is worse than a missing one.
  sent.add(order.orderId)
  trackPurchase(order, affiliation)
  return true
}
