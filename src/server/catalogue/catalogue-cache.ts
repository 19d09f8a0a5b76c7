// Each server keeps the catalogue of every site and language it was asked about in memory, with its search index,
// because search, product pages and sync answer from it on every request. The catalogue version in the database
// says when it is stale: this server checks it at most every CHECK_INTERVAL_MS (and at once after its own writes),
// so several servers sharing one PostgreSQL all see a change within that interval, and then rebuild on first use.
import { CatalogueSearch, utcDay } from '../../domain/search/catalogue-search.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { Db } from '../db/database.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { catalogueVersion } from './catalogue.repository.ts'
import { loadSiteCatalogue, type SiteCatalogue } from './catalogue.service.ts'

export const CHECK_INTERVAL_MS = 500

export class CatalogueEntry {
  readonly version: number
  readonly labelsVersion: number
  readonly catalogue: SiteCatalogue
  readonly byId: Map<number, CatalogueProduct>
  readonly byVariant: Map<number, CatalogueProduct>
  #search: { day: string; search: CatalogueSearch } | undefined

  constructor(version: number, labelsVersion: number, catalogue: SiteCatalogue) {
    this.version = version
    this.labelsVersion = labelsVersion
    this.catalogue = catalogue
    this.byId = new Map(catalogue.products.map((p) => [p.productId, p]))
    this.byVariant = new Map(catalogue.products.flatMap((p) => p.variants.map((v) => [v.productVariantId, p])))
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
}

export class CatalogueCache {
  readonly #db: Db
  readonly #interval: number
  #known: { version: number; labelsVersion: number } | undefined
  #checkedAt = -Infinity
  #checking: Promise<void> | undefined
  readonly #entries = new Map<string, Promise<CatalogueEntry>>()

  constructor(db: Db, options: { checkIntervalMs?: number } = {}) {
    this.#db = db
    this.#interval = options.checkIntervalMs ?? CHECK_INTERVAL_MS
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
        const current = await catalogueVersion(this.#db)
        if (this.#known?.version !== current.version || this.#known.labelsVersion !== current.labelsVersion) {
          this.#known = current
          this.#entries.clear()
        }
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
    let entry = this.#entries.get(key)
    if (!entry) {
      const { version, labelsVersion } = this.#known!
      entry = loadSiteCatalogue(this.#db, site, languageId).then(
        (catalogue) => new CatalogueEntry(version, labelsVersion, catalogue),
      )
      // A failed load is not kept: the next request tries again.
      entry.catch(() => this.#entries.delete(key))
      this.#entries.set(key, entry)
    }
    return entry
  }
}
