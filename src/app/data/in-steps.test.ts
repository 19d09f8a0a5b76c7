import { describe, expect, it, vi } from 'vitest'

const order: string[] = []
vi.mock('../api/shop-api.ts', () => ({
  loadSchemas: vi.fn(async () => {
    order.push('schemas')
  }),
}))
vi.mock('../../browser/db.ts', () => {
  order.push('dexie')
  return {}
})

const { inSteps, storeDependencies } = await import('./in-steps.ts')

describe('inSteps', () => {
  it('loads a store after the schemas and Dexie, each once, whichever store asks first', async () => {
    const compare = inSteps(async () => {
      order.push('compare store')
      return { name: 'compare' }
    })
    const cart = inSteps(async () => {
      order.push('cart store')
      return { name: 'cart' }
    })
    const [first, second] = await Promise.all([compare(), cart()])
    expect(first).toEqual({ name: 'compare' })
    expect(second).toEqual({ name: 'cart' })
    expect(order).toEqual(['schemas', 'dexie', 'compare store', 'cart store'])
    expect(storeDependencies()).toBe(storeDependencies())
  })

  it('loads stores asked for together one after the other, each in a task of its own', async () => {
    const steps: string[] = []
    const store = (name: string) =>
      inSteps(async () => {
        steps.push(`${name} starts`)
        // A task queued while this store loads runs before the next store starts: that one waits for a task.
        setTimeout(() => steps.push(`a task after ${name}`), 0)
        await Promise.resolve()
        steps.push(`${name} ends`)
        return name
      })
    const names = await Promise.all([store('cart')(), store('compare')(), store('catalogue')()])
    expect(names).toEqual(['cart', 'compare', 'catalogue'])
    expect(steps.slice(0, 7)).toEqual([
      'cart starts',
      'cart ends',
      'a task after cart',
      'compare starts',
      'compare ends',
      'a task after compare',
      'catalogue starts',
    ])
  })

  it('answers a store loaded before without waiting for a task', async () => {
    const store = inSteps(async () => 'loaded')
    await store()
    let settled = false
    void store().then(() => (settled = true))
    await Promise.resolve()
    await Promise.resolve()
    expect(settled).toBe(true)
  })

  it('loads a store asked for twice while it loads once', async () => {
    let loads = 0
    const store = inSteps(async () => ++loads)
    expect(await Promise.all([store(), store()])).toEqual([1, 1])
  })

  it('goes on with the next store when one fails to load, and tries the failed one again when asked', async () => {
    let attempts = 0
    const failingOnce = inSteps(async () => {
      attempts++
      if (attempts === 1) throw new Error('offline')
      return 'back'
    })
    const next = inSteps(async () => 'next')
    await expect(failingOnce()).rejects.toThrow('offline')
    await expect(next()).resolves.toBe('next')
    await expect(failingOnce()).resolves.toBe('back')
  })
})
