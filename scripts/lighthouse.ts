// npm run lighthouse: Lighthouse (from npm) with the system Chromium, mobile defaults, against the production build,
// for the home page and a content page. Prints the four category scores.
// Targets: performance ≥ 98, accessibility, best practices and SEO 100.
import { execFileSync } from 'node:child_process'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startServer } from '../tests/e2e/server.ts'
import { CHROMIUM_ARGS, findChromium } from './chromium.ts'

const PORT = 8190
const PAGES = ['/', '/klantenservice/']
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const

const chromePath = findChromium()
if (!chromePath) throw new Error('No Chromium found: install chromium or set CHROMIUM_PATH.')

execFileSync(process.execPath, ['scripts/build-if-needed.ts'], { stdio: 'inherit' })
const server = await startServer(PORT)
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
let failed = false
try {
  const rows = []
  for (const path of PAGES) {
    const url = `http://equivera-nl.localhost:${PORT}${path}`
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { categories, audits } = result.lhr
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
    ) as Record<keyof typeof TARGETS, number>
    rows.push({ page: path, ...scores })
    for (const [key, target] of Object.entries(TARGETS) as [keyof typeof TARGETS, number][]) {
      if (scores[key] >= target) continue
      failed = true
      const below = categories[key]?.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`)
      console.log(`${path} ${key} ${scores[key]} < ${target}: ${below?.join(', ')}`)
    }
  }
  console.table(rows)
  console.log(failed ? 'Some scores miss their targets (listed above).' : 'All scores meet their targets.')
} finally {
  chrome.kill()
  await server.stop()
}
