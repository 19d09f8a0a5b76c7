// Builds the real app on a fresh, migrated and seeded test database, for route tests with app.inject.
import { afterAll, beforeAll } from 'vitest'
import { buildApp, type App, type BuildOptions } from '../../src/server/app.ts'
import { loadConfig } from '../../src/server/config.ts'
import { migrateToLatest, type Dialect } from '../../src/server/db/database.ts'
import { seed } from '../../src/server/db/seed/seed.ts'
import type { Renderer } from '../../src/server/render/render.routes.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

export interface TestApp {
  app: App
  database: TestDatabase
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Adds test-only routes or hooks before the app is ready. */
  extend?: (app: App) => void
  renderer?: Renderer
  /** The clock of the app's answer cache. */
  now?: () => number
  /** Settings on top of the test configuration (e.g. BACKOFFICE_TOKEN, LOG_LEVEL). */
  env?: Record<string, string>
  /** Where the app's log lines go; without it the app logs nothing. */
  logStream?: BuildOptions['logStream']
}

export async function createTestApp(
  dialect: Dialect,
  { extend, renderer, now, env = {}, logStream }: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect)
  await migrateToLatest(database.handle.db)
  await seed(database.handle.db)
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    PORT: '8080',
    ...env,
  })
  const logger = logStream ? undefined : false
  const app = await buildApp({ config, database: database.handle, logger, logStream, renderer, now })
  extend?.(app)
  await app.ready()
  return {
    app,
    database,
    close: async () => {
      await app.close()
      await database.drop()
    },
  }
}

/** Host headers of seeded sites, by site key. */
export const HOSTS = {
  nl: 'equivera-nl.localhost',
  be: 'equivera-be.localhost',
  de: 'muehldorfer-de.localhost',
  dk: 'equivera-dk.localhost',
  corporate: 'equivera-group.localhost',
} as const

/** Language ids, fixed by the order of the 15 language codes. */
export const LANG = {
  cs: 1,
  da: 2,
  de: 3,
  'de-AT': 4,
  en: 5,
  es: 6,
  et: 7,
  'fr-BE': 8,
  'fr-FR': 9,
  it: 10,
  'nl-BE': 11,
  nl: 12,
  pl: 13,
  pt: 14,
  sv: 15,
} as const

/**
 * For a describe block: builds the test app before its tests and closes it after, and gives a `get` that sends a
 * GET to the Dutch site unless the headers say otherwise.
 */
export function useTestApp(dialect: Dialect, options: TestAppOptions = {}) {
  let testApp: TestApp | undefined
  beforeAll(async () => {
    testApp = await createTestApp(dialect, options)
  })
  afterAll(async () => testApp?.close())
  const current = () => {
    if (!testApp) throw new Error('The test app is used outside its describe block')
    return testApp
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    current().app.inject({ method: 'GET', url, headers: { host: HOSTS.nl, ...headers } })
  return { current, get }
}
