// Each server keeps the catalogue of every site and language it was asked about in memory, with its search index,
// because search, product pages and sync answer from it on every request. The catalogue version in the database
// says when it is stale: this server checks it at most every CHECK_INTERVAL_MS (and at once after its own writes),
// so several servers sharing one PostgreSQL all see a change within that interval, and then bring their copy up to
// date on first use: only the products that changed since the copy's version are read again, and the search index is
// kept where they are searched as before (stock: every order changes some). Label changes and large changes (a new
// seed) load the whole catalogue again.
import { utcDay } from '../../domain/product-rules.ts'
import { CatalogueSearch } from '../../domain/search/catalogue-search.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { Db } from '../db/database.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { catalogueVersion, findProductVersionsSince } from './catalogue.repository.ts'
import { loadCatalogueChanges, loadSiteCatalogue, type SiteCatalogue } from './catalogue.service.ts'

export const CHECK_INTERVAL_MS = 500
/** Past this many changed products (or half the catalogue) a whole load is cheaper than reading them one set each. */
export const MAX_CHANGED_FOR_UPDATE = 2000

export class CatalogueEntry {
  readonly version: number
  readonly labelsVersion: number
  readonly catalogue: SiteCatalogue
  readonly byId: Map<number, CatalogueProduct>
  readonly byVariant: Map<number, CatalogueProduct>
  #search: { day: string; search: CatalogueSearch } | undefined

  constructor(
    version: number,
    labelsVersion: number,
    catalogue: SiteCatalogue,
    search?: { day: string; search: CatalogueSearch },
  ) {
    this.version = version
    this.labelsVersion = labelsVersion
    this.catalogue = catalogue
    this.byId = new Map(catalogue.products.map((p) => [p.productId, p]))
    this.byVariant = new Map(catalogue.products.flatMap((p) => p.variants.map((v) => [v.productVariantId, p])))
    this.#search = search
  }

  /** The search over this catalogue; made on first use and again when the day changes (what counts as new). */
  search(now: Date): CatalogueSearch {
    const day = utcDay(now)
    if (this.#search?.day !== day) {
      const { products, labels, language } = this.catalogue
      this.#search = { day, search: new CatalogueSearch(products, labels, language, day) }
    }
    return this.#search.search
  }

  /** This catalogue at a later version, with `changed` products read again; the search kept where it can be. */
  updated(version: number, catalogue: SiteCatalogue, changed: readonly CatalogueProduct[]): CatalogueEntry {
    const kept = this.#search && this.#search.search.withChanges(catalogue.products, changed)
    return new CatalogueEntry(
      version,
      this.labelsVersion,
      catalogue,
      kept ? { day: this.#search!.day, search: kept } : undefined,
    )
  }
}

/** Whether an entry was loaded whole or brought up to date (for tests and the log). */
export type LoadKind = 'whole' | 'update'

export class CatalogueCache {
  readonly #db: Db
  readonly #interval: number
  readonly #onLoad: ((kind: LoadKind, entry: CatalogueEntry) => void) | undefined
  #known: { version: number; labelsVersion: number } | undefined
  #checkedAt = -Infinity
  #checking: Promise<void> | undefined
  /** Per site and language: the copy in memory (or being loaded) and the versions it was asked at. */
  readonly #entries = new Map<string, { version: number; labelsVersion: number; entry: Promise<CatalogueEntry> }>()

  constructor(
    db: Db,
    options: { checkIntervalMs?: number; onLoad?: (kind: LoadKind, entry: CatalogueEntry) => void } = {},
  ) {
    this.#db = db
    this.#interval = options.checkIntervalMs ?? CHECK_INTERVAL_MS
    this.#onLoad = options.onLoad
  }

  /** Reads the catalogue version now (after a write of this server's own, or in tests). */
  async refresh(): Promise<void> {
    this.#checkedAt = -Infinity
    await this.#check()
  }

  async #check(): Promise<void> {
    if (performance.now() - this.#checkedAt < this.#interval) return
    this.#checking ??= (async () => {
      try {
        this.#known = await catalogueVersion(this.#db)
        this.#checkedAt = performance.now()
      } finally {
        this.#checking = undefined
      }
    })()
    await this.#checking
  }

  /** The current catalogue of a site in a language. */
  async entry(site: SiteRecord, languageId: number): Promise<CatalogueEntry> {
    await this.#check()
    const key = `${site.id}:${languageId}`
    const known = this.#known!
    const held = this.#entries.get(key)
    if (held?.version === known.version && held.labelsVersion === known.labelsVersion) return held.entry
    const entry = this.#load(site, languageId, known, held?.entry)
    const record = { ...known, entry }
    // A failed load is not kept: the next request tries again (whole).
    entry.catch(() => {
      if (this.#entries.get(key) === record) this.#entries.delete(key)
    })
    this.#entries.set(key, record)
    return entry
  }

  async #load(
    site: SiteRecord,
    languageId: number,
    known: { version: number; labelsVersion: number },
    previous: Promise<CatalogueEntry> | undefined,
  ): Promise<CatalogueEntry> {
    const before = await previous?.catch(() => undefined)
    if (before && before.labelsVersion === known.labelsVersion && before.version <= known.version) {
      const changes = await findProductVersionsSince(this.#db, before.version)
      const limit = Math.min(MAX_CHANGED_FOR_UPDATE, Math.max(50, before.catalogue.products.length / 2))
      if (changes.length <= limit) {
        const ids = changes.map((c) => c.id)
        const update = await loadCatalogueChanges(this.#db, site, languageId, before.catalogue, ids)
        if (update) {
          const entry = before.updated(known.version, update.catalogue, update.changed)
          this.#onLoad?.('update', entry)
          return entry
        }
      }
    }
    const catalogue = await loadSiteCatalogue(this.#db, site, languageId)
    const entry = new CatalogueEntry(known.version, known.labelsVersion, catalogue)
    this.#onLoad?.('whole', entry)
    return entry
  }
}
