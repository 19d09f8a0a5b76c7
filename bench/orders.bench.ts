// npm run bench, last part: placing an order (POST /api/cart/{id}/order), on SQLite and, when BENCH_POSTGRES_URL names
// a PostgreSQL server (a database is made on it for the run and dropped after), on PostgreSQL, each server in
// production mode beside a bare Fastify hello-world in the same interleaved rounds (the ceiling).
// - Every request places its own ready cart (one line of Sport Muesli, billing details with a Dutch address, a
//   payment method of the site) with its own Idempotency-Key, as the checkout sends it. The carts are copies of one
//   made through the API, written straight into the database before each timed run, enough for it; the stock is
//   raised before the server starts, so no placement is refused.
// - A placement includes starting its payment at the built-in test provider (a row of its own and a payment row, then
//   the order created → open): what a shopper waits for before being sent to pay.
// - At 20 connections, and at 1 (one placement at a time): on PostgreSQL every placement locks the catalogue state's
//   row and its site's order counter row until it commits (docs/orders.md), so the two show how far placements run
//   side by side. During the PostgreSQL runs at 20 connections the bench polls pg_stat_activity for what the
//   placements' sessions are doing (waiting for a row lock, and on which statement).
// - At the end: the orders placed, and per site that their numbers run 1…n without gaps or doubles.
// BENCH_DURATION (seconds per case, default 20) and BENCH_ROUNDS (default 5) tune it, as in the other benchmarks.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import { Client } from 'pg'
import { migrateToLatest, openDatabase, type Db } from '../src/server/db/database.ts'
import { seed } from '../src/server/db/seed/seed.ts'
import { readSites } from '../src/server/sites/site.directory.ts'
import {
  DURATION_S,
  median,
  ROUNDS,
  sample,
  startHello,
  startShop,
  stopAll,
  thousands,
  type Sample,
} from './harness.ts'

const HELLO_PORT = 18_301
const SQLITE_PORT = 18_302
const POSTGRES_PORT = 18_303
const SITE_HOST = 'equivera-nl.localhost' // site 1
const SPORT_MUESLI = 101
const CONNECTIONS = 20
/** Ready carts per timed run: the fastest rate seen so far times the run's length, with room to spare. */
const HEADROOM = 1.5
const FIRST_GUESS_PER_S = 800

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL
const dir = mkdtempSync(join(tmpdir(), 'shop-orders-bench-'))
const run = `${Date.now().toString(36)}-${process.pid}`
/** Closed and dropped at the end, whatever happened. */
const handles: (() => Promise<void>)[] = []
const drops: (() => Promise<void>)[] = []

/** A database of its own on the PostgreSQL server of BENCH_POSTGRES_URL, dropped after the run. */
async function createPostgresDatabase(adminUrl: string) {
  const name = `shop_bench_${randomBytes(6).toString('hex')}`
  const admin = new Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

interface Target {
  name: string
  port: number
  url: string
  /** The bench's own connection: ready carts are written and orders counted through it. */
  db: Db
  /** Ready carts not placed yet; each request takes the next. */
  carts: string[]
  next: number
  template: string
  fastest: number
}

/** The seed on a fresh database, with stock enough that no placement of the run is refused. */
async function prepare(url: string) {
  const handle = openDatabase(url)
  await migrateToLatest(handle.db)
  await seed(handle.db)
  await handle.db.updateTable('variantStock').set({ amount: 10_000_000 }).execute()
  return handle
}

/** A database with the seed and the stock raised, for the server to be started on. */
async function newTarget(name: string, port: number, url: string): Promise<Target> {
  const handle = await prepare(url)
  handles.push(() => handle.close())
  return { name, port, url, db: handle.db, carts: [], next: 0, template: '', fastest: 0 }
}

async function call(port: number, method: string, path: string, body?: object, extra: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { host: SITE_HOST, ...(body && { 'content-type': 'application/json' }), ...extra },
    ...(body && { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return response.status === 204 ? null : ((await response.json()) as unknown)
}

/** One cart made as the checkout makes it: a line, billing details with a Dutch address, a payment method. */
async function templateCart(port: number, db: Db): Promise<string> {
  const nl = await db.selectFrom('countries').select('id').where('regionCode', '=', 'NL').executeTakeFirstOrThrow()
  const site = (await readSites(db)).find((s) => s.domains.includes(SITE_HOST))!
  const { shoppingcartId: id } = (await call(port, 'POST', '/api/cart')) as { shoppingcartId: string }
  await call(port, 'POST', `/api/cart/${id}/products?productVariantId=${SPORT_MUESLI}&quantity=1`)
  await call(port, 'POST', `/api/cart/${id}/billing`, {
    firstName: 'Anna',
    lastName: 'de Vries',
    phoneNumber: '+31612345678',
    emailAddress: 'anna@example.com',
    address: {
      zipcode: '1011 WU',
      street: 'Prins Bernhardlaan',
      streetNumber: '1',
      streetNumberAddition: '',
      city: 'Amsterdam',
      countryId: nl.id,
    },
  })
  await call(port, 'POST', `/api/cart/${id}/payment`, { paymentMethodId: site.paymentMethods[0]!.paymentMethodId })
  return id
}

/** Copies of the template cart and its lines, written in batches; answers their ids. */
async function copyCart(db: Db, template: string, count: number): Promise<string[]> {
  const cart = await db.selectFrom('carts').selectAll().where('id', '=', template).executeTakeFirstOrThrow()
  const lines = await db.selectFrom('cartLines').selectAll().where('cartId', '=', template).execute()
  const ids = Array.from({ length: count }, () => randomUUID())
  for (let from = 0; from < ids.length; from += 500) {
    const batch = ids.slice(from, from + 500)
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('carts')
        .values(batch.map((id) => ({ ...cart, id })))
        .execute()
      await trx
        .insertInto('cartLines')
        .values(batch.flatMap((id) => lines.map((line) => ({ ...line, cartId: id }))))
        .execute()
    })
  }
  return ids
}

/** Enough ready carts for `seconds` at the fastest rate seen (a first guess before any). */
async function topUp(target: Target, seconds: number) {
  const need = Math.ceil(Math.max(target.fastest, FIRST_GUESS_PER_S) * seconds * HEADROOM) + 100
  const left = target.carts.length - target.next
  if (left < need) target.carts.push(...(await copyCart(target.db, target.template, need - left)))
}

function placing(target: Target, connections: number): autocannon.Options {
  return {
    url: `http://127.0.0.1:${target.port}`,
    connections,
    headers: { host: SITE_HOST },
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = target.next++
          // Past the ready carts a request gets 404 and counts as an error (topUp leaves room, so it should not).
          const cart = target.carts[n] ?? randomUUID()
          return {
            ...request,
            path: `/api/cart/${cart}/order`,
            headers: { ...request.headers, 'idempotency-key': `bench-${run}-${target.name}-${n}` },
          }
        },
      },
    ],
  }
}

async function countOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Waits until the placements still in the server when a run ends are done (autocannon stops waiting, the server does
 * not): every cart handed out placed, or no new order for half a second. Else they would queue before the next run.
 */
async function settle(target: Target) {
  let last = -1
  for (let quiet = 0; quiet < 5;) {
    const count = await countOrders(target.db)
    if (count >= target.next) return
    quiet = count === last ? quiet + 1 : 0
    last = count
    await new Promise((done) => setTimeout(done, 100))
  }
}

async function place(target: Target, connections: number, seconds: number): Promise<Sample> {
  await topUp(target, seconds)
  const result = await sample({ ...placing(target, connections), duration: seconds })
  await settle(target)
  target.fastest = Math.max(target.fastest, result.requestsPerSecond)
  return result
}

/**
 * What the placements' sessions do on PostgreSQL, polled while `during` runs: per poll the sessions running a
 * statement, those of them waiting for a lock (and on which statement), and those in a transaction but idle (the
 * server working between statements, its locks held).
 */
async function watchLocks<T>(url: string, during: () => Promise<T>) {
  const client = new Client({ connectionString: url })
  await client.connect()
  const totals = { polls: 0, active: 0, waiting: 0, idleInTransaction: 0 }
  const waitingOn = new Map<string, number>()
  const stopped = new AbortController()
  const poll = async () => {
    while (!stopped.signal.aborted) {
      const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
        `select state, wait_event_type as wait, left(query, 200) as query from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      )
      totals.polls++
      for (const row of rows) {
        if (row.state === 'idle in transaction') totals.idleInTransaction++
        if (row.state !== 'active') continue
        totals.active++
        if (row.wait !== 'Lock') continue
        totals.waiting++
        const statement = /\b(from|update|into)\s+"?(\w+)"?/i.exec(row.query)?.[2] ?? row.query.slice(0, 40)
        waitingOn.set(statement, (waitingOn.get(statement) ?? 0) + 1)
      }
      await new Promise((done) => setTimeout(done, 25))
    }
  }
  const polling = poll()
  try {
    return { result: await during(), totals, waitingOn }
  } finally {
    stopped.abort()
    await polling
    await client.end()
  }
}

/** Orders per site: how many, the highest number, distinct numbers, the counter; and their statuses. */
async function ordersOf(db: Db) {
  const sites = await db
    .selectFrom('orders')
    .select((eb) => [
      'siteId',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max<number>('number').as('highest'),
      eb.fn.count<number>('number').distinct().as('distinct'),
    ])
    .groupBy('siteId')
    .execute()
  const counters = await db.selectFrom('orderNumbers').select(['siteId', 'lastNumber']).execute()
  const statuses = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute()
  const payments = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return {
    sites: sites.map((s) => {
      const count = Number(s.count)
      const highest = Number(s.highest)
      const counter = Number(counters.find((c) => c.siteId === s.siteId)?.lastNumber ?? 0)
      return { siteId: s.siteId, count, highest, noGaps: count === highest && Number(s.distinct) === count, counter }
    }),
    statuses: Object.fromEntries(statuses.map((s) => [s.status, Number(s.count)])),
    payments: Number(payments.count),
  }
}

try {
  const targets = [await newTarget('SQLite', SQLITE_PORT, `sqlite:${join(dir, 'shop.sqlite')}`)]
  if (POSTGRES_ADMIN_URL) {
    const created = await createPostgresDatabase(POSTGRES_ADMIN_URL)
    drops.push(created.drop)
    targets.push(await newTarget('PostgreSQL', POSTGRES_PORT, created.url))
  } else console.log('BENCH_POSTGRES_URL is not set: SQLite only.')

  await startHello(HELLO_PORT)
  for (const target of targets) {
    // The API alone (no pages), no seed of its own; jobs off, as in the other benchmarks: the confirmation mail and
    // the expiry job are queued by every placement, not sent or run.
    await startShop(target.port, target.url, {
      DIST_DIR: join(dir, 'no-build'),
      SEED_ON_EMPTY: 'false',
      JOBS: 'off',
    })
    target.template = await templateCart(target.port, target.db)
    // One placement through the same path as the load: the carts work, and the first call's costs are not timed.
    await topUp(target, 0)
    const first = (await call(target.port, 'POST', `/api/cart/${target.carts[target.next++]}/order`, undefined, {
      'idempotency-key': `bench-${run}-${target.name}-first`,
    })) as { status: string; paymentUrl: string | null }
    if (first.status !== 'open' || !first.paymentUrl) throw new Error(`${target.name}: ${JSON.stringify(first)}`)
  }

  const hello: autocannon.Options = { url: `http://127.0.0.1:${HELLO_PORT}/`, connections: CONNECTIONS }
  // Warm-up: JIT, statement caches, and the rate each database reaches (how many carts a run needs).
  await sample({ ...hello, duration: 2 })
  for (const target of targets) {
    await place(target, CONNECTIONS, 2)
    await place(target, 1, 1)
  }

  const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS))
  interface Round {
    hello: Sample
    many: Sample[]
    one: Sample[]
  }
  const rounds: Round[] = []
  const watched: Awaited<ReturnType<typeof watchLocks<Sample>>>[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const current: Round = { hello: await sample({ ...hello, duration: seconds }), many: [], one: [] }
    for (const target of targets) {
      if (target.name === 'PostgreSQL') {
        await topUp(target, seconds)
        const seen = await watchLocks(target.url, () => place(target, CONNECTIONS, seconds))
        watched.push(seen)
        current.many.push(seen.result)
      } else current.many.push(await place(target, CONNECTIONS, seconds))
      current.one.push(await place(target, 1, seconds))
    }
    rounds.push(current)
  }

  console.log(
    `\nPlacing an order (POST /api/cart/{id}/order, the payment started at the built-in test provider included), ` +
      `${ROUNDS} interleaved rounds of ${seconds} s beside the hello-world ceiling (${CONNECTIONS} connections), ` +
      `Node ${process.version}:\n`,
  )
  const row = (name: string, connections: number, of: (r: Round) => Sample) => ({
    case: name,
    connections,
    'req/s (median)': thousands(median(rounds.map((r) => of(r).requestsPerSecond))),
    'ratio to ceiling': `${(median(rounds.map((r) => of(r).requestsPerSecond / r.hello.requestsPerSecond)) * 100).toFixed(2)} %`,
    'p50 ms': median(rounds.map((r) => of(r).p50)),
    'p99 ms (worst round)': Math.max(...rounds.map((r) => of(r).p99)),
    errors: rounds.reduce((sum, r) => sum + of(r).errors, 0),
  })
  console.table([
    row('hello-world (ceiling)', CONNECTIONS, (r) => r.hello),
    ...targets.flatMap((target, i) => [
      row(`place an order, ${target.name}`, CONNECTIONS, (r) => r.many[i]!),
      row(`place an order, ${target.name}`, 1, (r) => r.one[i]!),
    ]),
  ])

  if (watched.length > 0) {
    const sum = (key: 'polls' | 'active' | 'waiting' | 'idleInTransaction') =>
      watched.reduce((total, w) => total + w.totals[key], 0)
    const polls = sum('polls')
    const waitingOn = new Map<string, number>()
    for (const w of watched) for (const [table, n] of w.waitingOn) waitingOn.set(table, (waitingOn.get(table) ?? 0) + n)
    console.log(
      `\nPostgreSQL at ${CONNECTIONS} connections, ${polls} polls of pg_stat_activity: on average ` +
        `${(sum('active') / polls).toFixed(1)} sessions running a statement, ${(sum('waiting') / polls).toFixed(1)} of ` +
        `them waiting for a lock, ${(sum('idleInTransaction') / polls).toFixed(1)} in a transaction between statements.`,
    )
    console.log(
      `Lock waits by the table of the waiting statement: ${
        [...waitingOn]
          .toSorted(([, a], [, b]) => b - a)
          .map(([table, n]) => `${table} ${((n / Math.max(1, sum('waiting'))) * 100).toFixed(0)} %`)
          .join(', ') || 'none'
      }`,
    )
  }

  console.log('\nOrders placed, and their numbers per site (count = highest number = distinct numbers: no gaps):')
  for (const target of targets) {
    const orders = await ordersOf(target.db)
    for (const site of orders.sites)
      console.log(
        `${target.name}: site ${site.siteId}: ${thousands(site.count)} orders, highest number ${thousands(site.highest)}, ` +
          `counter ${thousands(site.counter)}: ${site.noGaps && site.counter === site.count ? 'no gaps, no doubles' : 'GAPS OR DOUBLES'}`,
      )
    console.log(
      `${target.name}: statuses ${JSON.stringify(orders.statuses)}, ${thousands(orders.payments)} payments; ` +
        `${thousands(target.next)} carts handed to requests`,
    )
    if (orders.sites.some((s) => !s.noGaps || s.counter !== s.count)) process.exitCode = 1
  }
} finally {
  for (const close of handles) await close()
  stopAll()
  // The servers' connections end with them; give PostgreSQL a moment before the database goes.
  await new Promise((done) => setTimeout(done, 500))
  for (const drop of drops) await drop().catch((error: unknown) => console.error('could not drop the database', error))
  rmSync(dir, { recursive: true, force: true })
}
