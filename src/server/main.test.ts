import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// The real entry points as processes: `npm start` (main.ts) and `npm run db:migrate|db:seed` (db/cli.ts).

const dir = mkdtempSync(join(tmpdir(), 'shop-main-'))
const DATABASE_URL = `sqlite:${join(dir, 'shop.sqlite')}`
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const deadline = Date.now() + 30_000
  while (!output.includes('shop serving on')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { child, exited, output: () => output }
}

describe('npm start (src/server/main.ts)', () => {
  it('migrates and seeds an empty database, serves the API, and exits cleanly on SIGTERM', async () => {
    const port = await freePort()
    const server = await startServer(port)
    const res = await fetch(`http://127.0.0.1:${port}/api/routing/getbyurl?url=/`, { headers: { siteid: '2' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ kind: 'contentPage', siteId: 2 })
    expect(server.output()).toMatch(/"requestId":"[0-9a-f-]{36}"|"reqId":"[0-9a-f-]{36}"/)

    // The job worker started with the server and ran the jobs' own clean-up, due at once on a new database.
    expect(server.output()).toContain('job worker started')
    await expect.poll(server.output).toMatch(/"job":"jobs\.clean-up".*"msg":"job done"/)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('shutting down')
    expect(server.output()).toContain('job worker stopped')
  })

  it('starts again on the same database without migrating or seeding anew, and without a job worker when JOBS=off', async () => {
    const port = await freePort()
    const server = await startServer(port, { JOBS: 'off' })
    expect(server.output()).not.toContain('migrations applied')
    expect(server.output()).not.toContain('job worker started')
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(0)
  })
})

const runCli = (...args: string[]) =>
  spawnSync(process.execPath, ['src/server/db/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL },
    encoding: 'utf8',
  })

describe('npm run db:migrate and db:seed (src/server/db/cli.ts)', () => {
  it('reports an up-to-date schema and re-seeds in place', () => {
    const migrate = runCli('migrate')
    expect([migrate.status, migrate.stderr.trim()]).toEqual([0, 'database schema is up to date'])
    const seed = runCli('seed')
    expect(seed.status).toBe(0)
    expect(seed.stderr).toMatch(/seed loaded: \d+ rows written/)
  })

  it('lists jobs by state and the failed ones, and refuses to retry a job that did not fail', () => {
    const list = runCli('jobs', 'list')
    expect(list.status).toBe(0)
    expect(list.stdout).toMatch(/^queued \d+, running \d+, done \d+, failed 0\n$/)
    const retry = runCli('jobs', 'retry', '999999')
    expect([retry.status, retry.stderr.trim()]).toEqual([1, 'there is no failed job #999999'])
    expect(runCli('jobs', 'retry').status).toBe(2)
  })

  it('refuses an unknown command', () => {
    expect(runCli('drop').status).toBe(2)
  })

  it('fails with a clear message on a bad configuration', () => {
    const result = spawnSync(process.execPath, ['src/server/db/cli.ts', 'migrate'], {
      env: { ...process.env, DATABASE_URL, PORT: 'x' },
      encoding: 'utf8',
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('Invalid configuration')
  })
})
