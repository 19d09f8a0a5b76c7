import { sql, type Transaction } from 'kysely'
import type { Db } from '../database.ts'
import type { Database } from '../schema.ts'
import { SEED_KEYS, SEED_TABLE_ORDER, type SeedRows } from './seed-tables.ts'

// Rows per insert: stays well below SQLite's 32766 and PostgreSQL's 65535 bound parameters.
const BATCH = 200

export async function writeSeedRows(trx: Transaction<Database>, rows: SeedRows): Promise<void> {
  for (const table of SEED_TABLE_ORDER) {
    const tableRows = rows[table] as Record<string, unknown>[]
    const keys = SEED_KEYS[table] as string[]
    for (let i = 0; i < tableRows.length; i += BATCH) {
      const batch = tableRows.slice(i, i + BATCH)
      const columns = Object.keys(batch[0]!).filter((c) => !keys.includes(c))
      await trx
        .insertInto(table)
        .values(batch as never)
        .onConflict((oc) => {
          const target = oc.columns(keys as never)
          if (columns.length === 0) return target.doNothing()
          return target.doUpdateSet(
            Object.fromEntries(
              columns.map((c) => [c, (eb: { ref(r: string): unknown }) => eb.ref(`excluded.${c}`)]),
            ) as never,
          )
        })
        .execute()
    }
  }
}

/** Whether the database holds no site yet, i.e. seeding is due on first start. */
export async function hasNoSites(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('sites')
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count) === 0
}

/** Every row of every seeded table in a stable order: what a test compares before and after a second seed. */
export async function dumpSeedTables(db: Db): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {}
  for (const table of SEED_TABLE_ORDER) {
    let query = db.selectFrom(table).selectAll()
    for (const key of SEED_KEYS[table]) query = query.orderBy(key as never)
    dump[table] = await query.execute()
  }
  return dump
}
