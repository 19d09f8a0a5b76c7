// Run before the browser tests (npm test): finds Chromium, installs it where the platform allows
// (Debian or Ubuntu, as root: apt-get install -y chromium), and otherwise stops the test run with a clear message.
// Browser tests never skip silently.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { findChromium } from './chromium.ts'

function aptGet(args: string[]) {
  return spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}

function fail(message: string): never {
  console.error(`\nChromium is needed for the browser tests and none was found.\n${message}\n`)
  process.exit(1)
}

let chromium = findChromium()
if (!chromium && process.env.CHROMIUM_PATH) {
  fail(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.`)
}
if (!chromium) {
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : ''
  const isDebian = /^ID(_LIKE)?=.*\b(debian|ubuntu)\b/m.test(osRelease)
  const isRoot = process.getuid?.() === 0
  if (!isDebian || !isRoot) {
    fail(
      'Install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    )
  }
  console.log('Chromium not found: installing it with apt-get (Debian package chromium) …')
  if (aptGet(['update', '-qq']).status !== 0 || aptGet(['install', '-y', '-qq', 'chromium']).status !== 0) {
    fail('apt-get install -y chromium failed; see its output above.')
  }
  chromium = findChromium()
  if (!chromium) fail('apt-get reported success but no Chromium binary appeared.')
}
console.log(`Chromium for the browser tests: ${chromium}`)
