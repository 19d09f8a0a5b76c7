// npm run bench, part 4: what the platform services cost per API request. Three processes in one run: the bare
// Fastify hello-world (the ceiling), the shop's API without its security headers and cross-site check, and the shop's
// API with them (as it runs). Each row's requests/s is compared with the ceiling of its own round.
// - An API call (getbydomain, a new query on every request so the answer cache never answers) before and after the
//   headers.
// - A small route of the benchmark's own server (bench/services-server.ts) without and with a session lookup (a
//   signed cookie checked, one indexed read of the sessions table).
// BENCH_DURATION (seconds per row, default 20) and BENCH_ROUNDS (default 5) tune the run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  CONNECTIONS,
  DURATION_S,
  median,
  ROUNDS,
  sample,
  startHello,
  startShop,
  stopAll,
  type Sample,
} from './harness.ts'

const HELLO_PORT = 18_091
const BARE_PORT = 18_092
const FULL_PORT = 18_093
const HOST = 'equivera-nl.localhost'

const dir = mkdtempSync(join(tmpdir(), 'shop-bench-services-'))

const startApi = (port: number, security: 'on' | 'off') =>
  startShop(
    port,
    `sqlite:${join(dir, `shop-${security}.sqlite`)}`,
    { JOBS: 'off', BENCH_SECURITY: security },
    'bench/services-server.ts',
  )

let requestNumber = 0
const unique = [
  {
    setupRequest: (req: { path?: string }) => ({
      ...req,
      path: `${req.path}${req.path?.includes('?') ? '&' : '?'}n=${requestNumber++}`,
    }),
  },
]

try {
  await Promise.all([startHello(HELLO_PORT), startApi(BARE_PORT, 'off'), startApi(FULL_PORT, 'on')])
  const made = await fetch(`http://127.0.0.1:${FULL_PORT}/api/bench/session`, {
    method: 'POST',
    headers: { host: HOST },
  })
  const cookie = made.headers.getSetCookie()[0]?.split(';')[0]
  if (!made.ok || !cookie) throw new Error(`no session cookie from the bench server (${made.status})`)
  const headersOf = (name: string) => made.headers.get(name)
  if (!headersOf('content-security-policy')) throw new Error('the full server sent no security headers')

  const getbydomain = '/api/sites/getbydomain?domain=www.equivera.be'
  const rows: { name: string; url: string; headers?: Record<string, string>; unique?: boolean }[] = [
    { name: 'hello-world (ceiling)', url: `http://127.0.0.1:${HELLO_PORT}/` },
    { name: 'getbydomain, no security headers', url: `http://127.0.0.1:${BARE_PORT}${getbydomain}`, unique: true },
    { name: 'getbydomain, with security headers', url: `http://127.0.0.1:${FULL_PORT}${getbydomain}`, unique: true },
    { name: 'bench route, no headers, no session', url: `http://127.0.0.1:${BARE_PORT}/api/bench/plain` },
    { name: 'bench route, headers, no session', url: `http://127.0.0.1:${FULL_PORT}/api/bench/plain` },
    {
      name: 'bench route, headers, session lookup',
      url: `http://127.0.0.1:${FULL_PORT}/api/bench/session`,
      headers: { cookie },
    },
  ]
  const run = (row: (typeof rows)[number], seconds: number) =>
    sample({
      url: row.url,
      duration: seconds,
      headers: { host: HOST, ...row.headers },
      ...(row.unique && { requests: unique }),
    })

  for (const row of rows) await run(row, 2) // warm-up: JIT, statement cache
  const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS))
  const samples = rows.map(() => [] as Sample[])
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, row] of rows.entries()) samples[i]!.push(await run(row, seconds))
  }
  const ceilings = samples[0]!.map((s) => s.requestsPerSecond)
  const summary = rows.map((row, i) => ({
    name: row.name,
    requestsPerSecond: median(samples[i]!.map((s) => s.requestsPerSecond)),
    ratio: median(samples[i]!.map((s, round) => s.requestsPerSecond / ceilings[round]!)),
    p50: median(samples[i]!.map((s) => s.p50)),
    p99: Math.max(...samples[i]!.map((s) => s.p99)),
    errors: samples[i]!.reduce((sum, s) => sum + s.errors, 0),
  }))
  console.log(
    `\nPlatform services per request: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${seconds} s, SQLite, Node ${process.version}\n`,
  )
  console.table(
    summary.map((f) => ({
      case: f.name,
      'req/s (median)': Math.round(f.requestsPerSecond),
      'ratio to ceiling (median)': `${(f.ratio * 100).toFixed(0)} %`,
      'p50 ms': f.p50,
      'p99 ms (worst)': f.p99,
      errors: f.errors,
    })),
  )
  // What one request spends on each service: the difference of the mean times per request at full load.
  const perRequestUs = (row: number) => 1e6 / summary[row]!.requestsPerSecond
  const cost = (after: number, before: number) => perRequestUs(after) - perRequestUs(before)
  console.log(
    `Security headers and cross-site check: ${cost(2, 1).toFixed(1)} µs per API call (getbydomain), ${cost(4, 3).toFixed(1)} µs on the bench route`,
  )
  console.log(`Session lookup (signed cookie, one read): ${cost(5, 4).toFixed(1)} µs per request`)
} finally {
  stopAll()
  rmSync(dir, { recursive: true, force: true })
}
