import type { Db } from '../database.ts'
import { buildSeed, type SeedRows } from './build.ts'
import { writeSeedRows } from './seed.repository.ts'

/**
 * Loads the seed data: every row is upserted by its primary key in one transaction, so running it again
 * changes nothing and a failure leaves the database as it was.
 */
export async function seed(db: Db): Promise<{ rows: number }> {
  const rows: SeedRows = buildSeed()
  await db.transaction().execute((trx) => writeSeedRows(trx, rows))
  return { rows: Object.values(rows).reduce((sum, table) => sum + table.length, 0) }
}
