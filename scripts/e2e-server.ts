// The server for the end-to-end tests: `npm start` on a fresh SQLite database in a temp directory, removed on exit.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'shop-e2e-'))
const child = spawn(process.execPath, ['src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'shop.sqlite')}`, HOST: 'localhost' },
})
const cleanup = () => rmSync(dir, { recursive: true, force: true })
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
