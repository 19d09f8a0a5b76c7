// Test databases: SQLite always, PostgreSQL too when TEST_POSTGRES_URL is set (.ci/run sets it). Each call makes a
// fresh, empty database (a temp file, or a new PostgreSQL database) and returns a handle plus a cleanup function.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from 'pg'
import { openDatabase, type DatabaseHandle, type Dialect } from '../../src/server/db/database.ts'

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL

/** The dialects the database tests run on, for `describe.each`. */
export const DIALECTS: Dialect[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite']

export interface TestDatabase {
  url: string
  handle: DatabaseHandle
  /** Closes the handle (if still open) and removes the database. */
  drop(): Promise<void>
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-test-'))
    const url = `sqlite:${join(dir, 'shop.sqlite')}`
    const handle = openDatabase(url)
    return {
      url,
      handle,
      drop: async () => {
        await handle.close().catch(() => undefined)
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  if (!POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set')
  const name = `shop_test_${randomBytes(6).toString('hex')}`
  const admin = new Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  const handle = openDatabase(url.toString(), { poolMax: 5 })
  return {
    url: url.toString(),
    handle,
    drop: async () => {
      await handle.close().catch(() => undefined)
      const client = new Client({ connectionString: POSTGRES_URL })
      await client.connect()
      try {
        // Without FORCE: a pool that just ended may still be saying goodbye; wait for it rather than kill it.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name}`)
            break
          } catch (error) {
            if (attempt >= 50) throw error
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        }
      } finally {
        await client.end()
      }
    },
  }
}
