import { once } from 'node:events'
import { createServer, connect, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { CartSchema } from '../../domain/cart.ts'
import { createTestApp, HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { setStock } from '../catalogue/catalogue.repository.ts'
import { cleanUpCarts } from './cart-maintenance.ts'
import { claimIdempotencyKey } from './cart.repository.ts'
import { CLAIM_TIMEOUT_MS, hashOfRequest, REPLAYED_HEADER } from './idempotency.ts'

// Idempotency keys: a change sent with a key has one effect, whether it arrives twice, twenty times at
// once, after a lost answer, or after the server that first got it stopped half-way.

const SPORT_MUESLI = 101
const CALMING_3KG = 2302 // 1 in stock
const DATETIME = '2026-11-25T12:00:00Z'
const key = () => crypto.randomUUID()

describe.each(DIALECTS)('idempotency keys on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const db = () => current().database.handle.db

  const send = (method: 'POST' | 'DELETE', url: string, idempotencyKey?: string) =>
    current().app.inject({
      method,
      url,
      headers: {
        host: HOSTS.nl,
        datetime: DATETIME,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
    })
  const addUrl = (id: string, variant = SPORT_MUESLI, quantity = 2) =>
    `/api/cart/${id}/products?productVariantId=${variant}&quantity=${quantity}`
  async function newCart(): Promise<string> {
    return CartSchema.parse((await send('POST', '/api/cart')).json()).shoppingcartId
  }
  async function countOf(id: string, variant = SPORT_MUESLI): Promise<number> {
    const cart = CartSchema.parse(
      (await current().app.inject({ url: `/api/cart/${id}`, headers: { host: HOSTS.nl } })).json(),
    )
    return cart.products.find((p) => p.productVariantId === variant)?.count ?? 0
  }

  it('applies a change once when its key comes twice, and answers the second time with the stored answer', async () => {
    const id = await newCart()
    const k = key()
    const first = await send('POST', addUrl(id), k)
    const second = await send('POST', addUrl(id), k)
    expect([first.statusCode, second.statusCode]).toEqual([204, 204])
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined()
    expect(second.headers[REPLAYED_HEADER]).toBe('true')
    expect(await countOf(id)).toBe(2)
    // Without a key the same request is a new change.
    expect((await send('POST', addUrl(id))).statusCode).toBe(204)
    expect(await countOf(id)).toBe(4)
  })

  it('applies twenty requests with one key, sent at once, once', async () => {
    const id = await newCart()
    const k = key()
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', addUrl(id), k)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 204).length).toBeGreaterThanOrEqual(1)
    for (const status of statuses) expect([204, 409]).toContain(status)
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json()).toMatchObject({ code: 'requestInProgress' })
    expect(await countOf(id)).toBe(2)
    expect((await send('POST', addUrl(id), k)).headers[REPLAYED_HEADER]).toBe('true')
    expect(await countOf(id)).toBe(2)
  })

  it('applies twenty different changes of one cart, sent at once, each once: none is lost to another', async () => {
    const id = await newCart()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send('POST', addUrl(id, SPORT_MUESLI, 1), key())),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 204))
    expect(await countOf(id)).toBe(20)
  })

  it('makes one cart per key', async () => {
    const k = key()
    const first = await send('POST', '/api/cart', k)
    const second = await send('POST', '/api/cart', k)
    expect(second.json()).toEqual(first.json())
    const rows = await db().selectFrom('carts').select('id').where('id', '=', first.json().shoppingcartId).execute()
    expect(rows).toHaveLength(1)
  })

  it('refuses a key used for another request with 422, and changes nothing', async () => {
    const id = await newCart()
    const k = key()
    await send('POST', addUrl(id, SPORT_MUESLI, 2), k)
    const other = await send('POST', addUrl(id, SPORT_MUESLI, 5), k)
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ code: 'idempotencyKeyReused' })
    expect(await countOf(id)).toBe(2)
  })

  it.each(['short', 'has spaces in it, many of them', 'x'.repeat(101), 'ünïcödé-ünïcödé-ünïcödé'])(
    'refuses the malformed key %j with 400 and changes nothing',
    async (malformed) => {
      const id = await newCart()
      const answer = await current().app.inject({
        method: 'POST',
        url: addUrl(id),
        headers: { host: HOSTS.nl, 'idempotency-key': encodeURIComponent(malformed).slice(0, 200) },
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ code: 'invalidParameter', params: { name: 'idempotency-key' } })
      expect(await countOf(id)).toBe(0)
    },
  )

  it('keeps a refusal: the same change with the same key is refused again, even when the stock is back', async () => {
    const id = await newCart()
    const k = key()
    const refused = await send('POST', addUrl(id, CALMING_3KG, 2), k)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'insufficientStock', params: { amount: '1' } })
    await setStock(db(), CALMING_3KG, 10, new Date(DATETIME))
    await current().app.context.catalogue.refresh()
    const again = await send('POST', addUrl(id, CALMING_3KG, 2), k)
    expect(again.statusCode).toBe(409)
    expect(again.headers[REPLAYED_HEADER]).toBe('true')
    expect(again.json()).toEqual(refused.json())
    expect(await countOf(id, CALMING_3KG)).toBe(0)
    // The shopper decides to try again: a new change, a new key.
    expect((await send('POST', addUrl(id, CALMING_3KG, 2), key())).statusCode).toBe(204)
    await setStock(db(), CALMING_3KG, 1, new Date(DATETIME))
    await current().app.context.catalogue.refresh()
  })

  it('takes over a claim that a stopped server left pending, once it is older than the claim timeout', async () => {
    const id = await newCart()
    const k = key()
    const url = addUrl(id)
    const claim = { key: k, cartId: id, requestHash: hashOfRequest(1, 'POST', url, undefined) }
    await claimIdempotencyKey(db(), { ...claim, at: new Date(Date.now() - CLAIM_TIMEOUT_MS - 1000).toISOString() })
    expect((await send('POST', url, k)).statusCode).toBe(204)
    expect(await countOf(id)).toBe(2)
    // A claim still fresh is a request in progress.
    const fresh = key()
    await claimIdempotencyKey(db(), { ...claim, key: fresh, at: new Date().toISOString() })
    expect((await send('POST', url, fresh)).statusCode).toBe(409)
    expect(await countOf(id)).toBe(2)
  })

  it('forgets keys after seven days, and carts nobody touched for ninety', async () => {
    const id = await newCart()
    const old = key()
    const recent = key()
    const hash = hashOfRequest(1, 'POST', 'x', null)
    await claimIdempotencyKey(db(), { key: old, cartId: id, requestHash: hash, at: '2026-11-10T00:00:00.000Z' })
    await claimIdempotencyKey(db(), { key: recent, cartId: id, requestHash: hash, at: '2026-11-20T00:00:00.000Z' })
    await cleanUpCarts(db(), new Date('2026-11-25T00:00:00Z'))
    const left = await db().selectFrom('idempotencyKeys').select('key').where('key', 'in', [old, recent]).execute()
    expect(left.map((r) => r.key)).toEqual([recent])
    await cleanUpCarts(db(), new Date('2027-06-01T00:00:00Z'))
    expect(await db().selectFrom('carts').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
  })
})

describe.each(DIALECTS)('an answer lost on the way, on %s', (dialect) => {
  it('has no second effect when the change is sent again after the server committed it', async () => {
    const testApp = await createTestApp(dialect)
    let proxy: Server | undefined
    try {
      await testApp.app.listen({ port: 0, host: '127.0.0.1' })
      const serverPort = (testApp.app.server.address() as AddressInfo).port
      // A proxy that passes requests on and drops every answer, as a train going into a tunnel does.
      proxy = createServer((client) => {
        const upstream = connect(serverPort, '127.0.0.1')
        client.pipe(upstream)
        upstream.on('data', () => client.destroy())
        upstream.on('error', () => client.destroy())
        client.on('error', () => upstream.destroy())
        client.on('close', () => upstream.destroy())
      })
      proxy.listen(0, '127.0.0.1')
      await once(proxy, 'listening')
      const proxyPort = (proxy.address() as AddressInfo).port
      const headers = { host: HOSTS.nl, 'idempotency-key': key() }

      const created = await fetch(`http://127.0.0.1:${serverPort}/api/cart`, {
        method: 'POST',
        headers: { host: HOSTS.nl },
      })
      const id = CartSchema.parse(await created.json()).shoppingcartId
      const url = `/api/cart/${id}/products?productVariantId=${SPORT_MUESLI}&quantity=3`

      await expect(fetch(`http://127.0.0.1:${proxyPort}${url}`, { method: 'POST', headers })).rejects.toThrow()
      const count = async () => {
        const cart = CartSchema.parse(
          await (await fetch(`http://127.0.0.1:${serverPort}/api/cart/${id}`, { headers: { host: HOSTS.nl } })).json(),
        )
        return cart.products[0]?.count ?? 0
      }
      // The server did the change; the shopper's device never heard.
      expect(await count()).toBe(3)
      const retry = await fetch(`http://127.0.0.1:${serverPort}${url}`, { method: 'POST', headers })
      expect(retry.status).toBe(204)
      expect(retry.headers.get(REPLAYED_HEADER)).toBe('true')
      expect(await count()).toBe(3)
    } finally {
      proxy?.close()
      await testApp.close()
    }
  })
})
