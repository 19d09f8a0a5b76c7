// npm run bench: requests/s and p50/p99 latency of getbyurl and getbydomain on the embedded database, at 50
// connections on loopback, each beside a bare Fastify hello-world measured in the same run (the ceiling).
// Targets (issue #2): at least 50 % of the ceiling's requests/s, p99 at most 20 ms.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const HELLO_PORT = 18_081
const SHOP_PORT = 18_082

const dir = mkdtempSync(join(tmpdir(), 'shop-bench-'))
const children: ChildProcess[] = []

/** Starts a server process and waits until `healthUrl` answers 200. */
async function start(script: string, env: Record<string, string>, healthUrl: string): Promise<void> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  children.push(child)
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`)
    if (await fetch(healthUrl).then((r) => r.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${script} did not answer ${healthUrl}`)
}

interface Figures {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }) // warm-up: JIT, statement cache
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

try {
  await Promise.all([
    start('bench/hello-server.ts', { PORT: String(HELLO_PORT) }, `http://127.0.0.1:${HELLO_PORT}/`),
    start(
      'src/server/main.ts',
      { PORT: String(SHOP_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: `sqlite:${join(dir, 'shop.sqlite')}` },
      `http://127.0.0.1:${SHOP_PORT}/health`,
    ),
  ])

  const shopHeaders = { host: 'equivera-nl.localhost' }
  const helloBefore = await measure('hello-world (ceiling)', `http://127.0.0.1:${HELLO_PORT}/`)
  const byUrl = await measure(
    'GET /api/routing/getbyurl',
    `http://127.0.0.1:${SHOP_PORT}/api/routing/getbyurl?url=${encodeURIComponent('/klantenservice/veelgestelde-vragen/bezorging/')}`,
    shopHeaders,
  )
  const byDomain = await measure(
    'GET /api/sites/getbydomain',
    `http://127.0.0.1:${SHOP_PORT}/api/sites/getbydomain?domain=www.equivera.be`,
    shopHeaders,
  )
  const helloAfter = await measure('hello-world (ceiling)', `http://127.0.0.1:${HELLO_PORT}/`)
  // The machine is shared and noisy: the ceiling is the mean of a measurement before and after.
  const ceiling = (helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2

  const rows = [helloBefore, byUrl, byDomain, helloAfter].map((f) => ({
    endpoint: f.name,
    'req/s': Math.round(f.requestsPerSecond),
    'ratio to ceiling': `${((f.requestsPerSecond / ceiling) * 100).toFixed(0)} %`,
    'p50 ms': f.p50,
    'p99 ms': f.p99,
    errors: f.errors,
  }))
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, SQLite, Node ${process.version}\n`)
  console.table(rows)
  for (const f of [byUrl, byDomain]) {
    const ratio = f.requestsPerSecond / ceiling
    const ok = ratio >= 0.5 && f.p99 <= 20 && f.errors === 0
    console.log(
      `${ok ? 'meets' : 'MISSES'} target: ${f.name} at ${(ratio * 100).toFixed(0)} % of the ceiling (≥ 50 %), p99 ${f.p99} ms (≤ 20 ms), ${f.errors} errors`,
    )
  }
} finally {
  for (const child of children) child.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
}
