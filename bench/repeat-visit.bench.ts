// A repeat visit with the service worker in control, against the first visit, on a slow phone: 400 ms round trip,
// 400 kbit/s each way, the CPU 4× slower (Chrome DevTools Protocol emulation, on the page and on the service
// worker, see worker-throttle.ts). For each page: a fresh browser context loads it cold; once the worker is active
// and in control (its precache done) and everything is idle, the page is opened again online, then offline. Each
// visit gives its largest contentful paint (the last candidate within a second of hydration; until the twenty-first
// round the first report, which missed what the app paints once it runs), its load event and its hydration
// (html[data-hydrated]), from the navigation's start. Target: a repeat visit takes ≤ 0.3 of the cold one, online and
// offline.
// The visitor of the cold visit declines cookies on it, as a returning visitor has made their choice: the repeat
// visits are without the banner, from the copy the worker kept after the choice (REPEAT_CHOICE=none leaves the banner
// unanswered, as the rounds before the eleventh measured).
// The screen is a phone's, Lighthouse's mobile one (412 × 823 CSS px at 1.75 device pixels, touch): which pictures a
// page asks for, and how much of it is laid out, depend on it. Until the twentieth round the bench used Playwright's
// desktop window (1 280 × 720); REPEAT_SCREEN=desktop measures that again.
// Alone: `npx node bench/repeat-visit.bench.ts`; BENCH_PORT moves the server, REPEAT_RUNS sets the runs per page.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test'
import { startServer } from '../tests/e2e/server.ts'
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts'
import { cacheNames } from '../sw/rules.ts'
import { median, thousands } from './harness.ts'
import { UNTHROTTLED, WorkerThrottle, type Conditions } from './worker-throttle.ts'

const PORT = Number(process.env.BENCH_PORT ?? 8290)
const DEBUGGING_PORT = PORT + 1
const ORIGIN = `http://equivera-nl.localhost:${PORT}`
const PAGES = process.env.REPEAT_PAGES?.split(',') ?? ['/', '/muesli/', '/muesli/sport-muesli/']
const RUNS = Number(process.env.REPEAT_RUNS ?? 3)
const CHOOSES = process.env.REPEAT_CHOICE !== 'none'
const DECLINE = (JSON.parse(readFileSync('locales/nl.json', 'utf8')) as { consent: { decline: string } }).consent
  .decline
const TARGET = 0.3
const SLOW: Conditions = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
}
const OFFLINE: Conditions = { ...UNTHROTTLED, offline: true }
const CPU_SLOWDOWN = 4
const VISIT_TIMEOUT_MS = 180_000
/** How long after hydration the largest paint is read (visit). */
const LCP_AFTER_HYDRATION_MS = 1_000
/** Lighthouse's mobile screen (its default Moto G Power emulation); REPEAT_SCREEN=desktop for Playwright's default. */
const SCREEN =
  process.env.REPEAT_SCREEN === 'desktop'
    ? { name: 'desktop 1 280 × 720', options: {} }
    : {
        name: 'phone 412 × 823 at 1.75×',
        options: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
      }

interface Visit {
  /** From the navigation's start, ms: the page's HTML in hand, first and largest contentful paint, load, hydration. */
  html: number
  fcp: number
  lcp: number
  load: number
  hydrated: number
  /** Every byte the page fetched over the network, and the time from its first request to its last answer. */
  bytes: number
  fetchSpan: number
}
type Kind = 'cold' | 'online' | 'offline'
type Metric = 'html' | 'fcp' | 'lcp' | 'load' | 'hydrated'
const METRICS: Metric[] = ['html', 'fcp', 'lcp', 'load', 'hydrated']
/** What the target is about; the HTML and the first paint are printed to show where a repeat visit's time goes. */
const TARGETED: Metric[] = ['lcp', 'load', 'hydrated']

// Hydration is when the app sets html[data-hydrated]: noted the moment it appears, from the navigation's start.
const noteHydration = () => {
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.hasAttribute('data-hydrated')) return
    ;(window as unknown as { benchHydrated: number }).benchHydrated = performance.now()
    observer.disconnect()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}

async function throttlePage(context: BrowserContext, page: Page, conditions: Conditions) {
  const session = await context.newCDPSession(page)
  await session.send('Network.emulateNetworkConditions', conditions)
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
}

async function visit(page: Page, path: string): Promise<Visit> {
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'load', timeout: VISIT_TIMEOUT_MS })
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: VISIT_TIMEOUT_MS })
  return page.evaluate(async (settle) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const fetched = [navigation!, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])].filter(
      (entry) => entry.transferSize > 0,
    )
    const timings = {
      // Not the first byte: Chromium's emulated latency holds back the body, not the headers.
      html: navigation!.responseEnd,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      load: navigation!.loadEventStart,
      hydrated: (window as unknown as { benchHydrated: number }).benchHydrated,
      bytes: fetched.reduce((sum, entry) => sum + entry.transferSize, 0),
      fetchSpan:
        Math.max(0, ...fetched.map((entry) => entry.responseEnd)) -
        Math.min(Infinity, ...fetched.map((entry) => entry.startTime)),
    }
    // The last candidate within a second of hydration: what the app paints once it runs counts too (the offline
    // notice did, at hydration). Taking the first report of the buffered entries missed those.
    const lcp = await new Promise<number>((resolve) => {
      let last = Number.NaN
      new PerformanceObserver((list) => (last = list.getEntries().at(-1)!.startTime)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      })
      setTimeout(() => resolve(last), settle)
    })
    return { ...timings, lcp }
  }, LCP_AFTER_HYDRATION_MS)
}

/** Declines cookies on the banner, then waits until the worker has kept the page anew, made with that choice. */
async function decline(page: Page, path: string) {
  await page.getByRole('button', { name: DECLINE }).click()
  const pages = cacheNames(new URL(ORIGIN).host).pages
  const keptWithChoice = () =>
    page.evaluate(
      async ([name, url]) => {
        const kept = await (await caches.open(name!)).match(url!)
        return kept !== undefined && !(await kept.text()).includes('class="cookie-banner')
      },
      [pages, path],
    )
  const since = Date.now()
  while (!(await keptWithChoice())) {
    if (Date.now() - since > VISIT_TIMEOUT_MS) throw new Error(`${path}: the worker did not keep the page anew`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A list of requests' addresses for a message. */
const urls = (requests: string[]) => requests.join(', ') || 'nothing'

/** The worker installed (precache done), activated and controlling the page, and nothing left to fetch. */
async function workerSettled(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const active = registration.active!
    if (active.state !== 'activated')
      await new Promise((resolve) => active.addEventListener('statechange', resolve, { once: true }))
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
  })
  const open = new Set<Request>()
  page.on('request', (request) => open.add(request))
  page.on('requestfinished', (request) => open.delete(request))
  page.on('requestfailed', (request) => open.delete(request))
  const since = Date.now()
  for (let quiet = 0; quiet < 10; quiet = workers.inFlight().length + open.size === 0 ? quiet + 1 : 0) {
    if (Date.now() - since > VISIT_TIMEOUT_MS) {
      throw new Error(
        `The page and its worker did not settle: still open ${urls([...open].map((r) => r.url()))} on the page, ` +
          `${urls(workers.inFlight().map((r) => r.url))} in the worker`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

interface Transfer {
  requests: number
  bytes: number
  /** From the first request sent to the last answered, ms. */
  span: number
}

/** What the workers fetched since the last call: bytes over time, to show that the throttle holds there too. */
function workerTransfer(): Transfer {
  const requests = [...workers.requests.values()].filter((request) => request.finished !== undefined)
  workers.requests.clear()
  const bytes = requests.reduce((sum, request) => sum + request.bytes, 0)
  const span = Math.max(0, ...requests.map((r) => r.finished!)) - Math.min(Infinity, ...requests.map((r) => r.sent))
  return { requests: requests.length, bytes, span: span * 1000 }
}

const rate = (bytes: number, ms: number) => `${((bytes * 8) / 1024 / (ms / 1000)).toFixed(0)} kbit/s`

/** Prints, for the first run of a page, what went over the (throttled) network: proof that the throttle holds. */
function reportTransfer(path: string, cold: Visit, installed: Transfer, online: Visit, repeat: Transfer) {
  console.log(
    `${path} cold: the page fetched ${thousands(cold.bytes / 1024)} KiB in ${thousands(cold.fetchSpan)} ms ` +
      `(${rate(cold.bytes, cold.fetchSpan)}), its HTML in hand after ${thousands(cold.html)} ms; the worker's ` +
      `install ${installed.requests} files, ${thousands(installed.bytes / 1024)} KiB in ${thousands(installed.span)} ms ` +
      `(${rate(installed.bytes, installed.span)}). Repeat online: the worker fetched ${repeat.requests} files, ` +
      `${thousands(repeat.bytes / 1024)} KiB; the page's HTML in hand after ${thousands(online.html)} ms.`,
  )
}

async function measure(path: string, run: number): Promise<Record<Kind, Visit>> {
  const browserContext = await browser.newContext({ serviceWorkers: 'allow', ...SCREEN.options })
  await browserContext.addInitScript(noteHydration)
  const open = async (conditions: Conditions) => {
    await workers.set(conditions)
    const page = await browserContext.newPage()
    await throttlePage(browserContext, page, conditions)
    return page
  }
  try {
    // The worker installs under the same throttle, as on the phone: its precache shares the line with the page.
    const first = await open(SLOW)
    const cold = await visit(first, path)
    await workerSettled(first)
    if (CHOOSES) await decline(first, path)
    await first.close()
    const installed = workerTransfer()

    const second = await open(SLOW)
    const online = await visit(second, path)
    await second.close()
    const repeat = workerTransfer()

    await browserContext.setOffline(true)
    const third = await open(OFFLINE)
    const offline = await visit(third, path)
    await third.close()
    workerTransfer()
    if (run === 0) reportTransfer(path, cold, installed, online, repeat)
    return { cold, online, offline }
  } finally {
    await browserContext.close()
  }
}

const executablePath = findChromium()
if (!executablePath) throw new Error('No Chromium found: install chromium or set CHROMIUM_PATH.')
execFileSync(process.execPath, ['scripts/build-if-needed.ts'], { stdio: 'inherit' })
const server = await startServer(PORT)
const browser = await chromium.launch({
  executablePath,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
})
const workers = await WorkerThrottle.connect(DEBUGGING_PORT)
try {
  const rows = []
  const missed = new Map<Metric, string[]>(TARGETED.map((metric) => [metric, []]))
  for (const path of PAGES) {
    const runs: Record<Kind, Visit>[] = []
    for (let run = 0; run < RUNS; run++) runs.push(await measure(path, run))
    for (const metric of METRICS) {
      const [cold, online, offline] = (['cold', 'online', 'offline'] as const).map((kind) =>
        median(runs.map((r) => r[kind][metric])),
      ) as [number, number, number]
      const ratios = [online / cold, offline / cold]
      if (ratios.some((ratio) => !(ratio <= TARGET)))
        missed.get(metric)?.push(`${path} ${ratios.map((r) => r.toFixed(2)).join(' / ')}`)
      rows.push({
        page: path,
        metric,
        'cold ms': thousands(cold),
        'repeat online ms': thousands(online),
        'repeat offline ms': thousands(offline),
        'online / cold': ratios[0]!.toFixed(2),
        'offline / cold': ratios[1]!.toFixed(2),
      })
    }
  }
  console.log(
    `Medians of ${RUNS} runs; ${SLOW.latency} ms latency, ${(SLOW.downloadThroughput * 8) / 1024} kbit/s, ` +
      `CPU ${CPU_SLOWDOWN}× slower, ${SCREEN.name}. Times from the navigation's start.`,
  )
  console.table(rows)
  for (const [metric, pages] of missed)
    console.log(
      pages.length === 0
        ? `${metric}: every repeat visit ≤ ${TARGET} of the cold one (target met).`
        : `${metric}: over ${TARGET} of the cold one (online / offline) on ${pages.join(', ')}.`,
    )
} finally {
  workers.close()
  await browser.close()
  await server.stop()
}
