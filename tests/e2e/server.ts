// Starts the real server (src/server/main.ts) on a fresh SQLite database in a temp directory, in production mode,
// serving the build in DIST_DIR. Used by the Playwright web server and by tests that need a server of their own
// (to stop it, or to deploy a new build under it).
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@playwright/test'

export interface RunningServer {
  port: number
  /** The directory of its database, to start a server on the same data again. */
  dir: string
  /** Stops the server; its database is removed unless `keepData` (a restart on the same data follows). */
  stop(options?: { keepData?: boolean }): Promise<void>
}

/** The back office's token on the test servers (the stock and product calls of /api/backoffice). */
export const BACKOFFICE_TOKEN = 'end-to-end-tests-back-office-token-0123456789'

export function serverEnv(port: number, dir: string, distDir = 'dist'): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // The browser tests pay with the built-in test provider, which production refuses without this.
    ALLOW_TEST_PAYMENTS: 'true',
    SESSION_SECRET: 'end-to-end-tests-secret-0123456789abcdef',
    BACKOFFICE_TOKEN,
    DATABASE_URL: `sqlite:${join(dir, 'shop.sqlite')}`,
    // Uploaded photos beside the database, removed with it.
    UPLOAD_DIR: join(dir, 'uploads'),
    HOST: 'localhost',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DIST_DIR: distDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every test's browser comes from one address and makes carts and requests far faster than people do.
    RATE_LIMITS: 'off',
  }
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://localhost:${port}/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the server did not become healthy in 30 s')
}

/**
 * `dir` holds the database: a new one unless given (the same data as a server stopped with keepData). `env` adds to
 * or replaces the test server's settings (e.g. an SMTP_URL for a test that reads the mails).
 */
export async function startServer(
  port: number,
  distDir = 'dist',
  dir = mkdtempSync(join(tmpdir(), 'shop-e2e-')),
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...serverEnv(port, dir, distDir), ...env },
  })
  await waitForHealth(port, child)
  return {
    port,
    dir,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      if (!keepData) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A server of the describe block's own on `port`, serving a copy of the build, for tests that deploy a new version
 * under it (they change files of that copy). Inside the repo, so the copied server bundle finds node_modules.
 * Returns the copy's folder, known once the block's tests run, and a way to stop the server and start it again on
 * the same data (the network gone, then back).
 */
export function serverOnOwnBuild(port: number): {
  dist: () => string
  stopKeepingData: () => Promise<void>
  startAgain: () => Promise<void>
} {
  let server: RunningServer
  let dist: string
  test.beforeAll(async () => {
    dist = mkdtempSync(join(process.cwd(), '.e2e-dist-'))
    cpSync('dist', dist, { recursive: true })
    server = await startServer(port, dist)
  })
  test.afterAll(async () => {
    await server.stop()
    rmSync(dist, { recursive: true, force: true })
  })
  return {
    dist: () => dist,
    stopKeepingData: () => server.stop({ keepData: true }),
    startAgain: async () => {
      server = await startServer(port, dist, server.dir)
    },
  }
}
