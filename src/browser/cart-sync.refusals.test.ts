// The cart's sender and the server's refusals: a refused change is kept, final, with the server's reason while the
// others go on; a new change about the same thing answers it; a status without the server's reason is no answer.
import { beforeEach, describe, expect, it } from 'vitest'
import { add, type FakeServer, freshOutbox, LANGUAGE, lines, SITE, view } from '../../tests/helpers/cart-server.ts'
import { discardChanges, queueChange } from './cart-store.ts'
import { syncCart } from './cart-sync.ts'
import { ApiRequestError, retryAfterMinutes } from './transport.ts'

describe('the cart outbox’s refusals', () => {
  let server: FakeServer
  beforeEach(() => {
    ;({ server } = freshOutbox())
  })
  const sync = () => syncCart(server, SITE, LANGUAGE)

  it('keeps a refused change, final, with the server’s reason, and goes on with the others', async () => {
    server.stock.set(301, 2)
    await queueChange(SITE, LANGUAGE, add(101))
    await queueChange(SITE, LANGUAGE, add(301, 5))
    await queueChange(SITE, LANGUAGE, add(201))
    expect(await sync()).toBe('synced')
    const after = await view()
    expect(after.queued).toEqual([])
    expect(after.refused).toHaveLength(1)
    expect(after.refused[0]).toMatchObject({
      mutation: add(301, 5),
      error: { code: 'insufficientStock', message: 'Nog maar 2 op voorraad', params: { amount: '2' } },
    })
    expect(lines(after.contents)).toEqual([
      [101, 1],
      [201, 1],
    ])
    // Final: sending again sends nothing of it.
    const sent = server.sent.length
    expect(await sync()).toBe('synced')
    expect(server.sent).toHaveLength(sent)
    expect((await view()).refused).toHaveLength(1)
  })

  it('lets a new change about the same thing answer a refusal; the shopper dismisses the others', async () => {
    server.stock.set(101, 3)
    server.stock.set(201, 0)
    await queueChange(SITE, LANGUAGE, add(101))
    await queueChange(SITE, LANGUAGE, add(201))
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 5 })
    await sync()
    expect((await view()).refused.map((e) => e.mutation)).toEqual([
      add(201),
      { type: 'setQuantity', productVariantId: 101, quantity: 5 },
    ])

    // Another quantity of line 101: its refusal goes, the refused addition of 201 stays.
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: 101, quantity: 3 })
    const answered = await view()
    expect(answered.refused.map((e) => e.mutation)).toEqual([add(201)])
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(3)

    await discardChanges(answered.refused.map((e) => e.id))
    expect((await view()).refused).toEqual([])
  })

  it.each([
    ['too many requests', 429, { status: 429, code: 'tooManyRequests', message: '', localizedMessage: 'Te veel' }],
    ['a timeout', 408, null],
    ['a 4xx without the server’s reason (a proxy)', 403, '<html>Forbidden</html>'],
  ])('takes %s as no answer: the change waits, to be sent again', async (_what, status, body) => {
    await queueChange(SITE, LANGUAGE, add(101))
    await sync()
    const changeCart = server.changeCart.bind(server)
    server.changeCart = async () => {
      throw new ApiRequestError(status, body)
    }
    await queueChange(SITE, LANGUAGE, add(101))
    expect(await sync()).toBe('offline')
    const waiting = await view()
    expect(waiting.queued.map((e) => e.mutation)).toEqual([add(101)])
    expect(waiting.refused).toEqual([])
    server.changeCart = changeCart
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(2)
  })

  it('waits as long as a rate limit says when the server will not make a cart yet', async () => {
    const createCart = server.createCart.bind(server)
    server.createCart = async () => {
      throw new ApiRequestError(
        429,
        {
          status: 429,
          code: 'rateLimited',
          message: '',
          localizedMessage: '',
          params: { seconds: '61', minutes: '2' },
        },
        new Headers({ 'retry-after': '61' }),
      )
    }
    await queueChange(SITE, LANGUAGE, add(101))
    const heard: number[] = []
    expect(await syncCart(server, SITE, LANGUAGE, undefined, (minutes) => heard.push(minutes))).toBe('offline')
    expect(heard).toEqual([2])
    expect((await view()).queued.map((e) => e.mutation)).toEqual([add(101)])
    server.createCart = createCart
    expect(await sync()).toBe('synced')
    expect(server.countOf(101)).toBe(1)
  })

  it.each([
    ['its Retry-After header', new Headers({ 'retry-after': '600' }), null, 10],
    ['the seconds in its body', new Headers(), { params: { seconds: '30' } }, 1],
    ['nothing (at least a minute)', new Headers(), null, 1],
  ])('reads the wait of a 429 from %s', (_what, headers, body, minutes) => {
    expect(retryAfterMinutes(new ApiRequestError(429, body, headers))).toBe(minutes)
  })

  it('reads no wait from other errors', () => {
    expect(retryAfterMinutes(new ApiRequestError(503, null, new Headers({ 'retry-after': '60' })))).toBeNull()
    expect(retryAfterMinutes(new Error('x'))).toBeNull()
  })

  it('refuses the change with the server’s reason when the server will not make the cart', async () => {
    server.createCart = async () => {
      throw new ApiRequestError(404, {
        status: 404,
        code: 'cartNotAvailable',
        message: 'Site 18 does not sell online.',
        localizedMessage: 'Op deze site kun je niet online bestellen.',
      })
    }
    await queueChange(SITE, LANGUAGE, add(101))
    expect(await sync()).toBe('empty')
    expect((await view()).refused[0]?.error).toMatchObject({ code: 'cartNotAvailable' })
  })
})
