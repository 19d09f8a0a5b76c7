// The cart on this device: per site, the cart as the server last answered it, and the outbox of changes
// made since, in order, each with the client-made id that becomes its Idempotency-Key. What the shopper sees is the
// server's cart with the waiting changes applied by the domain's change function (cart-mutations.ts), so a change shows
// at once, online or not; cart-sync.ts sends the outbox.
//
// Everything read back is checked with the domain schemas. A cart record that fails the check is rebuilt from the
// server (its id is kept where it still reads as one); an outbox entry that fails it is shown as refused ("could not be
// read"), never sent and never dropped without the shopper seeing it.
import { liveQuery } from 'dexie'
import { z } from 'zod'
import { CartNoticeSchema, IdempotencyKeySchema } from '../domain/cart-api.ts'
import { CartCalculationSchema, PricingRulesSchema } from '../domain/cart-calculation.ts'
import {
  applyCartMutation,
  CartContentsSchema,
  CartMutationSchema,
  EMPTY_CART_CONTENTS,
  supersedes,
  type CartContents,
  type CartMutation,
} from '../domain/cart-mutations.ts'
import { isSampleProduct } from '../domain/cart-constants.ts'
import { CartIdSchema } from '../domain/cart.ts'
import { ErrorCodeSchema } from '../domain/errors.ts'
import { IdSchema } from '../domain/ids.ts'
import { shopDatabase, type CartRecord, type OutboxRecord } from './db.ts'
import { reportStorageError } from './storage-status.ts'

/** Why the server refused a change: its error code and message (in the shopper's language), or 'unreadable'. */
export const RefusalSchema = z.object({
  code: z.union([ErrorCodeSchema, z.literal('unreadable')]),
  message: z.string().max(500),
  params: z.record(z.string(), z.string()).default({}),
})
export type Refusal = z.infer<typeof RefusalSchema>

/** What the server answered differently from what the device showed: a price, or a line it no longer has. */
export const CartDifferenceSchema = z.object({
  kind: z.enum(['price', 'removed']),
  productVariantId: IdSchema,
  name: z.string().max(300),
  /** Unit prices in cents, for 'price'. */
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
})
export type CartDifference = z.infer<typeof CartDifferenceSchema>

const StoredCartSchema = z.object({
  siteId: IdSchema,
  cartId: CartIdSchema.nullable(),
  createKey: IdempotencyKeySchema,
  languageId: IdSchema,
  /** The server's cart as last read, with the changes it has taken since. */
  base: CartContentsSchema,
  /** The server's calculation, of `base` as it was at `syncedAt`. */
  calculation: CartCalculationSchema.nullable(),
  notices: z.array(CartNoticeSchema),
  pricing: PricingRulesSchema.nullable(),
  /** When the cart and its calculation were last read from the server; null once the server has taken changes since. */
  syncedAt: z.iso.datetime().nullable(),
  differences: z.array(CartDifferenceSchema),
})
export type StoredCart = z.infer<typeof StoredCartSchema>

const StoredEntrySchema = z.object({
  seq: z.number().int(),
  id: IdempotencyKeySchema,
  siteId: IdSchema,
  mutation: CartMutationSchema,
  createdAt: z.iso.datetime(),
  state: z.enum(['queued', 'refused']),
  error: RefusalSchema.nullable(),
})
export type OutboxEntry = z.infer<typeof StoredEntrySchema>

/** The cart as this device shows it. */
export interface CartView extends StoredCart {
  /** The server's cart with the waiting changes applied: what the shopper sees. */
  contents: CartContents
  /** Changes waiting for the server, in order. */
  queued: OutboxEntry[]
  /**
   * Changes the server refused (or that could not be read): final, kept to be shown by what they were about until the
   * shopper decides again about that (a new change of it supersedes them) or dismisses them.
   */
  refused: OutboxEntry[]
}

const newKey = () => crypto.randomUUID()

/** A change waiting to be sent, with a new key (its place in the queue is given when it is added). */
const queuedEntry = (siteId: number, mutation: CartMutation): Omit<OutboxEntry, 'seq'> => ({
  id: newKey(),
  siteId,
  mutation,
  createdAt: new Date().toISOString(),
  state: 'queued',
  error: null,
})

export function emptyCart(siteId: number, languageId: number): StoredCart {
  return {
    siteId,
    cartId: null,
    createKey: newKey(),
    languageId,
    base: EMPTY_CART_CONTENTS,
    calculation: null,
    notices: [],
    pricing: null,
    syncedAt: null,
    differences: [],
  }
}

/** A stored cart, checked; a record that fails is rebuilt empty, keeping its server id if that still reads as one. */
function checkedCart(record: CartRecord | undefined, siteId: number, languageId: number): StoredCart {
  if (!record) return emptyCart(siteId, languageId)
  const cart = StoredCartSchema.safeParse(record)
  if (cart.success) return cart.data
  const cartId = CartIdSchema.safeParse(record.cartId)
  const createKey = IdempotencyKeySchema.safeParse(record.createKey)
  return {
    ...emptyCart(siteId, languageId),
    cartId: cartId.success ? cartId.data : null,
    ...(createKey.success && { createKey: createKey.data }),
  }
}

function checkedEntry(record: OutboxRecord): OutboxEntry {
  const entry = StoredEntrySchema.safeParse(record)
  if (entry.success) return entry.data
  // Kept in view as refused, so the shopper sees a change went missing and can remove it.
  return {
    seq: typeof record.seq === 'number' ? record.seq : 0,
    id: typeof record.id === 'string' && IdempotencyKeySchema.safeParse(record.id).success ? record.id : newKey(),
    siteId: record.siteId,
    mutation: { type: 'removeDiscountCode' },
    createdAt: new Date(0).toISOString(),
    state: 'refused',
    error: { code: 'unreadable', message: '', params: {} },
  }
}

/** The server's cart with the waiting changes applied, in order (a change that no longer applies is skipped). */
export function contentsWith(base: CartContents, queued: readonly OutboxEntry[], isSample: (id: number) => boolean) {
  return queued.reduce((cart, entry) => applyCartMutation(cart, entry.mutation, isSample), base)
}

/** Which variants are scan samples, as far as the cart knows (its last calculation's lines). */
const sampleVariants = (cart: StoredCart) =>
  new Set(
    (cart.calculation?.products ?? [])
      .filter((line) => isSampleProduct(line.productType))
      .map((line) => line.productVariantId),
  )

export async function readCartView(siteId: number, languageId: number): Promise<CartView> {
  const db = shopDatabase()
  const [record, entries] = await db
    .transaction('r', db.carts, db.cartOutbox, () =>
      Promise.all([db.carts.get(siteId), db.cartOutbox.where('siteId').equals(siteId).sortBy('seq')]),
    )
    .catch(reportStorageError)
  const cart = checkedCart(record, siteId, languageId)
  const checked = entries.map(checkedEntry)
  const queued = checked.filter((e) => e.state === 'queued')
  const samples = sampleVariants(cart)
  return {
    ...cart,
    contents: contentsWith(cart.base, queued, (id) => samples.has(id)),
    queued,
    refused: checked.filter((e) => e.state === 'refused'),
  }
}

/** Calls back with the cart now and after every change, in this tab, another tab or the service worker. */
export function watchCartView(siteId: number, languageId: number, onChange: (view: CartView) => void): () => void {
  const subscription = liveQuery(() => readCartView(siteId, languageId)).subscribe({
    next: onChange,
    error: () => undefined,
  })
  return () => subscription.unsubscribe()
}

/**
 * Queues a change (the cart record is made on the first one). Refusals of what it is about go (supersedes): the
 * shopper has decided again.
 */
export async function queueChange(siteId: number, languageId: number, mutation: CartMutation): Promise<OutboxEntry> {
  // A cart needs its site and language.
  if (!IdSchema.safeParse(siteId).success || !IdSchema.safeParse(languageId).success)
    throw new Error('Payload is incorrect')
  const db = shopDatabase()
  const entry = queuedEntry(siteId, CartMutationSchema.parse(mutation))
  return db
    .transaction('rw', db.carts, db.cartOutbox, async () => {
      const record = await db.carts.get(siteId)
      if (!record) await db.carts.put(emptyCart(siteId, languageId))
      const answered = (await db.cartOutbox.where('siteId').equals(siteId).toArray())
        .map(checkedEntry)
        .filter(
          (e) => e.state === 'refused' && e.error?.code !== 'unreadable' && supersedes(entry.mutation, e.mutation),
        )
      await db.cartOutbox.bulkDelete(answered.map((e) => e.seq))
      const seq = await db.cartOutbox.add(entry)
      return { ...entry, seq: seq! }
    })
    .catch(reportStorageError)
}

/**
 * The server took the change: it leaves the outbox and joins the server's cart as the device knows it, in one
 * transaction, so what the shopper sees does not change in between (a line added would vanish until the server's cart
 * is read again, and the cart page's fields with it).
 */
export async function completeChange(siteId: number, languageId: number, entry: OutboxEntry): Promise<void> {
  const db = shopDatabase()
  await db
    .transaction('rw', db.carts, db.cartOutbox, async () => {
      await db.cartOutbox.where('id').equals(entry.id).delete()
      const cart = checkedCart(await db.carts.get(siteId), siteId, languageId)
      const samples = sampleVariants(cart)
      const base = applyCartMutation(cart.base, entry.mutation, (id) => samples.has(id))
      await db.carts.put({ ...cart, base, syncedAt: null })
    })
    .catch(reportStorageError)
}

/** The server refused the change: final; it stays, refused, to be shown by what it was about. */
export async function refuseChange(id: string, refusal: Refusal): Promise<void> {
  await shopDatabase()
    .cartOutbox.where('id')
    .equals(id)
    .modify({ state: 'refused', error: RefusalSchema.parse(refusal) })
    .catch(reportStorageError)
}

/** The shopper has seen refusals (or changes that could not be read) and lets them go. */
export async function discardChanges(ids: readonly string[]): Promise<void> {
  await shopDatabase().cartOutbox.where('id').anyOf(ids).delete().catch(reportStorageError)
}

export async function saveCart(cart: StoredCart): Promise<void> {
  await shopDatabase().carts.put(StoredCartSchema.parse(cart)).catch(reportStorageError)
}

/** Changes the stored cart in a transaction (read, checked, changed, written). */
export async function updateCart(
  siteId: number,
  languageId: number,
  change: (cart: StoredCart) => StoredCart,
): Promise<StoredCart> {
  const db = shopDatabase()
  return db
    .transaction('rw', db.carts, async () => {
      const next = StoredCartSchema.parse(change(checkedCart(await db.carts.get(siteId), siteId, languageId)))
      await db.carts.put(next)
      return next
    })
    .catch(reportStorageError)
}

/**
 * The server no longer has the cart (it expired): the device starts a new one, and what the old one held is sent
 * again first, ahead of the waiting changes, so nothing the shopper had is lost.
 */
export async function restartCart(siteId: number, languageId: number): Promise<void> {
  const db = shopDatabase()
  await db
    .transaction('rw', db.carts, db.cartOutbox, async () => {
      const cart = checkedCart(await db.carts.get(siteId), siteId, languageId)
      const first = (await db.cartOutbox.orderBy('seq').first())?.seq ?? 1
      const restore: CartMutation[] = [
        ...cart.base.products.map((p): CartMutation => ({
          type: 'add',
          productId: p.productId,
          productVariantId: p.productVariantId,
          quantity: p.count,
        })),
        ...cart.base.products.flatMap((p) =>
          p.rqsSamples
            .filter((s) => s.sampleName !== '')
            .map((s): CartMutation => ({
              type: 'setSampleName',
              productVariantId: p.productVariantId,
              sequence: s.sequence,
              sampleName: s.sampleName,
            })),
        ),
        ...(cart.base.discountCode ? [{ type: 'setDiscountCode', code: cart.base.discountCode } as const] : []),
        ...(cart.base.shippingMethod !== 0
          ? [{ type: 'setShippingMethod', shippingMethod: cart.base.shippingMethod } as const]
          : []),
      ]
      // Before the first waiting change: keys below it (IndexedDB keys may be negative).
      for (const [i, mutation] of restore.entries())
        await db.cartOutbox.add({ ...queuedEntry(siteId, mutation), seq: first - restore.length + i })
      await db.carts.put({ ...cart, cartId: null, createKey: newKey(), base: EMPTY_CART_CONTENTS, calculation: null })
    })
    .catch(reportStorageError)
}

/**
 * The cart became an order (the server has closed it): the device starts an empty one. The order holds what the
 * cart held, so nothing is restored, and nothing waiting is sent on: the checkout only places a cart whose changes
 * have all reached the server, and what a restart queued since (after the answer was lost) is the order's again.
 */
export async function startCartAfterOrder(siteId: number, languageId: number): Promise<void> {
  const db = shopDatabase()
  await db
    .transaction('rw', db.carts, db.cartOutbox, async () => {
      const cart = checkedCart(await db.carts.get(siteId), siteId, languageId)
      await db.cartOutbox.where('siteId').equals(siteId).delete()
      await db.carts.put({ ...emptyCart(siteId, languageId), pricing: cart.pricing })
    })
    .catch(reportStorageError)
}

/** The sites whose carts have changes waiting (for the service worker's background sync). */
export async function sitesWithQueuedChanges(): Promise<{ siteId: number; languageId: number }[]> {
  const db = shopDatabase()
  const [carts, entries] = await Promise.all([db.carts.toArray(), db.cartOutbox.toArray()])
  const waiting = new Set(entries.filter((e) => e.state === 'queued').map((e) => e.siteId))
  return carts
    .filter((c) => waiting.has(c.siteId))
    .flatMap((c) => {
      const languageId = IdSchema.safeParse(c.languageId)
      return languageId.success ? [{ siteId: c.siteId, languageId: languageId.data }] : []
    })
}
