// A Kysely dialect for Node's built-in `node:sqlite` (no native addon to compile). One connection per database,
// guarded by a mutex so that a transaction never interleaves with another query; write transactions begin
// IMMEDIATE so a busy database fails fast at BEGIN (after busy_timeout) instead of deadlocking on lock upgrade.
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

export interface NodeSqliteOptions {
  /** A file path, or ':memory:'. */
  filename: string
  busyTimeoutMs?: number
}

export function openSqlite({ filename, busyTimeoutMs = 5000 }: NodeSqliteOptions): DatabaseSync {
  const db = new DatabaseSync(filename, { enableForeignKeyConstraints: true, timeout: busyTimeoutMs })
  if (filename !== ':memory:') db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA foreign_keys = ON')
  return db
}

export class NodeSqliteDialect implements Dialect {
  readonly #options: NodeSqliteOptions
  constructor(options: NodeSqliteOptions) {
    this.#options = options
  }
  createAdapter() {
    return new NodeSqliteAdapter()
  }
  createDriver(): Driver {
    return new NodeSqliteDriver(this.#options)
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db)
  }
}

/**
 * Kysely serialises single-connection dialects with its own lock, which wakes every waiter on each release
 * (quadratic under load: 50 concurrent requests made each query several times slower). The driver below has a
 * FIFO lock of its own, so Kysely's is switched off.
 */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true
  }
}

/** node:sqlite binds numbers, bigints, strings, null and bytes; Kysely may hand it booleans and dates. */
function bindable(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  if (value === undefined) return null
  return value
}

const STATEMENT_CACHE_SIZE = 500

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync
  // Prepared statements are reused: preparing costs more than running a simple indexed lookup.
  readonly #statements = new Map<string, { statement: StatementSync; reader: boolean }>()

  constructor(db: DatabaseSync) {
    this.#db = db
  }

  #prepare(sql: string) {
    let entry = this.#statements.get(sql)
    if (!entry) {
      const statement = this.#db.prepare(sql)
      entry = { statement, reader: statement.columns().length > 0 }
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value
        if (oldest !== undefined) this.#statements.delete(oldest)
      }
      this.#statements.set(sql, entry)
    }
    return entry
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, reader } = this.#prepare(compiledQuery.sql)
    const parameters = compiledQuery.parameters.map(bindable) as never[]
    if (reader) return { rows: statement.all(...parameters) as R[] }
    const { changes, lastInsertRowid } = statement.run(...parameters)
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) }
  }

  // oxlint-disable-next-line require-yield -- streaming is not used; Kysely requires the method
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement } = this.#prepare(compiledQuery.sql)
    for (const row of statement.iterate(...(compiledQuery.parameters.map(bindable) as never[]))) {
      yield { rows: [row as R] }
    }
  }

  exec(sql: string) {
    this.#db.exec(sql)
  }
}

/** A FIFO lock: O(1) per acquire and release, however many callers wait. */
class Mutex {
  #locked = false
  readonly #waiting: (() => void)[] = []

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  /** Hands the lock to the next waiter, or frees it. */
  unlock(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#locked = false
  }
}

class NodeSqliteDriver implements Driver {
  readonly #options: NodeSqliteOptions
  readonly #mutex = new Mutex()
  #db: DatabaseSync | undefined
  #connection: NodeSqliteConnection | undefined

  constructor(options: NodeSqliteOptions) {
    this.#options = options
  }

  async init(): Promise<void> {
    this.#db = openSqlite(this.#options)
    this.#connection = new NodeSqliteConnection(this.#db)
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock()
    return this.#connection!
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock()
  }

  async destroy(): Promise<void> {
    this.#db?.close()
    this.#db = undefined
  }
}
