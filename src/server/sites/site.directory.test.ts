import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/database.ts'
import { migrateToLatest } from '../db/database.ts'
import { seed } from '../db/seed/seed.ts'
import { hostnameOf, SiteDirectory } from './site.directory.ts'

/** Waits until `check` holds (the refresh runs in the background), at most 2 s. */
async function eventually(check: () => boolean) {
  for (let waited = 0; !check() && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('SiteDirectory', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('sqlite')
    await migrateToLatest(database.handle.db)
    await seed(database.handle.db)
  })
  afterAll(async () => database.drop())

  it.each([
    ['www.equivera.nl:8080', 'www.equivera.nl'],
    ['EQUIVERA-NL.localhost', 'equivera-nl.localhost'],
    ['[::1]:8080', '[::1]'],
    ['localhost', 'localhost'],
  ])('reads the host of %s as %s', (host, hostname) => expect(hostnameOf(host)).toBe(hostname))

  it('picks up a change to a site at its next refresh, from any server', async () => {
    const { db } = database.handle
    const directory = new SiteDirectory(db, { refreshMs: 0 })
    await directory.reload()
    await db.updateTable('sites').set({ name: 'Equivera NL (renamed)' }).where('id', '=', 1).execute()
    expect(directory.byId(1)?.name).toBe('Equivera Nederland') // served from memory while the refresh runs
    await eventually(() => directory.byId(1)?.name !== 'Equivera Nederland')
    expect(directory.byId(1)?.name).toBe('Equivera NL (renamed)')
  })

  it('keeps serving the sites it has and reports the error when a refresh fails', async () => {
    const errors: unknown[] = []
    const directory = new SiteDirectory(database.handle.db, { refreshMs: 0, onReloadError: (e) => errors.push(e) })
    await directory.reload()
    await database.handle.db.schema.dropTable('site_texts').execute()
    expect(directory.byDomain('www.equivera.be')?.id).toBe(2)
    await eventually(() => errors.length > 0)
    expect(directory.byDomain('www.equivera.be')?.id).toBe(2)
    expect(errors).toHaveLength(1)
  })
})
