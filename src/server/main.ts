// Starts the shop: configuration, database (migrated, seeded when empty), HTTP server, the job worker (unless
// JOBS=off), graceful shutdown.
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { migrateToLatest, openDatabase } from './db/database.ts'
import { ensureDatabaseOrExit } from './db/ensure-database.ts'
import { seed } from './db/seed/seed.ts'
import { hasNoSites } from './db/seed/seed.repository.ts'
import { loadRenderer } from './render/load-renderer.ts'

const config = loadConfig()
await ensureDatabaseOrExit(config.DATABASE_URL)
const database = openDatabase(config.DATABASE_URL)
const applied = await migrateToLatest(database.db)
if (config.SEED_ON_EMPTY && (await hasNoSites(database.db))) await seed(database.db)

const renderer = await loadRenderer(config.DIST_DIR)
const app = await buildApp({ config, database, renderer })
if (!renderer) app.log.warn(`no build in ${config.DIST_DIR}/: serving the API only (run npm run build)`)
if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied')

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight')
  const timer = setTimeout(() => {
    app.log.error('requests in flight did not finish in time; exiting')
    process.exit(1)
  }, config.SHUTDOWN_TIMEOUT_MS)
  timer.unref()
  await app.close() // stops listening, waits for requests and jobs in flight, then closes the database (onClose hook)
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ port: config.PORT, host: config.HOST })
if (config.JOBS === 'on') await app.context.jobs.start()
app.log.info(`shop serving on ${config.PUBLIC_URL} (${database.dialect})`)
