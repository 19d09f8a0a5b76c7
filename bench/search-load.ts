// The search benchmark's server part: a fresh database per catalogue size, the first request's and first search's
// costs, a stock change, then the mixes under load at 50 connections beside the hello-world ceiling, and the search
// alone (the server's code in this process) over the same catalogue, with the offline catalogue's answers.
import { rmSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { CatalogueSyncSchema, type CatalogueSync } from '../src/domain/catalogue-api.ts'
import type { SearchRequest } from '../src/domain/catalogue.ts'
import { utcDay } from '../src/domain/product-rules.ts'
import { CatalogueSearch } from '../src/domain/search/catalogue-search.ts'
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts'
import { seed } from '../src/server/db/seed/seed.ts'
import { CHECK_INTERVAL_MS } from '../src/server/catalogue/catalogue-cache.ts'
import { setStock } from '../src/server/catalogue/catalogue.repository.ts'
import { generateCatalogue } from './generate-catalogue.ts'
import { CONNECTIONS, DURATION_S, median, percentile, ROUNDS, startShopApi, stop } from './harness.ts'
import { ACCEPT_ENCODING, freshBody, QUERIES, REQUESTS, RUNS } from './search-scenarios.ts'

export const HELLO_PORT = 18_091
const SHOP_PORT = 18_092
const SITE_HOST = 'equivera-nl.localhost' // site 1, Dutch
interface Sample {
  requestsPerSecond: number
  p50: number
  p99: number
  /** p99 without each connection's first request (see below). */
  steadyP99: number
  errors: number
}

/**
 * One autocannon run. Its 50 connections open at once, and their first answers come one connection after another,
 * each after more answers on the connections already open (the wait grows with a connection's place, against the
 * hello-world too: up to about a second at 1 ms a request). With 2-second rounds those first requests alone are 1 to 2 %
 * of a slow size's requests, so each run's p99 is also taken without them: the steady state of 50 open connections.
 */
async function sample(options: autocannon.Options): Promise<Sample> {
  const seen = new WeakSet<object>()
  const steady: number[] = []
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const run = autocannon({ connections: CONNECTIONS, ...options }, (error, finished) =>
      error ? fail(error) : done(finished),
    )
    run.on('response', (client, _status, _bytes, milliseconds) => {
      if (seen.has(client)) steady.push(milliseconds)
      else seen.add(client)
    })
  })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    steadyP99: steady.length > 0 ? percentile(steady, 99) : 0,
    errors: result.errors + result.non2xx,
  }
}

const shop = `http://127.0.0.1:${SHOP_PORT}`
const searchUrl = `${shop}/api/productsearch/search`
const shopHeaders = { host: SITE_HOST }

async function search(body: unknown): Promise<{ totalCount: number; milliseconds: number }> {
  const started = performance.now()
  const response = await fetch(searchUrl, {
    method: 'POST',
    // Plain, like autocannon's requests: fetch would ask for brotli otherwise.
    headers: { ...shopHeaders, 'content-type': 'application/json', 'accept-encoding': 'identity' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`)
  const { totalCount } = (await response.json()) as { totalCount: number }
  return { totalCount, milliseconds: performance.now() - started }
}

/** A fresh database: migrated, seeded, plus generated variants; returns its URL and what it took. */
async function prepareDatabase(variants: number, dir: string): Promise<{ url: string; generateMs: number }> {
  const url = `sqlite:${join(dir, `shop-${variants}.sqlite`)}`
  const database = openDatabase(url)
  try {
    await migrateToLatest(database.db)
    await seed(database.db)
    const generated = variants > 0 ? await generateCatalogue(database.db, { variants }) : null
    return { url, generateMs: generated?.milliseconds ?? 0 }
  } finally {
    await database.close()
  }
}

/** Sets the stock of a variant on the Dutch site, the way an order will: one product gets a new catalogue version. */
async function changeStock(url: string): Promise<void> {
  const database = openDatabase(url)
  try {
    const { variantId } = await database.db
      .selectFrom('variantPrices')
      .select('variantId')
      .where('siteId', '=', 1)
      .orderBy('variantId')
      .executeTakeFirstOrThrow()
    await setStock(database.db, variantId, 7, new Date())
  } finally {
    await database.close()
  }
}

async function countSiteVariants(url: string): Promise<number> {
  const database = openDatabase(url)
  try {
    const row = await database.db
      .selectFrom('variantPrices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('siteId', '=', 1)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  } finally {
    await database.close()
  }
}

export interface QueryTimes {
  totalCount: number
  median: number
  p95: number
  p99: number
}

/** Times each query `RUNS` times after 10 to warm up. */
function timeQueries(run: (request: SearchRequest) => number): QueryTimes[] {
  return REQUESTS.map((request) => {
    for (let i = 0; i < 10; i++) run(request)
    const times: number[] = []
    let totalCount = 0
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      totalCount = run(request)
      times.push(performance.now() - started)
    }
    return { totalCount, median: median(times), p95: percentile(times, 95), p99: percentile(times, 99) }
  })
}

/** The server's search code on a catalogue snapshot, here in this process: no HTTP, no JSON, just the search. */
function searchAlone(snapshot: string): SizeFigures['alone'] {
  const { products, labels } = JSON.parse(snapshot) as CatalogueSync
  const started = performance.now()
  const index = new CatalogueSearch(products, labels!, 'nl', utcDay(new Date()))
  const buildMs = performance.now() - started
  return { buildMs, queries: timeQueries((request) => index.search(request).totalCount) }
}

/** One mix under load, over the rounds: medians of req/s, ratio and p50, the worst round's p99s, all errors. */
export interface LoadFigures {
  requestsPerSecond: number
  ratio: number
  p50: number
  p99: number
  steadyP99: number
  errors: number
}

export interface SizeFigures {
  variants: number
  products: number
  generateMs: number
  loadMs: number
  buildMs: number
  /** The first search after a stock change (the server reads the changed product again, keeps its index). */
  stockChangeMs: number
  /** The search alone, in this process over the same catalogue: index build and per query median and p99. */
  alone: { buildMs: number; queries: QueryTimes[] }
  ceiling: number
  repeated: LoadFigures
  fresh: LoadFigures
}

function loadFigures(samples: Sample[], ceilings: Sample[]): LoadFigures {
  return {
    requestsPerSecond: median(samples.map((s) => s.requestsPerSecond)),
    ratio: median(samples.map((s, round) => s.requestsPerSecond / ceilings[round]!.requestsPerSecond)),
    p50: median(samples.map((s) => s.p50)),
    p99: Math.max(...samples.map((s) => s.p99)),
    steadyP99: Math.max(...samples.map((s) => s.steadyP99)),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  }
}

/**
 * The server on a catalogue of this size: first-request costs, then the mix under load; the search alone over the same
 * catalogue; and the offline catalogue's answers when asked.
 */
export async function measureSize(
  generated: number,
  withSnapshots: boolean,
  dir: string,
): Promise<{ figures: SizeFigures; snapshots: Snapshots | null }> {
  const { url, generateMs } = await prepareDatabase(generated, dir)
  const variants = await countSiteVariants(url)
  const server = await startShopApi(SHOP_PORT, url, dir)
  try {
    // The first request loads the catalogue (database and checks); the first search builds the index on top.
    const started = performance.now()
    const labels = await fetch(`${shop}/api/catalogue/labels`, { headers: shopHeaders })
    if (!labels.ok) throw new Error(`labels answered ${labels.status}`)
    const loadMs = performance.now() - started
    const first = await search(QUERIES[0]!.body)
    const again: number[] = []
    for (let i = 0; i < 5; i++) again.push((await search(QUERIES[0]!.body)).milliseconds)
    const buildMs = first.milliseconds - median(again)
    for (const query of QUERIES) await search(query.body) // a warm-up request per query
    const products = (await search({ filter: { searchTerm: '' } })).totalCount
    // A stock change from another process: the server sees the new version within its check interval, then its next
    // request brings the catalogue up to date.
    await changeStock(url)
    await new Promise((done) => setTimeout(done, CHECK_INTERVAL_MS + 100))
    const afterChange = await search({ filter: { searchTerm: 'senior' } })
    const stockChangeMs = afterChange.milliseconds - median(again)

    const hello = { url: `http://127.0.0.1:${HELLO_PORT}/` }
    const headers = { ...shopHeaders, 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING }
    const repeated: autocannon.Options = {
      url: searchUrl,
      headers,
      requests: QUERIES.map((query) => ({ method: 'POST' as const, body: JSON.stringify(query.body) })),
    }
    const fresh: autocannon.Options = {
      url: searchUrl,
      headers,
      requests: [{ method: 'POST' as const, setupRequest: (request) => ({ ...request, body: freshBody() }) }],
    }
    // Warm-up (JIT, caches), then short interleaved rounds: the machine's speed drifts, so each round's search is
    // compared with the ceiling of that round.
    await sample({ ...hello, duration: 2 })
    await sample({ ...repeated, duration: 2 })
    await sample({ ...fresh, duration: 2 })
    const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS))
    const ceilings: Sample[] = []
    const repeatedRounds: Sample[] = []
    const freshRounds: Sample[] = []
    for (let round = 0; round < ROUNDS; round++) {
      ceilings.push(await sample({ ...hello, duration: seconds }))
      repeatedRounds.push(await sample({ ...repeated, duration: seconds }))
      freshRounds.push(await sample({ ...fresh, duration: seconds }))
    }
    // Only now the whole catalogue comes into this process (a big heap here would disturb autocannon).
    const snapshots = await fetchSnapshots(withSnapshots)
    const alone = searchAlone(snapshots.snapshot)
    const figures = {
      variants,
      products,
      generateMs,
      loadMs,
      buildMs,
      stockChangeMs,
      alone,
      ceiling: median(ceilings.map((s) => s.requestsPerSecond)),
      repeated: loadFigures(repeatedRounds, ceilings),
      fresh: loadFigures(freshRounds, ceilings),
    }
    return { figures, snapshots: withSnapshots ? snapshots : null }
  } finally {
    await stop(server)
    rmSync(url.replace(/^sqlite:/, ''), { force: true })
  }
}

export interface Snapshots {
  snapshot: string
  emptyDelta: string
  wire: { bytes: number; encoding: string }
}

/** What the server really sends (fetch would decode it): body bytes and content encoding. */
function bytesOnTheWire(url: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; encoding: string }>((done, fail) => {
    get(url, { headers }, (response) => {
      let sent = 0
      response.on('data', (chunk: Buffer) => (sent += chunk.length))
      response.on('end', () =>
        done({ bytes: sent, encoding: String(response.headers['content-encoding'] ?? 'identity') }),
      )
    }).on('error', fail)
  })
}

/**
 * The offline catalogue's snapshot (since=0), as the app fetches it; with `all`, also an empty delta (since=its
 * version) and what the server sends of the snapshot.
 */
async function fetchSnapshots(all: boolean): Promise<Snapshots> {
  const snapshot = await (await fetch(`${shop}/api/catalogue/sync?since=0`, { headers: shopHeaders })).text()
  if (!all) return { snapshot, emptyDelta: '', wire: { bytes: 0, encoding: '' } }
  const { version } = CatalogueSyncSchema.parse(JSON.parse(snapshot))
  const emptyDelta = await (await fetch(`${shop}/api/catalogue/sync?since=${version}`, { headers: shopHeaders })).text()
  const wire = await bytesOnTheWire(`${shop}/api/catalogue/sync?since=0`, {
    ...shopHeaders,
    'accept-encoding': ACCEPT_ENCODING,
  })
  return { snapshot, emptyDelta, wire }
}
