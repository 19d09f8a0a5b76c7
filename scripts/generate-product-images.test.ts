import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PRODUCT_IMAGE_PATH, productImageName, productImageUrl } from '../src/domain/product-images.ts'
import { loadCatalogueSeed } from '../src/server/db/seed/catalogue-data.ts'
import { generateProductImages, imageJobs } from './generate-product-images.ts'

const dir = mkdtempSync(join(tmpdir(), 'product-images-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('generate-product-images', () => {
  it('names a file for every product, view and width, as the app links them', () => {
    const { products } = loadCatalogueSeed()
    const files = imageJobs(products).map((job) => job.file)
    expect(files).toHaveLength(products.length * 3 * 4)
    expect(new Set(files).size).toBe(files.length)
    const { key, image } = products[0]!
    expect(files).toContain(
      productImageUrl(productImageName(key, image.motif, image.colour), 'scene', 640).slice(PRODUCT_IMAGE_PATH.length),
    )
  })

  it('renders once, then copies from its cache, and drops what the catalogue no longer has', async () => {
    const options = { outDir: join(dir, 'out/images/products/'), cacheRoot: join(dir, 'cache'), concurrency: 2 }
    const first = await generateProductImages({
      ...options,
      products: [{ key: 'test-muesli', image: { motif: 'bag', colour: '#1f5f3a' } }],
    })
    expect(first).toMatchObject({ files: 12, rendered: 12, cached: 0 })
    const out = join(dir, 'out/images/products')
    const files = readdirSync(out).toSorted()
    expect(files).toHaveLength(12)
    const bytes = files.map((file) => readFileSync(join(out, file)))
    expect(first.bytes).toBe(bytes.reduce((sum, file) => sum + file.length, 0))

    writeFileSync(join(out, 'left-over.webp'), '')
    const second = await generateProductImages({
      ...options,
      products: [{ key: 'test-muesli', image: { motif: 'bag', colour: '#1f5f3a' } }],
    })
    expect(second).toMatchObject({ files: 12, rendered: 0, cached: 12, bytes: first.bytes })
    expect(readdirSync(out).toSorted()).toEqual(files)
    expect(files.map((file) => readFileSync(join(out, file)))).toEqual(bytes)
    expect(existsSync(`${out}.partial`)).toBe(false)

    const third = await generateProductImages({
      ...options,
      products: [{ key: 'test-brush', image: { motif: 'brush', colour: '#8a5a00' } }],
    })
    expect(third).toMatchObject({ rendered: 12, cached: 0 })
    const [cache] = readdirSync(join(dir, 'cache'))
    expect(readdirSync(join(dir, 'cache', cache!)).every((file) => file.startsWith('test-brush-'))).toBe(true)
  })
})
