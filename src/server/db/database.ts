// Opens the database named by DATABASE_URL: a `postgres://` URL selects PostgreSQL through a `pg` pool,
// anything else is an SQLite file (or ':memory:') opened through node:sqlite.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import { Pool } from 'pg'
import { migrationProvider } from './migrations/index.ts'
import type { Database } from './schema.ts'
import { NodeSqliteDialect } from './sqlite-dialect.ts'

export type Dialect = 'sqlite' | 'postgres'
export type Db = Kysely<Database>

/** A socket pool of at most 50 connections per server process. */
export const POSTGRES_POOL_MAX = 50

export interface DatabaseHandle {
  db: Db
  dialect: Dialect
  close(): Promise<void>
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url)
}

/** `sqlite:path`, `file:path` or a bare path; ':memory:' for a throw-away database. */
export function sqliteFilename(url: string): string {
  return url.replace(/^(sqlite|file):(\/\/)?/, '')
}

export function openDatabase(url: string, options: { poolMax?: number } = {}): DatabaseHandle {
  const plugins = [new CamelCasePlugin()]
  if (isPostgresUrl(url)) {
    // pg returns BIGINT/NUMERIC as strings; counts come back as numbers through explicit casts in repositories.
    const pool = new Pool({
      connectionString: url,
      max: Math.min(options.poolMax ?? POSTGRES_POOL_MAX, POSTGRES_POOL_MAX),
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins })
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  const filename = sqliteFilename(url)
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true })
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect({ filename }), plugins })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/** Names of the migrations this database has not had yet (all of them for an empty one). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations()
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name)
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
