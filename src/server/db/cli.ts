// `npm run db:migrate` and `npm run db:seed`, on the database of DATABASE_URL.
import { loadConfig } from '../config.ts'
import { migrateToLatest, openDatabase } from './database.ts'
import { seed } from './seed/seed.ts'

const command = process.argv[2]
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: node src/server/db/cli.ts migrate|seed')
  process.exit(2)
}
const config = loadConfig()
const database = openDatabase(config.DATABASE_URL)
try {
  const applied = await migrateToLatest(database.db)
  console.warn(applied.length > 0 ? `migrations applied: ${applied.join(', ')}` : 'database schema is up to date')
  if (command === 'seed') {
    const { rows } = await seed(database.db)
    console.warn(`seed loaded: ${rows} rows written (existing rows updated in place)`)
  }
} finally {
  await database.close()
}
