// `npm run backoffice -- stock` as a process on an SQLite file: a file and standard input set the stock through the
// same service as the API, audited as 'cli'; a refused update changes nothing and a bad document is refused before
// the database is opened.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StockUpdateResultSchema } from '../../domain/backoffice-api.ts'
import { migrateToLatest, openDatabase, sqliteFilename } from '../db/database.ts'
import { seed } from '../db/seed/seed.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/database.ts'
import { findAudit } from './backoffice.repository.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase('sqlite')
  await migrateToLatest(database.handle.db)
  await seed(database.handle.db)
  await database.handle.close()
})
afterAll(() => database.drop())

function run(args: string[], input?: string, url = database.url) {
  return spawnSync(process.execPath, ['src/server/backoffice/backoffice.cli.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: url },
    input,
    encoding: 'utf8',
  })
}

async function inDatabase<T>(read: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const handle = openDatabase(database.url)
  try {
    return await read(handle.db)
  } finally {
    await handle.close()
  }
}
const stockOf = (variantId: number) =>
  inDatabase(async (db) => {
    const row = await db
      .selectFrom('variantStock')
      .select('amount')
      .where('variantId', '=', variantId)
      .executeTakeFirst()
    return row?.amount
  })

describe('npm run backoffice -- stock', () => {
  it('sets the stock from a file and audits it as the command line', async () => {
    const file = join(dirname(sqliteFilename(database.url)), 'feed.json')
    writeFileSync(file, JSON.stringify([{ productVariantId: 2901, stock: 11 }], null, 2))
    const result = run(['stock', file])
    expect(result.status, result.stderr).toBe(0)
    expect(StockUpdateResultSchema.parse(JSON.parse(result.stdout)).rows).toEqual([
      { productVariantId: 2901, oldStock: 124, newStock: 11 },
    ])
    expect(await stockOf(2901)).toBe(11)
    const audit = await inDatabase(findAudit)
    expect(audit).toEqual([expect.objectContaining({ action: 'stock', tokenFingerprint: 'cli' })])
    expect(audit[0]!.requestId).toMatch(/^cli-/)
  })

  it('reads standard input for -', async () => {
    const result = run(['stock', '-'], JSON.stringify([{ productVariantId: 2902, stock: 3 }]))
    expect(result.status, result.stderr).toBe(0)
    expect(await stockOf(2902)).toBe(3)
  })

  it('refuses an update with an unknown variant, naming it, and changes nothing', async () => {
    const result = run(
      ['stock', '-'],
      JSON.stringify([
        { productVariantId: 2901, stock: 99 },
        { productVariantId: 999_999, stock: 1 },
      ]),
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('999999')
    expect(await stockOf(2901)).toBe(11)
  })

  it('refuses a database that lacks migrations, saying what to run', async () => {
    const empty = await createTestDatabase('sqlite')
    await empty.handle.close()
    try {
      const result = run(['stock', '-'], '[{"productVariantId":2901,"stock":1}]', empty.url)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('run npm run db:migrate first')
    } finally {
      await empty.drop()
    }
  })

  it.each([
    ['a document that is not JSON', ['stock', '-'], 'not json', /JSON/],
    [
      'a variant twice',
      ['stock', '-'],
      '[{"productVariantId":1,"stock":1},{"productVariantId":1,"stock":2}]',
      /more than once/,
    ],
    ['no source', ['stock'], undefined, /usage/],
    ['another command', ['price', '-'], undefined, /usage/],
  ])('refuses %s with exit code 2', (_, args, input, message) => {
    const result = run(args, input)
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(message)
  })
})
