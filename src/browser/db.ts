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

/** A site's cart on this device; every field but the keys is checked on read (cart-store.ts). */
export interface CartRecord {
  siteId: number
  /** The server cart's id; null until the first change has reached the server. */
  cartId: unknown
  /** The Idempotency-Key that creates the server cart, so a lost answer never makes a second cart. */
  createKey: unknown
  languageId: unknown
  /** The cart as the server last answered it. */
  base: unknown
  calculation: unknown
  notices: unknown
  pricing: unknown
  syncedAt: unknown
  /** What the server answered differently from what was shown, until the shopper has seen it. */
  differences: unknown
}

/** A cart change waiting for the server (or refused by it), in the order made. */
export interface OutboxRecord {
  seq?: number
  /** Client-made UUID: the change's Idempotency-Key. */
  id: string
  siteId: number
  mutation: unknown
  createdAt: unknown
  state: unknown
  error: unknown
}

/** What a shopper typed in a checkout step, kept until the order is placed; checked on read (checkout-drafts.ts). */
export interface CheckoutDraftRecord {
  /** `<siteId>:<form>`, e.g. '1:billing'. */
  key: string
  siteId: number
  values: unknown
  savedAt: unknown
}

/** A horse saved in the feed calculator, per site; checked on read (src/app/data/horses.ts). */
export interface HorseRecord {
  /** Client-made UUID. */
  id: string
  siteId: number
  name: unknown
  inputs: unknown
  /** The advice of its first feed when saved, sent to the account on request. */
  advice: unknown
  savedAt: unknown
}

/** The feed calculator's last form of a site, so the page opens as it was left. */
export interface CalculatorLastRecord {
  siteId: number
  form: unknown
}

/** A site's dealers and places for the dealer finder offline; checked on read (src/app/data/dealer-store.ts). */
export interface DealerDirectoryRecord {
  siteId: number
  directory: unknown
  savedAt: unknown
}

/** A back-in-stock e-mail reminder asked on this device, queued or sent; checked on read (stock-reminder-store.ts). */
export interface StockReminderRecord {
  /** `${siteId}:${productVariantId}` */
  key: string
  siteId: number
  [field: string]: unknown
}

export class ShopDatabase extends Dexie {
  products!: EntityTable<ProductRecord, 'key'>
  catalogueMeta!: EntityTable<CatalogueMetaRecord, 'scope'>
  compare!: EntityTable<CompareRecord, 'siteId'>
  carts!: EntityTable<CartRecord, 'siteId'>
  cartOutbox!: EntityTable<OutboxRecord, 'seq'>
  checkoutDrafts!: EntityTable<CheckoutDraftRecord, 'key'>
  horses!: EntityTable<HorseRecord, 'id'>
  calculatorLast!: EntityTable<CalculatorLastRecord, 'siteId'>
  dealerDirectories!: EntityTable<DealerDirectoryRecord, 'siteId'>
  stockReminders!: EntityTable<StockReminderRecord, 'key'>

  /** `options` lets tests run on another IndexedDB implementation. */
  constructor(name = 'shop', options?: DexieOptions) {
    super(name, options)
    this.version(1).stores({
      products: 'key, scope, *paths, *variantIds',
      catalogueMeta: 'scope',
      compare: 'siteId',
    })
    this.version(2).stores({ carts: 'siteId', cartOutbox: '++seq, siteId, &id' })
    this.version(3).stores({ checkoutDrafts: 'key, siteId' })
    this.version(4).stores({ horses: 'id, siteId', calculatorLast: 'siteId' })
    this.version(5).stores({ dealerDirectories: 'siteId' })
    this.version(6).stores({ stockReminders: 'key, siteId' })
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
