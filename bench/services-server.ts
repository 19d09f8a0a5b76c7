// The shop's API for services.bench.ts: built like main.ts (production mode, no pages), with the security headers on
// or off (BENCH_SECURITY) and two routes of its own that answer the same small document, one after reading the
// request's session, so the benchmark sees what the headers and a session lookup cost per request.
import { buildApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts'
import { seed } from '../src/server/db/seed/seed.ts'
import { hasNoSites } from '../src/server/db/seed/seed.repository.ts'

const config = loadConfig()
const database = openDatabase(config.DATABASE_URL)
await migrateToLatest(database.db)
if (await hasNoSites(database.db)) await seed(database.db)
const app = await buildApp({ config, database, security: process.env.BENCH_SECURITY !== 'off' })

const answer = (request: { scope?: { site: { id: number } } }) => ({ siteId: request.scope?.site.id ?? null })
// Not kept by the answer cache, so every request does the route's work.
app.get('/api/bench/plain', { config: { cache: 'none' } }, async (request) => answer(request))
app.get('/api/bench/session', { config: { cache: 'none' } }, async (request) => {
  await request.session.get()
  return answer(request)
})
// Makes a session and its cookie, for the requests that look it up.
app.post('/api/bench/session', { config: { cache: 'none' } }, async (request) => {
  await request.session.set({ bench: true })
  return answer(request)
})

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
await app.listen({ port: config.PORT, host: config.HOST })
