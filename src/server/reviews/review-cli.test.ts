// `npm run backoffice -- reviews` and `review-status` as a process on an SQLite file: the moderation queue, and a
// moderation through the same service as the API, audited as 'cli', with a new catalogue version on approval.
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '../db/database.ts'
import { seed } from '../db/seed/seed.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/database.ts'
import { findAudit } from '../backoffice/backoffice.repository.ts'

const REVIEW_ID = 1_000_000_000
let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase('sqlite')
  await migrateToLatest(database.handle.db)
  await seed(database.handle.db)
  await database.handle.db
    .insertInto('reviews')
    .values({
      id: REVIEW_ID,
      productId: 1,
      languageId: 12,
      rating: 5,
      author: 'Anna V.',
      title: 'Top',
      text: 'Mijn paard eet het graag op',
      createdAt: '2026-11-25T12:00:00.000Z',
      status: 'pending',
    })
    .execute()
  await database.handle.close()
})
afterAll(() => database.drop())

function run(args: string[]) {
  return spawnSync(process.execPath, ['src/server/backoffice/backoffice.cli.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: database.url },
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

describe('npm run backoffice -- reviews and review-status', () => {
  it('lists the pending reviews, approves one (audited as cli, a new product version), then none is pending', async () => {
    const pending = run(['reviews'])
    expect(pending.status, pending.stderr).toBe(0)
    expect((JSON.parse(pending.stdout) as { id: number }[]).map((r) => r.id)).toEqual([REVIEW_ID])

    const approved = run(['review-status', String(REVIEW_ID), 'approved'])
    expect(approved.status, approved.stderr).toBe(0)
    const change = JSON.parse(approved.stdout) as { from: string; to: string; catalogueVersion: number }
    expect(change).toMatchObject({ from: 'pending', to: 'approved' })
    const version = await inDatabase(async (db) =>
      Number((await db.selectFrom('products').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version),
    )
    expect(version).toBe(change.catalogueVersion)
    const audit = await inDatabase(findAudit)
    expect(audit.filter((a) => a.action === 'review-status')).toEqual([
      expect.objectContaining({ tokenFingerprint: 'cli', summary: expect.objectContaining({ reviewId: REVIEW_ID }) }),
    ])
    expect(JSON.parse(run(['reviews']).stdout)).toEqual([])
  })

  it('answers an unknown review with exit code 1', () => {
    const result = run(['review-status', '999999999', 'rejected'])
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/Review 999999999 was not found/)
  })

  it.each([
    ['a status the back office does not set', ['review-status', String(REVIEW_ID), 'pending']],
    ['an id that is no id', ['review-status', 'x', 'approved']],
    ['an unknown status to list', ['reviews', 'everything']],
  ])('refuses %s with exit code 2', (_, args) => {
    const result = run(args)
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(/usage/)
  })
})
