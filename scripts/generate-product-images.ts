// Writes every product image of the seed catalogue into the build (dist/client/images/products/): each product's
// three gallery views in the four responsive widths, named as the app links them (productImageUrl). The last step of
// `npm run build`, after `vite build` has emptied dist/client.
//
// Rendering all of them takes a while (the 1280 px WebP encodes), so finished files are kept in
// node_modules/.cache/product-images/ and a rebuild copies them. A file's name is content-addressed (the product key
// and a hash of motif, colour and IMAGE_RENDER_VERSION), and the cache folder is also named after the renderer's
// source and sharp's version, so a changed drawing or encoder never copies a stale picture.
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { writeWhole } from './write-whole.ts'
import {
  IMAGE_VIEWS,
  IMAGE_WIDTHS,
  productImageName,
  productImageUrl,
  PRODUCT_IMAGE_PATH,
  type ImageView,
  type ImageWidth,
} from '../src/domain/product-images.ts'
import { renderProductImage, type Motif } from '../src/server/catalogue/product-image.ts'
import { loadCatalogueSeed } from '../src/server/db/seed/catalogue-data.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const RENDERER = fileURLToPath(new URL('../src/server/catalogue/product-image.ts', import.meta.url))

type Product = { key: string; image: { motif: Motif; colour: string } }

interface ImageJob {
  file: string
  motif: Motif
  colour: string
  view: ImageView
  width: ImageWidth
}

export interface GenerateResult {
  files: number
  rendered: number
  cached: number
  bytes: number
  seconds: number
}

/** Every image file of the catalogue, by file name. */
export function imageJobs(products: Product[]): ImageJob[] {
  return products.flatMap(({ key, image: { motif, colour } }) =>
    IMAGE_VIEWS.flatMap((view) =>
      IMAGE_WIDTHS.map((width) => ({
        file: productImageUrl(productImageName(key, motif, colour), view, width).slice(PRODUCT_IMAGE_PATH.length),
        motif,
        colour,
        view,
        width,
      })),
    ),
  )
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

export interface GenerateOptions {
  products?: Product[]
  outDir?: string
  cacheRoot?: string
  concurrency?: number
}

export async function generateProductImages({
  products = loadCatalogueSeed().products,
  outDir = join(ROOT, 'dist/client', PRODUCT_IMAGE_PATH),
  cacheRoot = join(ROOT, 'node_modules/.cache/product-images'),
  concurrency = availableParallelism(),
}: GenerateOptions = {}): Promise<GenerateResult> {
  const started = performance.now()
  const renderer = createHash('sha256')
    .update(readFileSync(RENDERER))
    .update(JSON.stringify(sharp.versions))
    .digest('hex')
    .slice(0, 12)
  const cacheDir = join(cacheRoot, renderer)
  mkdirSync(cacheDir, { recursive: true })
  // Caches of earlier renderers are never read again.
  for (const entry of readdirSync(cacheRoot))
    if (entry !== renderer) rmSync(join(cacheRoot, entry), { recursive: true })
  // Written beside the folder and moved in at the end, so the folder only exists complete (build-if-needed.ts
  // rebuilds when it is missing).
  const target = outDir.replace(/[/\\]$/, '')
  const writing = `${target}.partial`
  rmSync(writing, { recursive: true, force: true })
  mkdirSync(writing, { recursive: true })

  // One job per core, each rendering on one thread, so libvips' own threads do not compete with the jobs for cores.
  sharp.concurrency(1)
  const jobs = imageJobs(products)
  const result = { files: jobs.length, rendered: 0, cached: 0, bytes: 0 }
  await eachLimited(jobs, concurrency, async ({ file, motif, colour, view, width }) => {
    const cached = join(cacheDir, file)
    if (existsSync(cached)) {
      copyFileSync(cached, join(writing, file))
      result.bytes += statSync(cached).size
      result.cached++
      return
    }
    const image = await renderProductImage(motif, colour, view, width)
    writeFileSync(join(writing, file), image)
    // Whole or not at all, so an interrupted run never leaves half a file to be copied later.
    writeWhole(cached, image)
    result.bytes += image.length
    result.rendered++
  })
  rmSync(target, { recursive: true, force: true })
  renameSync(writing, target)
  // Images of products no longer in the catalogue.
  const current = new Set(jobs.map((job) => job.file))
  for (const entry of readdirSync(cacheDir)) {
    if (!current.has(entry) && !entry.endsWith('.tmp')) rmSync(join(cacheDir, entry), { force: true })
  }
  return { ...result, seconds: (performance.now() - started) / 1000 }
}

if (import.meta.main) {
  const { files, rendered, cached, bytes, seconds } = await generateProductImages()
  console.log(
    `product images: ${files} files (${rendered} rendered, ${cached} from cache), ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB, ${seconds.toFixed(1)} s`,
  )
}
