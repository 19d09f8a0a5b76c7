// The shop's IndexedDB (Dexie). Only the modules of src/app/data use it; components never do. What is stored is
// checked with the domain's zod schemas when it is read back (see catalogue-store.ts and compare-store.ts), because
// a row may come from an older app version, a full disk or another tab's half-finished write.
import { Dexie, type DexieOptions, type EntityTable } from 'dexie'

/** A catalogue product of one site and language. `data` is a CatalogueProduct, checked on read. */
export interface ProductRecord {
  /** `${scope}:${productId}` */
  key: string
  /** `${siteId}:${languageId}` */
  scope: string
  productId: number
  /** The product's and its variants' paths, lower case: offline routing finds a page by its path. */
  paths: string[]
  variantIds: number[]
  data: unknown
}

/** What a site's catalogue in one language is synced to. */
export interface CatalogueMetaRecord {
  scope: string
  /** The shape of the stored products; a stored catalogue of another shape is replaced, not read. */
  schemaVersion: number
  /** The catalogue version held: the next sync asks what changed since. */
  version: number
  /** The server's time of the answer: "prices and stock as of". */
  asOf: string
  labels: unknown
}

export interface CompareRecord {
  siteId: number
  productIds: unknown
}

export class ShopDatabase extends Dexie {
  products!: EntityTable<ProductRecord, 'key'>
  catalogueMeta!: EntityTable<CatalogueMetaRecord, 'scope'>
  compare!: EntityTable<CompareRecord, 'siteId'>

  /** `options` lets tests run on another IndexedDB implementation. */
  constructor(name = 'shop', options?: DexieOptions) {
    super(name, options)
    this.version(1).stores({
      products: 'key, scope, *paths, *variantIds',
      catalogueMeta: 'scope',
      compare: 'siteId',
    })
  }
}

let database: ShopDatabase | undefined

/** The database, opened on first use (never on the server). */
export function shopDatabase(): ShopDatabase {
  database ??= new ShopDatabase()
  return database
}

/** For tests: use another database (e.g. a fresh name per test). */
export function useDatabase(next: ShopDatabase): void {
  database = next
}
