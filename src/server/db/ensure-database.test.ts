import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { Client } from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { POSTGRES_URL } from '../../../tests/helpers/database.ts'
import { DatabaseSetupError, ensureDatabase } from './ensure-database.ts'

const run = promisify(execFile)

it('leaves SQLite alone', async () => {
  expect(await ensureDatabase('sqlite::memory:')).toBe(false)
})

it('says in one line that PostgreSQL is not running where the URL points', async () => {
  const error = await ensureDatabase('postgres://postgres@127.0.0.1:1/shop').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(DatabaseSetupError)
  expect((error as Error).message).toBe('PostgreSQL at 127.0.0.1:1 refuses connections: is it running?')
})

// Against the local PostgreSQL (TEST_POSTGRES_URL, as .ci/run sets it).
describe.runIf(POSTGRES_URL)('a PostgreSQL database that does not exist yet', () => {
  const suffix = randomBytes(5).toString('hex')
  const created = `shop_ensure_${suffix}`
  const role = `shop_nocreate_${suffix}`
  const urlOf = (database: string, user?: string) => {
    const url = new URL(POSTGRES_URL!)
    url.pathname = `/${database}`
    if (user) url.username = user
    return url.toString()
  }
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: POSTGRES_URL })
    await client.connect()
    try {
      return await client.query(sql)
    } finally {
      await client.end()
    }
  }
  afterAll(async () => {
    await admin(`drop database if exists ${created}`)
    await admin(`drop role if exists ${role}`)
  })

  it('is created when the role may, once', async () => {
    expect(await ensureDatabase(urlOf(created))).toBe(true)
    expect((await admin(`select 1 from pg_database where datname = '${created}'`)).rowCount).toBe(1)
    expect(await ensureDatabase(urlOf(created))).toBe(false)
  })

  it('stops the server with one line saying what to run when the role may not', async () => {
    await admin(`create role ${role} login nocreatedb`)
    const missing = `shop_missing_${suffix}`
    const { hostname, port } = new URL(POSTGRES_URL!)
    const where = `${hostname} -p ${port || 5432}`
    await expect(ensureDatabase(urlOf(missing, role))).rejects.toThrow(
      `The database "${missing}" does not exist on ${hostname}:${port || 5432} and could not be created (role ${role} may not create databases): run \`createdb`,
    )
    const start = await run(process.execPath, ['src/server/db/cli.ts', 'migrate'], {
      env: { ...process.env, DATABASE_URL: urlOf(missing, role) },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(start).toMatchObject({ code: 1 })
    const stderr = (start as { stderr: string }).stderr.trim()
    expect(stderr.split('\n')).toHaveLength(1)
    expect(stderr).toContain(`createdb -h ${where}`)
  })
})
