import type { Db } from '../database.ts'
import { buildSeed } from './build.ts'
import type { SeedRows } from './seed-tables.ts'
import { stampCatalogue, type CatalogueStamp } from './catalogue-seed.repository.ts'
import { writeSeedRows } from './seed.repository.ts'
import { seedGiftCards } from './gift-card-seed.ts'

/**
 * Loads the seed data: every row is upserted by its primary key in one transaction, so running it again
 * changes nothing and a failure leaves the database as it was.
 */
export async function seed(db: Db): Promise<{ rows: number; catalogue: CatalogueStamp }> {
  const rows: SeedRows = buildSeed()
  const catalogue = await db.transaction().execute(async (trx) => {
    // Only catalogue products whose seed changed are written, with a new catalogue version (delta sync).
    const stamp = await stampCatalogue(trx, rows)
    await writeSeedRows(trx, rows)
    await seedGiftCards(trx)
    return stamp
  })
  return { rows: Object.values(rows).reduce((sum, table) => sum + table.length, 0), catalogue }
}
