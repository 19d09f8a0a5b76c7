import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { CatalogueCache } from './catalogue/catalogue-cache.ts'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import type { SiteDirectory } from './sites/site.directory.ts'

/** What every route module gets: the database, the site directory, the configuration and the catalogue. */
export interface AppContext {
  database: DatabaseHandle
  sites: SiteDirectory
  config: Config
  publicUrl: URL
  /** Each site's catalogue per language, with its search index, kept current by the catalogue version. */
  catalogue: CatalogueCache
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>
