// `npm run db:migrate`, `npm run db:seed`, for customer service `npm run cart:key -- <cart id> [minutes]` (a
// single-use key that opens a customer's cart), and `npm run jobs -- list | retry <id>` (failed background jobs), on
// the database of DATABASE_URL.
import { issueImpersonationKey } from '../cart/cart-maintenance.ts'
import { loadConfig } from '../config.ts'
import { jobsCommand } from '../jobs/job-cli.ts'
import { migrateToLatest, openDatabase } from './database.ts'
import { ensureDatabaseOrExit } from './ensure-database.ts'
import { seed } from './seed/seed.ts'

const [command, ...args] = process.argv.slice(2)
if (command !== 'migrate' && command !== 'seed' && command !== 'impersonation-key' && command !== 'jobs') {
  console.error(
    'usage: node src/server/db/cli.ts migrate | seed | impersonation-key <cart id> [minutes] | jobs list|retry <id>',
  )
  process.exit(2)
}
const config = loadConfig()
await ensureDatabaseOrExit(config.DATABASE_URL)
const database = openDatabase(config.DATABASE_URL)
try {
  if (command === 'jobs') {
    process.exitCode = await jobsCommand(database.db, args)
  } else if (command === 'impersonation-key') {
    const minutes = Number(args[1] ?? 30)
    if (!args[0] || !Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
      console.error('usage: node src/server/db/cli.ts impersonation-key <cart id> [minutes, 1 to 1440]')
      process.exit(2)
    }
    const key = await issueImpersonationKey(database.db, args[0], minutes)
    process.stdout.write(`${key}\n`)
    console.warn(`Opens cart ${args[0]} once, within ${minutes} minutes: POST /api/cart/impersonate?key=${key}`)
  } else {
    const applied = await migrateToLatest(database.db)
    console.warn(applied.length > 0 ? `migrations applied: ${applied.join(', ')}` : 'database schema is up to date')
    if (command === 'seed') {
      const { rows } = await seed(database.db)
      console.warn(`seed loaded: ${rows} rows written (existing rows updated in place)`)
    }
  }
} finally {
  await database.close()
}
