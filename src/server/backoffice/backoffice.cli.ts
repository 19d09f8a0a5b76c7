// `npm run backoffice -- stock <file.json|->`: the back-office stock update from the command line, for a feed file or
// a pipe (`-` reads standard input). The same JSON as PUT /api/backoffice/stock, the same checks and the same service
// function on the database of DATABASE_URL, audited with the fingerprint 'cli'. Prints the result as JSON; exits 1
// when the update is refused (nothing changed), 2 on wrong usage or a bad document.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { StockUpdateSchema } from '../../domain/backoffice-api.ts'
import { loadConfig } from '../config.ts'
import { openDatabase, pendingMigrations } from '../db/database.ts'
import { ensureDatabaseOrExit } from '../db/ensure-database.ts'
import { updateStock } from './backoffice.service.ts'

const USAGE = 'usage: npm run backoffice -- stock <file.json|->   (- reads the JSON from standard input)'

const [command, source, ...rest] = process.argv.slice(2)
if (command !== 'stock' || !source || rest.length > 0) {
  console.error(USAGE)
  process.exit(2)
}

let document: unknown
try {
  document = JSON.parse(readFileSync(source === '-' ? 0 : source, 'utf8'))
} catch (error) {
  console.error(`${source === '-' ? 'standard input' : source}: ${(error as Error).message}`)
  process.exit(2)
}
const rows = StockUpdateSchema.safeParse(document)
if (!rows.success) {
  console.error(`The stock update is not valid:\n${z.prettifyError(rows.error)}`)
  process.exit(2)
}

const config = loadConfig()
await ensureDatabaseOrExit(config.DATABASE_URL)
const database = openDatabase(config.DATABASE_URL)
try {
  // A tool run beside the server does not change the schema; the server or `npm run db:migrate` does.
  const pending = await pendingMigrations(database.db)
  if (pending.length > 0)
    throw new Error(`The database lacks migrations (${pending.join(', ')}): run npm run db:migrate first.`)
  const origin = { action: 'stock', tokenFingerprint: 'cli', requestId: `cli-${randomUUID()}` }
  const result = await updateStock(database, rows.data, origin)
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  console.warn(
    `stock set for ${rows.data.length} variants, ${result.updated} changed (catalogue version ${result.catalogueVersion})`,
  )
} catch (error) {
  // A refusal (unknown variants) or a database not ready: one line, nothing changed.
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
} finally {
  await database.close()
}
