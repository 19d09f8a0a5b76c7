// Before the first connection of a start: a PostgreSQL database named in DATABASE_URL that does not exist yet is
// created when the role may create databases; otherwise the start stops with one line saying what to run, instead of
// a driver's stack trace (a newcomer's first `DATABASE_URL=postgres://…/shop npm start`).
import { Client, escapeIdentifier } from 'pg'
import { isPostgresUrl } from './database.ts'

/** A start that cannot go on, with one line for the operator (no stack trace). */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError'
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code

/** Where the URL points, without its password, for messages. */
function describe(url: URL): string {
  return `${url.hostname}:${url.port || 5432}`
}

async function withClient<T>(connectionString: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Creates the database of a PostgreSQL URL if it is missing; returns true when it did. SQLite needs nothing here. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  if (!isPostgresUrl(databaseUrl)) return false
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  try {
    await withClient(databaseUrl, async () => undefined)
    return false
  } catch (error) {
    if (errorCode(error) === 'ECONNREFUSED')
      throw new DatabaseSetupError(`PostgreSQL at ${describe(url)} refuses connections: is it running?`)
    if (errorCode(error) !== '3D000') throw error // not "database does not exist"
  }
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const role = decodeURIComponent(url.username) || 'the current user'
  try {
    await withClient(maintenance.toString(), (client) => client.query(`create database ${escapeIdentifier(name)}`))
    return true
  } catch (error) {
    if (errorCode(error) === '42P04') return false // another server created it meanwhile
    const why = errorCode(error) === '42501' ? `role ${role} may not create databases` : String(error)
    throw new DatabaseSetupError(
      `The database "${name}" does not exist on ${describe(url)} and could not be created (${why}): ` +
        `run \`createdb -h ${url.hostname} -p ${url.port || 5432} -U <a role that may> -O ${role} ${name}\`, ` +
        `or set DATABASE_URL to an existing database.`,
    )
  }
}

/** For the commands that start with the database (the server, the database CLI): a setup error ends them in one line. */
export async function ensureDatabaseOrExit(databaseUrl: string): Promise<void> {
  try {
    if (await ensureDatabase(databaseUrl)) console.warn(`database ${new URL(databaseUrl).pathname.slice(1)} created`)
  } catch (error) {
    if (!(error instanceof DatabaseSetupError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
