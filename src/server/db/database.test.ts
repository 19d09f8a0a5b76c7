import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../tests/helpers/database.ts'
import { migrateToLatest, POSTGRES_POOL_MAX, sqliteFilename, isPostgresUrl } from './database.ts'
import { buildSeed } from './seed/build.ts'
import { seed } from './seed/seed.ts'
import { dumpSeedTables, hasNoSites, writeSeedRows } from './seed/seed.repository.ts'

describe('database URLs', () => {
  it.each([
    ['postgres://u@h/db', true],
    ['postgresql://u@h/db', true],
    ['sqlite:data/shop.sqlite', false],
    ['data/shop.sqlite', false],
  ])('%s is PostgreSQL: %s', (url, expected) => expect(isPostgresUrl(url)).toBe(expected))

  it.each([
    ['sqlite:data/shop.sqlite', 'data/shop.sqlite'],
    ['file:/tmp/x.sqlite', '/tmp/x.sqlite'],
    ['sqlite::memory:', ':memory:'],
  ])('%s opens the file %s', (url, file) => expect(sqliteFilename(url)).toBe(file))

  it('caps the PostgreSQL pool at 50 connections', () => expect(POSTGRES_POOL_MAX).toBe(50))
})

describe.each(DIALECTS)('migrations and seed on %s', (dialect) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(dialect)
  })
  afterAll(async () => database.drop())

  it('migrates an empty database to the latest schema, and again changes nothing', async () => {
    expect(await migrateToLatest(database.handle.db)).toEqual([
      '0001_platform',
      '0002_conversions',
      '0003_catalogue',
      '0004_cart',
      '0005_jobs',
      '0006_backoffice',
      '0007_mail',
      '0008_sessions',
      '0009_payments',
      '0010_addresses',
      '0011_orders',
      '0012_payment_selection',
      '0013_invoices',
      '0014_payment_refunds',
      '0015_accounts',
      '0018_returns',
      '0019_reviews_and_scans',
      '0020_newsletter',
      '0021_seller',
      '0022_feeding_guides',
      '0023_articles',
      '0024_dealers',
      '0025_stock_reminders',
    ])
    expect(await migrateToLatest(database.handle.db)).toEqual([])
    expect(await hasNoSites(database.handle.db)).toBe(true)
  })

  it('seeds, and seeding a second time changes nothing', async () => {
    const first = await seed(database.handle.db)
    expect(first.rows).toBeGreaterThan(2000)
    const before = await dumpSeedTables(database.handle.db)
    await seed(database.handle.db)
    const after = await dumpSeedTables(database.handle.db)
    expect(after).toEqual(before)
    expect(before.sites).toHaveLength(18)
    expect(before.languages).toHaveLength(15)
  })

  it('leaves the database as it was when a seed write fails half-way', async () => {
    const before = await dumpSeedTables(database.handle.db)
    const rows = buildSeed()
    rows.sites = rows.sites.map((site) => (site.id === 5 ? { ...site, name: 'changed' } : site))
    rows.urls = [...rows.urls, { ...rows.urls[0]!, languageId: 999 }] // foreign-key violation, written after sites
    await expect(database.handle.db.transaction().execute((trx) => writeSeedRows(trx, rows))).rejects.toThrow()
    expect(await dumpSeedTables(database.handle.db)).toEqual(before)
  })

  it('enforces foreign keys', async () => {
    await expect(
      database.handle.db
        .insertInto('siteDomains')
        .values({ domain: 'x.example', siteId: 999, isPrimary: false })
        .execute(),
    ).rejects.toThrow()
  })

  it('has every page of every site in each of its languages, each with a URL', async () => {
    const { db } = database.handle
    const missing = await sql<{ id: number }>`
      select p.id from content_pages p
      join site_languages sl on sl.site_id = p.site_id
      left join content_page_texts t on t.content_page_id = p.id and t.language_id = sl.language_id
      where t.content_page_id is null`.execute(db)
    expect(missing.rows).toEqual([])
    const withoutUrl = await sql<{ id: number }>`
      select p.id from content_pages p
      join site_languages sl on sl.site_id = p.site_id
      where not exists (select 1 from urls u where u.site_id = p.site_id and u.language_id = sl.language_id
        and u.route_key in ('contentPage:' || p.id, 'faq:' || p.id || '::'))`.execute(db)
    expect(withoutUrl.rows).toEqual([])
  })
})
