// npm run bench, third part: the cart.
// - In this process: the cart calculation (src/domain/cart-calculation.ts) per call, in microseconds, for carts of 1,
//   5 and 20 lines of the seed catalogue (a promotion with free products, a percentage off, a discount code, VAT at two
//   rates, shipping and payment costs).
// - Over HTTP at 50 connections, on a fresh embedded database with the server in production mode, beside a bare
//   Fastify hello-world in the same rounds (the ceiling): adding to a cart (POST /api/cart/{id}/products, each request
//   a new change with its own Idempotency-Key, as the app sends them, spread over 200 carts) and the calculation of a
//   stored cart of five lines (POST /api/cartcalculation/{id}/calculate).
// BENCH_DURATION (seconds per case, default 20) and BENCH_ROUNDS (default 5) tune it, as in the other benchmarks.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import { calculateCart, type CalculationInput } from '../src/domain/cart-pricing.ts'
import { calculationTexts } from '../src/domain/cart-texts.ts'
import type { CatalogueProduct } from '../src/domain/product.ts'
import { loadPricingRules } from '../src/server/cart/cart-pricing.ts'
import { loadSiteCatalogue } from '../src/server/catalogue/catalogue.service.ts'
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts'
import { seed } from '../src/server/db/seed/seed.ts'
import { translate } from '../src/server/i18n.ts'
import { readSites } from '../src/server/sites/site.directory.ts'
import {
  DURATION_S,
  median,
  ROUNDS,
  sample,
  startHello,
  startShopApi,
  stopAll,
  thousands,
  type Sample,
} from './harness.ts'

const HELLO_PORT = 18_101
const SHOP_PORT = 18_102
const SITE_HOST = 'equivera-nl.localhost'
const DUTCH = 12
const CARTS = 200
/** Calls per timed batch of the calculation, and batches. */
const BATCH = 1000
const BATCHES = 30

const dir = mkdtempSync(join(tmpdir(), 'shop-cart-bench-'))
const url = `sqlite:${join(dir, 'shop.sqlite')}`

/** A fresh database with the seed, and stock enough that no addition during the run is refused. */
async function prepare() {
  const database = openDatabase(url)
  await migrateToLatest(database.db)
  await seed(database.db)
  await database.db.updateTable('variantStock').set({ amount: 10_000_000 }).execute()
  const site = (await readSites(database.db)).find((s) => s.id === 1)!
  const catalogue = await loadSiteCatalogue(database.db, site, DUTCH)
  const rules = await loadPricingRules(database.db, site)
  await database.close()
  return { catalogue, rules }
}

/** Microseconds per calculation of carts of 1, 5 and 20 lines: median over the batches, and the slowest batch. */
function timeCalculation(products: CatalogueProduct[], rules: CalculationInput['rules']) {
  const orderable = products.filter((p) => p.state === 'available')
  // The promotions' products first (free products, a percentage off), then others.
  const promoted = new Set(rules.promotions.flatMap((p) => p.productVariantIds))
  const ordered = orderable.toSorted(
    (a, b) =>
      Number(b.variants.some((v) => promoted.has(v.productVariantId))) -
      Number(a.variants.some((v) => promoted.has(v.productVariantId))),
  )
  const texts = calculationTexts((key, params) => translate('nl', key, params), 'nl', 'EUR')
  return [1, 5, 20].map((size) => {
    const input: CalculationInput = {
      lines: ordered.slice(0, size).map((product, i) => {
        const variant = product.variants.find((v) => promoted.has(v.productVariantId)) ?? product.variants[0]!
        return {
          item: {
            productId: product.productId,
            productVariantId: variant.productVariantId,
            count: 3 + i,
            rqsSamples: [],
          },
          product,
        }
      }),
      rules,
      discount: {
        code: 'WELKOM10',
        rule: {
          code: 'WELKOM10',
          kind: 'percentage',
          value: 10,
          minimumOrderCents: 2500,
          validFrom: null,
          validTo: null,
        },
      },
      shippingMethod: 0,
      paymentMethodId: 2,
      now: new Date('2026-11-25T12:00:00Z'),
      texts,
    }
    for (let i = 0; i < BATCH * 3; i++) calculateCart(input)
    const perCall: number[] = []
    for (let batch = 0; batch < BATCHES; batch++) {
      const started = performance.now()
      for (let i = 0; i < BATCH; i++) calculateCart(input)
      perCall.push(((performance.now() - started) * 1000) / BATCH)
    }
    return { lines: size, median: median(perCall), worst: Math.max(...perCall) }
  })
}

const shop = `http://127.0.0.1:${SHOP_PORT}`
const headers = { host: SITE_HOST }

async function post(path: string, extra: Record<string, string> = {}) {
  const response = await fetch(`${shop}${path}`, { method: 'POST', headers: { ...headers, ...extra } })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return response.status === 204 ? null : ((await response.json()) as unknown)
}

try {
  console.log('Cart calculation in this process…')
  const { catalogue, rules } = await prepare()
  const calculation = timeCalculation(catalogue.products, rules)

  await startHello(HELLO_PORT)
  await startShopApi(SHOP_PORT, url, dir)
  console.log('Carts over HTTP…')
  const carts: string[] = []
  for (let i = 0; i < CARTS; i++) carts.push(((await post('/api/cart')) as { shoppingcartId: string }).shoppingcartId)
  const variants = catalogue.products
    .filter((p) => p.state === 'available' && p.productType !== 4 && p.productType !== 5)
    .map((p) => p.variants[0]!.productVariantId)
  const calculated = carts[0]!
  for (const variant of variants.slice(0, 5))
    await post(`/api/cart/${calculated}/products?productVariantId=${variant}&quantity=2`)

  const run = `${Date.now().toString(36)}-${process.pid}`
  let change = 0
  const hello: autocannon.Options = { url: `http://127.0.0.1:${HELLO_PORT}/` }
  const add: autocannon.Options = {
    url: shop,
    headers,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = change++
          return {
            ...request,
            path: `/api/cart/${carts[n % CARTS]}/products?productVariantId=${variants[n % variants.length]}&quantity=1`,
            headers: { ...request.headers, 'idempotency-key': `bench-${run}-${n}` },
          }
        },
      },
    ],
  }
  const calculate: autocannon.Options = {
    url: `${shop}/api/cartcalculation/${calculated}/calculate`,
    method: 'POST',
    headers,
  }
  await sample({ ...hello, duration: 2 })
  await sample({ ...add, duration: 2 })
  await sample({ ...calculate, duration: 2 })
  const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS))
  const rounds: { hello: Sample; add: Sample; calculate: Sample }[] = []
  for (let round = 0; round < ROUNDS; round++)
    rounds.push({
      hello: await sample({ ...hello, duration: seconds }),
      add: await sample({ ...add, duration: seconds }),
      calculate: await sample({ ...calculate, duration: seconds }),
    })

  console.log(
    `\nCart calculation in this process (src/domain/cart-calculation.ts), µs per call, ${BATCHES} batches of ${BATCH}:\n`,
  )
  console.table(
    calculation.map((c) => ({
      'lines in the cart': c.lines,
      'median µs': c.median.toFixed(1),
      'slowest batch µs': c.worst.toFixed(1),
    })),
  )
  console.log(
    `\nCart over HTTP at 50 connections, ${ROUNDS} interleaved rounds of ${seconds} s beside the hello-world ceiling, SQLite, Node ${process.version}:\n`,
  )
  const row = (name: string, of: (r: (typeof rounds)[number]) => Sample) => ({
    endpoint: name,
    'req/s (median)': thousands(median(rounds.map((r) => of(r).requestsPerSecond))),
    'ratio to ceiling': `${(median(rounds.map((r) => of(r).requestsPerSecond / r.hello.requestsPerSecond)) * 100).toFixed(1)} %`,
    'p50 ms': median(rounds.map((r) => of(r).p50)),
    'p99 ms (worst round)': Math.max(...rounds.map((r) => of(r).p99)),
    errors: rounds.reduce((sum, r) => sum + of(r).errors, 0),
  })
  console.table([
    row('hello-world (ceiling)', (r) => r.hello),
    row('POST /api/cart/{id}/products (Idempotency-Key)', (r) => r.add),
    row('POST /api/cartcalculation/{id}/calculate (5 lines)', (r) => r.calculate),
  ])
  console.log(`${thousands(change)} changes were made to ${CARTS} carts, each with its own key.`)
} finally {
  stopAll()
  rmSync(dir, { recursive: true, force: true })
}
