import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../db/database.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/database.ts'
import { addressPrefixQuery, prefixUpperBound } from './address.repository.ts'

describe('prefix ranges', () => {
  it.each([
    ['kerk', 'kerl'],
    ['1234ab', '1234ac'],
    ['12349', '1234a'],
    ['abz', 'ac'],
    ['zz', undefined],
  ])('%s… ends before %s', (prefix, upper) => expect(prefixUpperBound(prefix)).toBe(upper))
})

describe('address queries on sqlite', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('sqlite')
    await migrateToLatest(database.handle.db)
  })
  afterAll(async () => database.drop())

  it.each([
    ['postcodeKey', 'addresses_postcode'],
    ['streetKey', 'addresses_street'],
    ['cityKey', 'addresses_city'],
  ] as const)('searches %s with the index %s', async (column, index) => {
    const { db } = database.handle
    const compiled = addressPrefixQuery(db, { countryCode: 'NL', column, prefix: 'ab', limit: 10 }).compile()
    const plan = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` })
    expect(plan.rows.map((row) => row.detail).join()).toMatch(
      new RegExp(`SEARCH addresses USING (COVERING )?INDEX ${index}`),
    )
  })

  it('lists pickup points in a latitude band with their index', async () => {
    const { db } = database.handle
    const compiled = db
      .selectFrom('pickupPoints')
      .select('id')
      .where('countryCode', '=', 'NL')
      .where('latitude', '>=', 52)
      .where('latitude', '<=', 53)
      .compile()
    const plan = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` })
    expect(plan.rows.map((row) => row.detail).join()).toMatch(/USING (COVERING )?INDEX pickup_points_latitude/)
  })
})
