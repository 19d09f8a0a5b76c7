// What the benchmarks share: server processes started and stopped, autocannon runs at 50 connections, and figures.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import autocannon from 'autocannon'

export const CONNECTIONS = 50
/** Seconds of measurement per case, split over the rounds. */
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 20)
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

const children = new Set<ChildProcess>()

/** Starts a server process and waits until `healthUrl` answers 200. */
export async function start(script: string, env: Record<string, string>, healthUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.add(child)
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`)
    if (
      await fetch(healthUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`${script} did not answer ${healthUrl}`)
}

/** The bare Fastify hello-world (bench/hello-server.ts): the ceiling every case is measured beside. */
export const startHello = (port: number) =>
  start('bench/hello-server.ts', { PORT: String(port) }, `http://127.0.0.1:${port}/`)

/**
 * The shop's server in production mode on `databaseUrl`; `env` adds to or overrides its settings, `script` replaces
 * main.ts by a benchmark's own start-up (services.bench.ts).
 */
export const startShop = (
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  script = 'src/server/main.ts',
) =>
  start(
    script,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: 'true',
      SESSION_SECRET: 'benchmark-only-secret-0123456789abcdefgh',
      BACKOFFICE_TOKEN: 'benchmark-only-back-office-token-0123456789',
      DATABASE_URL: databaseUrl,
      // The load comes from one address: it measures the shop, not its rate limits.
      RATE_LIMITS: 'off',
      ...env,
    },
    `http://127.0.0.1:${port}/health`,
  )

/** The shop's API alone: no built app to serve (pages are api.bench.ts's part), no seed on an empty database. */
export const startShopApi = (port: number, databaseUrl: string, dir: string) =>
  startShop(port, databaseUrl, { DIST_DIR: join(dir, 'no-build'), SEED_ON_EMPTY: 'false' })

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    await exited
  }
  children.delete(child)
}

export function stopAll(): void {
  for (const child of children) child.kill('SIGTERM')
}

export interface Sample {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
}

export async function sample(options: autocannon.Options): Promise<Sample> {
  const result = await autocannon({ connections: CONNECTIONS, ...options })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

export const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!

export const thousands = (value: number) => Math.round(value).toLocaleString('en').replaceAll(',', ' ')
