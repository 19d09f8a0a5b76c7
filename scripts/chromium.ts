// Where the browser tests find Chromium: $CHROMIUM_PATH, else the system's. Never a downloaded browser build.
import { existsSync } from 'node:fs'

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path))
}

/** Flags for a headless Chromium on a machine without network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
