// The search benchmark's offline part: the search as the app runs it in the system Chromium over the seed catalogue's
// snapshot, and the compressed sizes of that snapshot and of an empty delta.
import { mkdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { build } from 'vite'
import { utcDay } from '../src/domain/product-rules.ts'
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts'
import { REQUESTS, RUNS } from './search-scenarios.ts'

export function compressedSizes(text: string) {
  const raw = Buffer.from(text)
  return {
    raw: raw.length,
    gzip: gzipSync(raw).length,
    zstd3: zstdCompressSync(raw).length,
    brotli4: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    brotli11: brotliCompressSync(raw).length,
  }
}

export interface OfflineFigures {
  products: number
  buildMs: number[]
  queries: { totalCount: number; median: number; p95: number; max: number }[]
  chromium: string
}

/**
 * The offline search as the app runs it: catalogue-search.ts bundled for the browser (Vite, library mode), loaded in
 * Chromium from a tiny local server, over the snapshot the app keeps in IndexedDB. The page is cross-origin isolated
 * so performance.now() is precise to 5 µs rather than 100 µs.
 */
export async function measureOffline(snapshot: string, dir: string): Promise<OfflineFigures> {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium (see README)')
  const out = join(dir, 'browser')
  mkdirSync(out, { recursive: true })
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve('.'),
    build: {
      lib: {
        entry: resolve('src/domain/search/catalogue-search.ts'),
        formats: ['es'],
        fileName: () => 'catalogue-search.js',
      },
      outDir: out,
      emptyOutDir: true,
      target: 'es2023',
    },
  })
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>offline search bench</title>' },
    '/catalogue-search.js': { type: 'text/javascript', body: readFileSync(join(out, 'catalogue-search.js')) },
    '/snapshot.json': { type: 'application/json', body: snapshot },
  }
  const server = createServer((request, response) => {
    const file = files[request.url ?? '']
    response.writeHead(file ? 200 : 404, {
      'content-type': file?.type ?? 'text/plain',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    })
    response.end(file?.body ?? 'not found')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    const figures = await page.evaluate(
      async ({ requests, runs, today }) => {
        // The bundle, as the browser loads it (not the module this script imported).
        const bundle = await import('/catalogue-search.js' as string)
        const { products, labels } = await (await fetch('/snapshot.json')).json()
        // The first build is what a shopper waits for (cold code); the others show it warm.
        const buildMs: number[] = []
        let index: { search(request: unknown): { totalCount: number } } | undefined
        for (let i = 0; i < 10; i++) {
          const started = performance.now()
          index = new bundle.CatalogueSearch(products, labels, 'nl', today)
          buildMs.push(performance.now() - started)
        }
        const queries = requests.map((request: unknown) => {
          for (let i = 0; i < 10; i++) index!.search(request)
          const times: number[] = []
          let totalCount = 0
          for (let i = 0; i < runs; i++) {
            const started = performance.now()
            totalCount = index!.search(request).totalCount
            times.push(performance.now() - started)
          }
          times.sort((a, b) => a - b)
          return {
            totalCount,
            median: times[Math.floor(times.length / 2)]!,
            p95: times[Math.ceil(times.length * 0.95) - 1]!,
            max: times.at(-1)!,
          }
        })
        return { products: products.length, buildMs, queries, isolated: crossOriginIsolated }
      },
      { requests: REQUESTS, runs: RUNS, today: utcDay(new Date()) },
    )
    if (!figures.isolated) console.warn('The page is not cross-origin isolated: timings are rounded to 0.1 ms')
    return { ...figures, chromium: browser.version() }
  } finally {
    await browser.close()
    server.close()
  }
}
