import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import type { SiteDirectory } from './sites/site.directory.ts'

/** What every route module gets: the database, the site directory and the configuration. */
export interface AppContext {
  database: DatabaseHandle
  sites: SiteDirectory
  config: Config
  publicUrl: URL
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>
