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
})
