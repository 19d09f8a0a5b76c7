import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E_PORT } from './ports.ts'

// What a first visit must fetch before the page can run: the scripts its HTML names (the entry and the modules it
// preloads). On a rural line each file costs a round trip and each kilobyte a few milliseconds, so the home page
// keeps to few files, and no first page carries zod or Dexie: they load with the forms and stores that need them.
// (The bytes are a benchmark figure: npm run bench.)

// Node does not resolve *.localhost: ask localhost, naming the Dutch site in the Host header.
const BASE = `http://localhost:${E2E_PORT}`
const HOST = { host: `equivera-nl.localhost:${E2E_PORT}` }

/** The scripts a page's HTML makes the browser fetch at once: the modules it preloads (the entry among them). */
async function firstScripts(path: string, request: APIRequestContext) {
  const html = await (await request.get(`${BASE}${path}`, { headers: HOST })).text()
  const sources = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)]
  return [...new Set(sources.map((match) => match[1]!))]
}

test('the page paints before the app starts, and its modules come after its pictures', async ({ page, request }) => {
  const html = await (await request.get(`${BASE}/muesli/sport-muesli/`, { headers: HOST })).text()
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0])
  expect(preloads.length).toBeGreaterThan(0)
  for (const link of preloads) expect(link).toContain('fetchPriority="low"')
  expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/)

  await page.goto(`http://equivera-nl.localhost:${E2E_PORT}/muesli/sport-muesli/`)
  await expect(page.locator('html[data-hydrated]')).toBeAttached()
  const [paint, start] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    performance.getEntriesByName('shop:start')[0]?.startTime,
  ])
  expect(paint).toBeDefined()
  expect(start).toBeDefined()
  expect(paint!).toBeLessThanOrEqual(start!)
})

for (const path of ['/', '/muesli/', '/muesli/sport-muesli/']) {
  test(`${path} loads at most 12 script files`, async ({ request }) => {
    const scripts = await firstScripts(path, request)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(12)
  })
}

for (const path of ['/', '/muesli/', '/muesli/sport-muesli/', '/vergelijken/']) {
  test(`${path}: no zod and no Dexie on the first page's path`, async ({ request }) => {
    for (const script of await firstScripts(path, request)) {
      const code = await (await request.get(`${BASE}${script}`, { headers: HOST })).text()
      // Names both libraries keep in their minified code.
      expect(code.includes('$ZodError'), `${script} holds zod`).toBe(false)
      expect(code.includes('DexieError'), `${script} holds Dexie`).toBe(false)
    }
  })
}
