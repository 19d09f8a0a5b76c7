// Where reorder learns about the products: the device's catalogue when there is one (a product it lacks is not sold),
// else the server while online, else nobody (the server decides when the change is sent).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { product, syncOf, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { applySync } from '../data/catalogue-store.ts'
import { knownProducts } from './use-reorder.ts'

type Lookup = (id: number) => Promise<CatalogueProduct>

const scope = { siteId: 1, languageId: 12, language: 'nl' } as const
const muesli = product(1, { variants: [variant(101, { stock: 3 })] })

describe('the products a reorder is checked against', () => {
  beforeEach(() => {
    freshDatabase()
  })

  it("reads the device's catalogue and never asks the server when there is one", async () => {
    await applySync(scope, syncOf({ products: [muesli] }))
    const api = { productByVariant: vi.fn<Lookup>() }
    const known = await knownProducts([101, 901], scope, api, true)
    expect(known.get(101)).toEqual(muesli)
    expect(known.get(901)).toBe('notSold')
    expect(api.productByVariant).not.toHaveBeenCalled()
  })

  it('asks the server without a catalogue on the device: a 404 is not sold, no answer is unknown', async () => {
    const api = {
      productByVariant: vi.fn<Lookup>(async (id: number) => {
        if (id === 101) return muesli
        if (id === 901) throw new ApiRequestError(404, { code: 'notFound' })
        throw new ApiRequestError(503, null)
      }),
    }
    const known = await knownProducts([101, 901, 201], scope, api, true)
    expect(known.get(101)).toEqual(muesli)
    expect(known.get(901)).toBe('notSold')
    expect(known.get(201)).toBe('unknown')
  })

  it('knows nothing offline without a catalogue', async () => {
    const api = { productByVariant: vi.fn<Lookup>() }
    const known = await knownProducts([101], scope, api, false)
    expect(known.get(101)).toBe('unknown')
    expect(api.productByVariant).not.toHaveBeenCalled()
  })
})
