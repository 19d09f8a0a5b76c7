// The cart's sender: changes shown at once and queued, sent once and in order when the network returns, through
// reloads, lost answers, rivals and a server cart that is gone; a corrupt stored cart rebuilt from the server.
import { beforeEach, describe, expect, it } from 'vitest'
import {
  add,
  type FakeServer,
  freshOutbox,
  LANGUAGE,
  lines,
  PRICING,
  SITE,
  view,
} from '../../tests/helpers/cart-server.ts'
import { queueChange, updateCart } from './cart-store.ts'
import { syncCart } from './cart-sync.ts'
import type { ShopDatabase } from './db.ts'

describe('the cart outbox', () => {
  let server: FakeServer
  let db: ShopDatabase
  beforeEach(() => {
    ;({ server, db } = freshOutbox())
  })
  const sync = () => syncCart(server, SITE, LANGUAGE)

  it('shows a change at once, queued, and sends the queue in order when the network returns', async () => {
    server.offline = true
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await queueChange(SITE, LANGUAGE, add(201))
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 5 })
    await queueChange(SITE, LANGUAGE, { type: 'remove', productVariantId: 201 })
    const offline = await view()
    expect(lines(offline.contents)).toEqual([[101, 5]])
    expect(offline.queued).toHaveLength(4)
    expect(await sync()).toBe('offline')
    expect((await view()).queued).toHaveLength(4)

    server.offline = false
    expect(await sync()).toBe('synced')
    const online = await view()
    expect(online.queued).toEqual([])
    expect(lines(online.base)).toEqual([[101, 5]])
    expect(lines(online.contents)).toEqual([[101, 5]])
    expect(online.calculation?.totalAmount).toBe(5000)
    expect(online.pricing).toEqual(PRICING)
    expect(server.countOf(101)).toBe(5)
  })

  it('shows the same cart all through the sending: a change the server took stays in view until its cart is read', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await queueChange(SITE, LANGUAGE, add(201))
    const shown = lines((await view()).contents)
    const during: ReturnType<typeof lines>[] = []
    let stale: boolean | undefined
    server.beforeCalculation = async () => {
      const now = await view()
      during.push(lines(now.contents))
      // Its old calculation is not of this cart any more: the totals are worked out on the device meanwhile.
      stale = now.syncedAt === null
    }
    expect(await sync()).toBe('synced')
    expect(during).toEqual([shown])
    expect(stale).toBe(true)
    const after = await view()
    expect(lines(after.contents)).toEqual(shown)
    expect(after.syncedAt).not.toBeNull()
  })

  it('survives a reload: a new connection to the same database has the same queue and cart', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 3))
    const { ShopDatabase, useDatabase } = await import('./db.ts')
    useDatabase(new ShopDatabase(db.name))
    const reopened = await view()
    expect(reopened.queued.map((e) => e.mutation)).toEqual([add(101, 3)])
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(3)
  })

  it('sends a change whose answer was lost again with the same key, and the server makes it once', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    server.loseNextAnswer = true
    expect(await sync()).toBe('offline')
    expect((await view()).queued).toHaveLength(1)
    expect(server.countOf(101)).toBe(2)
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(2)
    expect(new Set(server.sent).size).toBe(1)
    expect(server.sent).toHaveLength(2)
  })

  it('lets one sender at a time send a site’s outbox', async () => {
    await queueChange(SITE, LANGUAGE, add(101))
    const results = await Promise.all([sync(), sync(), sync()])
    expect(results.filter((r) => r === 'synced')).toHaveLength(1)
    expect(results.filter((r) => r === 'busy')).toHaveLength(2)
    expect(server.countOf(101)).toBe(1)
  })

  it('starts a new server cart when the old one is gone, sending what it held before the waiting changes', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await queueChange(SITE, LANGUAGE, { type: 'setDiscountCode', code: 'WELKOM10' })
    await sync()
    server.carts.clear() // expired on the server
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 4 })
    expect(await sync()).toBe('synced')
    const after = await view()
    expect(after.queued).toEqual([])
    expect(after.refused).toEqual([])
    expect(server.carts.size).toBe(1)
    expect(lines([...server.carts.values()][0]!)).toEqual([[101, 4]])
    expect([...server.carts.values()][0]!.discountCode).toBe('WELKOM10')
  })

  it('makes one server cart however often its creation is sent', async () => {
    await queueChange(SITE, LANGUAGE, add(101))
    await sync()
    await queueChange(SITE, LANGUAGE, add(201))
    await sync()
    expect(server.carts.size).toBe(1)
  })

  it('rebuilds a corrupt stored cart from the server, keeping its id, and shows an unreadable change as refused', async () => {
    await queueChange(SITE, LANGUAGE, add(101, 2))
    await sync()
    const cartId = (await view()).cartId
    await db.carts.update(SITE, { base: { products: 'rubbish' }, calculation: 42 })
    await db.cartOutbox.add({
      id: crypto.randomUUID(),
      siteId: SITE,
      mutation: { type: 'explode' },
      createdAt: 'x',
      state: 'queued',
      error: null,
    })
    const broken = await view()
    expect(broken.cartId).toBe(cartId)
    expect(broken.base.products).toEqual([])
    expect(broken.refused).toMatchObject([{ error: { code: 'unreadable' } }])
    expect(await sync()).toBe('synced')
    expect(lines((await view()).base)).toEqual([[101, 2]])
  })

  it('says "Payload is incorrect" for a cart without its site or language', async () => {
    await expect(queueChange(0, LANGUAGE, add(101))).rejects.toThrow('Payload is incorrect')
    await expect(syncCart(server, SITE, Number.NaN)).rejects.toThrow('Payload is incorrect')
  })

  it('keeps the stored cart checked on write: a bad cart is never saved', async () => {
    await expect(updateCart(SITE, LANGUAGE, (cart) => ({ ...cart, cartId: 'not-a-uuid' }))).rejects.toThrow()
  })
})
