// npm run bench, accounts: signing in (POST /api/authentication/signin: a captcha verified and spent, an argon2id
// verification at the OWASP parameters, the session rotated) and reading the signed-in account (GET /api/account:
// the session looked up, the account read), on SQLite, the server in production mode beside a bare Fastify
// hello-world in the same interleaved rounds (the ceiling).
// - Sign-in is bound by argon2id on purpose (19 MiB, 2 passes: ~20-40 ms of one core each); its p99 at 1 and at 4
//   connections says what a shopper waits for and how a burst queues on the libuv thread pool (4 threads).
// - Every sign-in carries its own captcha solution, solved before the run (the server's CAPTCHA_MAX_NUMBER is
//   lowered so solving stays the bench's small part; the verification's cost is the same at any difficulty).
// - 200 activated accounts, written straight into the database with one argon2id hash of the same password.
// BENCH_DURATION (seconds per case, default 20) and BENCH_ROUNDS (default 5) tune it, as in the other benchmarks.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import type { Challenge } from 'altcha-lib'
import { hashPassword } from '../src/server/accounts/password-hash.ts'
import { solveCaptcha } from '../src/server/captcha/captcha-test-solver.ts'
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts'
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

const HELLO_PORT = 18_311
const SHOP_PORT = 18_312
const SITE_HOST = 'equivera-nl.localhost'
const PASSWORD = 'bench2026hooi'
const ACCOUNTS = 200
const READ_CONNECTIONS = 20
/** Sign-ins are slow on purpose: the most a run can do, with room to spare, is what we solve captchas for. */
const SIGN_INS_PER_S_MAX = 200

const dir = mkdtempSync(join(tmpdir(), 'shop-accounts-bench-'))
const url = `sqlite:${join(dir, 'shop.sqlite')}`
const base = `http://127.0.0.1:${SHOP_PORT}`
const emailOf = (n: number) => `bench-${n}@example.nl`

async function prepare() {
  const handle = openDatabase(url)
  await migrateToLatest(handle.db)
  await seed(handle.db)
  const site = (await readSites(handle.db)).find((s) => s.domains.includes(SITE_HOST))!
  const passwordHash = await hashPassword(PASSWORD)
  const now = new Date().toISOString()
  const address = { zipcode: '', street: '', streetNumber: '', streetNumberAddition: '', city: '', countryId: null }
  await handle.db
    .insertInto('accounts')
    .values(
      Array.from({ length: ACCOUNTS }, (_, n) => ({
        siteId: site.id,
        languageId: site.languages[0]!.languageId,
        emailAddress: emailOf(n),
        emailKey: emailOf(n),
        passwordHash,
        firstName: 'Anna',
        lastName: 'de Vries',
        phoneNumber: '+31612345678',
        billing: JSON.stringify(address),
        shipping: null,
        company: null,
        alternativeShippingAddress: false,
        newsletter: false,
        activatedAt: now,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute()
  await handle.close()
}

/** Solved captchas, one per sign-in, fetched and solved before a run. */
const tokens: string[] = []
async function solveUpTo(count: number) {
  while (tokens.length < count) {
    const res = await fetch(`${base}/api/captcha/challenge`, { headers: { host: SITE_HOST } })
    tokens.push(await solveCaptcha((await res.json()) as Challenge))
  }
}

let signIns = 0
function signingIn(connections: number): autocannon.Options {
  return {
    url: base,
    connections,
    headers: { host: SITE_HOST, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/authentication/signin',
        setupRequest: (request) => {
          const n = signIns++
          return {
            ...request,
            headers: { ...request.headers, recaptchatoken: tokens.shift() ?? 'none' },
            body: JSON.stringify({ emailAddress: emailOf(n % ACCOUNTS), password: PASSWORD }),
          }
        },
      },
    ],
  }
}

async function signIn(connections: number, seconds: number): Promise<Sample> {
  await solveUpTo(SIGN_INS_PER_S_MAX * seconds)
  return sample({ ...signingIn(connections), duration: seconds })
}

try {
  await prepare()
  await startHello(HELLO_PORT)
  // Jobs off as in the other benchmarks; the rate limits are off in startShop (one address makes the load).
  await startShop(SHOP_PORT, url, {
    DIST_DIR: join(dir, 'no-build'),
    SEED_ON_EMPTY: 'false',
    JOBS: 'off',
    CAPTCHA_MAX_NUMBER: '2000',
  })
  await solveUpTo(1)
  const first = await fetch(`${base}/api/authentication/signin`, {
    method: 'POST',
    headers: { host: SITE_HOST, 'content-type': 'application/json', recaptchatoken: tokens.shift()! },
    body: JSON.stringify({ emailAddress: emailOf(0), password: PASSWORD }),
  })
  if (first.status !== 204) throw new Error(`sign-in answered ${first.status}: ${await first.text()}`)
  const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!

  const hello: autocannon.Options = { url: `http://127.0.0.1:${HELLO_PORT}/`, connections: READ_CONNECTIONS }
  const reading: autocannon.Options = {
    url: `${base}/api/account`,
    connections: READ_CONNECTIONS,
    headers: { host: SITE_HOST, cookie },
  }
  // Warm-up: JIT, statement caches, argon2's thread pool.
  await sample({ ...hello, duration: 2 })
  await sample({ ...reading, duration: 2 })
  await signIn(1, 1)

  const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS))
  const rounds: { hello: Sample; read: Sample; one: Sample; four: Sample }[] = []
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      hello: await sample({ ...hello, duration: seconds }),
      read: await sample({ ...reading, duration: seconds }),
      one: await signIn(1, seconds),
      four: await signIn(4, seconds),
    })
  }

  console.log(
    `\nAccounts, ${ROUNDS} interleaved rounds of ${seconds} s beside the hello-world ceiling, Node ${process.version}, SQLite:\n`,
  )
  type Round = (typeof rounds)[number]
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
    row('hello-world (ceiling)', READ_CONNECTIONS, (r) => r.hello),
    row('GET /api/account (signed in)', READ_CONNECTIONS, (r) => r.read),
    row('sign-in (captcha + argon2id)', 1, (r) => r.one),
    row('sign-in (captcha + argon2id)', 4, (r) => r.four),
  ])
  if (rounds.some((r) => r.read.errors + r.one.errors + r.four.errors > 0)) process.exitCode = 1
} finally {
  stopAll()
  await new Promise((done) => setTimeout(done, 300))
  rmSync(dir, { recursive: true, force: true })
}
