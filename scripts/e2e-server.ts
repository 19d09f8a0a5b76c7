// The server for the end-to-end tests: the built app in production mode on a fresh SQLite database in a temp
// directory, removed on exit (see tests/e2e/server.ts).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serverEnv } from '../tests/e2e/server.ts'

const dir = mkdtempSync(join(tmpdir(), 'shop-e2e-'))
const child = spawn(process.execPath, ['src/server/main.ts'], {
  stdio: 'inherit',
  env: serverEnv(Number(process.env.PORT ?? 8181), dir),
})
const cleanup = () => rmSync(dir, { recursive: true, force: true })
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
