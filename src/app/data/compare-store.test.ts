import { beforeEach, describe, expect, it, vi } from 'vitest'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { ShopDatabase, useDatabase } from '../../browser/db.ts'
import { addToCompare, clearCompare, readCompare, removeFromCompare, watchCompare } from './compare-store.ts'

describe('the comparison list', () => {
  let db: ShopDatabase
  beforeEach(() => {
    db = freshDatabase()
  })

  it('holds at most 4 products: a fifth is refused and the list stays as it was', async () => {
    for (const id of [1, 2, 3, 4]) expect(await addToCompare(1, id)).toBe('added')
    expect(await addToCompare(1, 5)).toBe('full')
    expect(await readCompare(1)).toEqual([1, 2, 3, 4])
  })

  it('ignores a product that is already on the list', async () => {
    await addToCompare(1, 7)
    expect(await addToCompare(1, 7)).toBe('present')
    expect(await readCompare(1)).toEqual([7])
  })

  it('keeps a list per site, and removes and clears', async () => {
    await addToCompare(1, 7)
    await addToCompare(1, 8)
    await addToCompare(2, 9)
    await removeFromCompare(1, 7)
    expect(await readCompare(1)).toEqual([8])
    expect(await readCompare(2)).toEqual([9])
    await clearCompare(1)
    expect(await readCompare(1)).toEqual([])
  })

  it('survives a reload: a new connection to the same database reads the same list', async () => {
    await addToCompare(1, 3)
    await addToCompare(1, 4)
    const reopened = new ShopDatabase(db.name, db._options)
    useDatabase(reopened)
    expect(await readCompare(1)).toEqual([3, 4])
  })

  it('reads a stored value that fails the check as an empty list', async () => {
    await db.compare.put({ siteId: 1, productIds: ['x', 1, 2, 3, 4, 5] })
    expect(await readCompare(1)).toEqual([])
    expect(await addToCompare(1, 6)).toBe('added')
    expect(await readCompare(1)).toEqual([6])
  })

  it('tells watchers about every change', async () => {
    const seen: number[][] = []
    const stop = watchCompare(1, (ids) => seen.push(ids))
    await vi.waitFor(() => expect(seen).toEqual([[]]))
    await addToCompare(1, 2)
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([2]))
    stop()
    expect(seen[0]).toEqual([])
  })
})
