import { describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { product, syncOf } from '../../../tests/helpers/catalogue-fixtures.ts'
import type { Transport } from '../../browser/transport.ts'
import { createShopApi } from './shop-api.ts'

const answering =
  (body: unknown): Transport =>
  async () => ({ status: 200, body, headers: new Headers() })

describe('catalogueSync', () => {
  it('checks every product of a sync, in its order', async () => {
    const products = Array.from({ length: 60 }, (_, index) => product(index + 1))
    const sync = syncOf({ products })
    const api = createShopApi(answering(JSON.parse(JSON.stringify(sync))), { siteId: 1, languageId: 12 })
    const received = await api.catalogueSync(0)
    expect(received.products.map((p) => p.productId)).toEqual(products.map((p) => p.productId))
    expect(received).toEqual(sync)
  })

  it('refuses a sync with a product that fails its schema', async () => {
    const body = { ...syncOf({}), products: [product(1), { ...product(2), name: 42 }, product(3)] }
    const api = createShopApi(answering(JSON.parse(JSON.stringify(body))), { siteId: 1, languageId: 12 })
    await expect(api.catalogueSync(0)).rejects.toBeInstanceOf(ZodError)
  })
})
