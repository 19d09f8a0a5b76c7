import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Kysely, sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NodeSqliteDialect, openSqlite } from './sqlite-dialect.ts'

interface Db {
  items: { id: number; name: string; active: number }
}

let dir: string
let db: Kysely<Db>

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-dialect-'))
  db = new Kysely<Db>({ dialect: new NodeSqliteDialect({ filename: join(dir, 'test.sqlite'), busyTimeoutMs: 200 }) })
  await sql`create table items (id integer primary key, name text not null unique, active integer not null)`.execute(db)
})

afterEach(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

describe('NodeSqliteDialect', () => {
  it('opens the file in WAL mode with foreign keys on', async () => {
    const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)
    const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)
    expect(journal[0]?.journal_mode).toBe('wal')
    expect(fk[0]?.foreign_keys).toBe(1)
  })

  it('binds booleans as 0/1 and returns inserted ids and affected rows', async () => {
    const result = await db
      .insertInto('items')
      .values({ id: 1, name: 'hay', active: true as never })
      .executeTakeFirst()
    expect(result.insertId).toBe(1n)
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([{ id: 1, name: 'hay', active: 1 }])
    const updated = await db.updateTable('items').set({ active: 0 }).executeTakeFirst()
    expect(updated.numUpdatedRows).toBe(1n)
  })

  it('returns rows of INSERT … RETURNING', async () => {
    const row = await db
      .insertInto('items')
      .values({ id: 2, name: 'oats', active: 1 })
      .returning(['id', 'name'])
      .executeTakeFirst()
    expect(row).toEqual({ id: 2, name: 'oats' })
  })

  it('rolls a failed transaction back completely', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 1, name: 'hay', active: 1 }).execute()
        await trx.insertInto('items').values({ id: 2, name: 'hay', active: 1 }).execute() // unique violation
      }),
    ).rejects.toThrow(/UNIQUE/)
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([])
  })

  it('keeps concurrent transactions apart on its single connection', async () => {
    const order: string[] = []
    const run = (name: string) =>
      db.transaction().execute(async (trx) => {
        order.push(`${name}:begin`)
        await trx
          .insertInto('items')
          .values({ name, active: 1 } as never)
          .execute()
        await new Promise((resolve) => setTimeout(resolve, 10))
        order.push(`${name}:end`)
      })
    await Promise.all([run('a'), run('b'), db.selectFrom('items').selectAll().execute()])
    expect(order).toEqual(['a:begin', 'a:end', 'b:begin', 'b:end'])
    expect(await db.selectFrom('items').select('name').orderBy('name').execute()).toEqual([
      { name: 'a' },
      { name: 'b' },
    ])
  })

  it('begins write transactions IMMEDIATE, so a second writer waits for the lock and then fails with SQLITE_BUSY', async () => {
    const other = openSqlite({ filename: join(dir, 'test.sqlite'), busyTimeoutMs: 50 })
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('items').selectAll().execute() // a read: a deferred BEGIN would take no lock yet
        expect(() => other.exec('begin immediate')).toThrow(/locked|busy/i)
      })
      other.exec('begin immediate') // free again after commit
      other.exec('rollback')
    } finally {
      other.close()
    }
  })
})
