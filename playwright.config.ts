import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.ts'
import { E2E_PORT } from './tests/e2e/ports.ts'

// End-to-end tests: the real server (npm start) on a throw-away SQLite database, driven by the system Chromium.
const PORT = E2E_PORT
const executablePath = findChromium()
if (!executablePath) {
  throw new Error('No Chromium found for the browser tests: install chromium or set CHROMIUM_PATH (see README).')
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://localhost:${PORT}/health`,
    env: { PORT: String(PORT), LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
