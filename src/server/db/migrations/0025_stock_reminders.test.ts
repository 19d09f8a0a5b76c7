// Migration 0025 remakes `stock_reminders` (SQLite cannot change a primary key): the requests stored before keep
// everything they had and each gets an id and a cancel token of its own; down() gives the old table back.
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../../tests/helpers/database.ts'
import { seed } from '../seed/seed.ts'
import { migrationProvider } from './index.ts'

describe.each(DIALECTS)('migration 0025 on %s', (dialect) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(dialect)
  })
  afterAll(async () => database.drop())

  it('keeps the stored requests, each with an id and its own cancel token, and down() gives them back', async () => {
    const db = database.handle.db
    const migrator = new Migrator({ db, provider: migrationProvider })
    expect((await migrator.migrateTo('0024_dealers')).error).toBeUndefined()
    // The seed writes the latest schema's tables; the requests go in by raw SQL, as 0024 knew them.
    await migrator.migrateToLatest()
    await seed(db)
    await migrator.migrateTo('0024_dealers')
    // oxlint-disable-next-line typescript/no-explicit-any -- the table as it was before 0025
    const old = db as any
    const rows = [
      {
        siteId: 1,
        variantId: 3601,
        emailAddress: 'a@example.nl',
        languageId: 12,
        createdAt: '2026-10-01T00:00:00.000Z',
        notifiedAt: null,
      },
      {
        siteId: 1,
        variantId: 4001,
        emailAddress: 'b@example.nl',
        languageId: 12,
        createdAt: '2026-10-02T00:00:00.000Z',
        notifiedAt: '2026-10-03T00:00:00.000Z',
      },
    ]
    await old.insertInto('stockReminders').values(rows).execute()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const after = await db.selectFrom('stockReminders').selectAll().orderBy('emailAddress').execute()
    expect(
      after.map(({ siteId, variantId, emailAddress, languageId, createdAt, notifiedAt }) => ({
        siteId,
        variantId,
        emailAddress,
        languageId,
        createdAt,
        notifiedAt,
      })),
    ).toEqual(rows)
    expect(after.map((r) => r.cancelToken)).toEqual([
      expect.stringMatching(/^[0-9a-f]{32}$/),
      expect.stringMatching(/^[0-9a-f]{32}$/),
    ])
    expect(after[0]!.cancelToken).not.toBe(after[1]!.cancelToken)
    expect(after.every((r) => r.id > 0 && r.cancelledAt === null && r.accountId === null)).toBe(true)

    expect((await migrator.migrateTo('0024_dealers')).error).toBeUndefined()
    expect(await old.selectFrom('stockReminders').selectAll().orderBy('emailAddress').execute()).toEqual(rows)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
  })
})
