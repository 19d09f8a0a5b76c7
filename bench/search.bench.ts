// npm run bench, second part: the product search as the catalogue grows. For the seed catalogue and for generated
// catalogues (bench/generate-catalogue.ts; default 10 000 and 100 000 variants on the Dutch site), each on a fresh
// embedded database with the server in production mode (one at a time): the catalogue load of the first request and the
// index build of the first search, then requests/s and p50/p99 latency of a rotating mix of search bodies at 50
// connections beside a bare Fastify hello-world measured in the same rounds (the ceiling), twice: requests repeated
// (shoppers asking what others asked, answered from the server's kept answers) and every request a new search (more
// distinct requests than the server remembers: the search, writing and compression every time); and the search alone (the
// same code in this process, no HTTP). Requests ask for compression as Chromium does. Targets: p99 ≤ 20 ms up to
// 10 000 variants, ≤ 50 ms at 100 000.
// Then the offline search: catalogue-search.ts bundled for the browser and run in the system Chromium over the seed
// catalogue's snapshot (target ≤ 50 ms a query), and the compressed size of that snapshot and of an empty delta.
//
//   npm run bench -- --variants 10000,100000      (the seed catalogue is always measured; sizes as a list)
//
// BENCH_DURATION (seconds per size, default 20) and BENCH_ROUNDS (default 5) tune it, as in api.bench.ts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startHello, stopAll, thousands } from './harness.ts'
import { printFigures } from './search-figures.ts'
import { HELLO_PORT, measureSize, type SizeFigures, type Snapshots } from './search-load.ts'
import { measureOffline } from './search-offline.ts'

const { values: args } = parseArgs({ options: { variants: { type: 'string', multiple: true } } })
const generatedSizes = (args.variants ?? ['10000,100000'])
  .flatMap((list) => list.split(','))
  .map((size) => (size === 'seed' ? 0 : Number(size.replaceAll('_', ''))))
if (generatedSizes.some((size) => !Number.isInteger(size) || size < 0)) {
  console.error('usage: npm run bench -- --variants 10000,100000   (generated variants on top of the seed; seed = 0)')
  process.exit(2)
}
const sizes = [...new Set([0, ...generatedSizes])].toSorted((a, b) => a - b)

const dir = mkdtempSync(join(tmpdir(), 'shop-search-bench-'))

try {
  await startHello(HELLO_PORT)
  let snapshots: Snapshots | null = null
  const figures: SizeFigures[] = []
  for (const size of sizes) {
    console.log(size === 0 ? 'Search on the seed catalogue…' : `Search with ${thousands(size)} generated variants…`)
    const measured = await measureSize(size, size === 0, dir)
    figures.push(measured.figures)
    snapshots ??= measured.snapshots
  }
  console.log('Offline search in Chromium…')
  const offline = await measureOffline(snapshots!.snapshot, dir)
  printFigures(sizes, figures, offline, snapshots!)
} finally {
  stopAll()
  rmSync(dir, { recursive: true, force: true })
}
