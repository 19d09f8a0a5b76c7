// The search benchmark's figures: the tables and the verdicts against the targets, from what the server part and the
// offline part measured.
import { SEARCH_REQUESTS_SEEN } from '../src/server/catalogue/search-answers.ts'
import { CONNECTIONS, DURATION_S, median, ROUNDS, thousands } from './harness.ts'
import type { LoadFigures, SizeFigures, Snapshots } from './search-load.ts'
import { compressedSizes, type OfflineFigures } from './search-offline.ts'
import { FRESH_CYCLE, OFFLINE_TARGET_MS, QUERIES, RUNS, targetP99 } from './search-scenarios.ts'

const mark = (ok: boolean) => (ok ? 'yes' : 'NO')
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0))
const bytes = (count: number) => (count < 10_240 ? `${count} B` : `${(count / 1024).toFixed(1)} KB`)

/** Prints what was measured; `sizes` are the generated variants of each column (0: the seed alone). */
export function printFigures(sizes: number[], figures: SizeFigures[], offline: OfflineFigures, snapshots: Snapshots) {
  const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS))
  console.log(
    `\nProduct search, POST /api/productsearch/search at ${CONNECTIONS} connections, asking for compression as Chromium does, ${ROUNDS} interleaved rounds of ${seconds} s per size and mix beside the hello-world ceiling, SQLite, Node ${process.version}. Repeated: a rotating mix of ${QUERIES.length} bodies (answered from the server's kept answers). New: every request a search never seen before (a cycle of ${FRESH_CYCLE} bodies; the server remembers ${SEARCH_REQUESTS_SEEN} requests asked once and keeps an answer from the second asking).\n`,
  )
  const column = (i: number) => (sizes[i] === 0 ? 'seed' : `seed + ${thousands(sizes[i]!)}`)
  const row = (metric: string, value: (f: SizeFigures, i: number) => string | number) =>
    Object.fromEntries([['metric', metric], ...figures.map((f, i) => [column(i), value(f, i)])])
  const target = (i: number) => targetP99(sizes[i]!)
  const meets = (f: LoadFigures, i: number, p99 = f.p99) => p99 <= target(i) && f.errors === 0
  const mixes = [
    ['repeated', (f: SizeFigures) => f.repeated],
    ['new', (f: SizeFigures) => f.fresh],
  ] as const
  console.table([
    row('products on the site', (f) => thousands(f.products)),
    row('variants on the site', (f) => thousands(f.variants)),
    row('generated in s', (f) => (f.generateMs ? (f.generateMs / 1000).toFixed(1) : '–')),
    row('first request: catalogue load ms', (f) => Math.round(f.loadMs)),
    row('first search: index build ms', (f) => Math.round(f.buildMs)),
    row('first search after a stock change: update ms', (f) => ms(f.stockChangeMs)),
    row('search alone ms, median of queries', (f) => ms(median(f.alone.queries.map((q) => q.median)))),
    row('hello-world ceiling req/s', (f) => thousands(f.ceiling)),
    ...mixes.flatMap(([name, of]) => [
      row(`${name}: req/s (median)`, (f) => thousands(of(f).requestsPerSecond)),
      row(`${name}: ratio to ceiling (median)`, (f) => `${(of(f).ratio * 100).toFixed(of(f).ratio < 0.1 ? 1 : 0)} %`),
      row(`${name}: p50 ms (median)`, (f) => of(f).p50),
      row(`${name}: p99 ms (worst round)`, (f) => of(f).p99),
      row(`${name}: p99 ms, first request per connection left out`, (f) => ms(of(f).steadyP99)),
      row(`${name}: errors`, (f) => of(f).errors),
      row(`${name}: meets target (p99 / steady p99)`, (f, i) =>
        [mark(meets(of(f), i)), mark(meets(of(f), i, of(f).steadyP99))].join(' / '),
      ),
    ]),
    row('target p99', (_, i) => `≤ ${target(i)} ms`),
  ])
  console.log(
    `\nThe search alone (the server's code over the same catalogue in this process, no HTTP), ms median / p99 of ${RUNS} runs:\n`,
  )
  console.table([
    row('index build', (f) => ms(f.alone.buildMs)),
    ...QUERIES.map((query, q) =>
      row(query.name, (f) => `${ms(f.alone.queries[q]!.median)} / ${ms(f.alone.queries[q]!.p99)}`),
    ),
  ])
  for (const [i, f] of figures.entries())
    for (const [name, of] of mixes)
      console.log(
        `${meets(of(f), i) ? 'meets' : 'MISSES'} target: ${column(i)} (${thousands(f.variants)} variants), ${name}: p99 ${of(f).p99} ms, ${ms(of(f).steadyP99)} ms without first requests (≤ ${target(i)} ms), ${of(f).errors} errors`,
      )

  console.log(
    `\nOffline search in Chromium ${offline.chromium} over the seed snapshot (${offline.products} products), ${RUNS} runs per query:\n`,
  )
  const firstBuild = offline.buildMs[0]!
  console.log(
    `index build: ${ms(firstBuild)} ms the first time, ${ms(median(offline.buildMs.slice(1)))} ms warm (median of ${offline.buildMs.length - 1})`,
  )
  console.table(
    QUERIES.map((query, q) => {
      const figuresOf = offline.queries[q]!
      return {
        query: query.name,
        found: figuresOf.totalCount,
        'median ms': ms(figuresOf.median),
        'p95 ms': ms(figuresOf.p95),
        'max ms': ms(figuresOf.max),
        target: `≤ ${OFFLINE_TARGET_MS} ms`,
        'meets target': figuresOf.p95 <= OFFLINE_TARGET_MS ? 'yes' : 'NO',
      }
    }),
  )
  const worst = Math.max(...offline.queries.map((q) => q.p95))
  console.log(
    `${worst <= OFFLINE_TARGET_MS ? 'meets' : 'MISSES'} target: offline search p95 ${ms(worst)} ms at worst (≤ ${OFFLINE_TARGET_MS} ms)`,
  )

  const snapshot = compressedSizes(snapshots.snapshot)
  const delta = compressedSizes(snapshots.emptyDelta)
  console.log('\nOffline catalogue of the Dutch site (GET /api/catalogue/sync), bytes:\n')
  console.table(
    [
      ['snapshot (since=0)', snapshot],
      ['empty delta (since=version)', delta],
    ].map(([what, s]) => {
      const sizesOf = s as ReturnType<typeof compressedSizes>
      return {
        answer: what,
        raw: bytes(sizesOf.raw),
        gzip: bytes(sizesOf.gzip),
        'zstd 3 (as the server sends)': bytes(sizesOf.zstd3),
        'brotli q4': bytes(sizesOf.brotli4),
        'brotli q11': bytes(sizesOf.brotli11),
      }
    }),
  )
  console.log(
    `The server sent the snapshot as ${bytes(snapshots.wire.bytes)} (${snapshots.wire.encoding}); an empty delta is below the 1 KiB the server compresses from.`,
  )
}
