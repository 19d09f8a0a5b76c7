// The dealers of a site's country, kept in memory for a while (they change with the seed or an import, rarely), and
// searched with the domain's code: the same search the browser runs over its copy offline.
import {
  searchDealers,
  type DealerDirectory,
  type DealerSearch,
  type DealerSearchResult,
} from '../../domain/dealers.ts'
import { LONG_CACHE, TtlCache } from '../../domain/ttl-cache.ts'
import type { Db } from '../db/database.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { findCountryDealers } from './dealer.repository.ts'

export class DealerService {
  readonly #db: Db
  readonly #tiles: DealerDirectory['tiles']
  readonly #byCountry = new TtlCache<number, Promise<DealerDirectory>>(LONG_CACHE.maxEntries, LONG_CACHE.ttlMs)

  constructor(db: Db, tiles: DealerDirectory['tiles']) {
    this.#db = db
    this.#tiles = tiles
  }

  directory(site: SiteRecord): Promise<DealerDirectory> {
    let found = this.#byCountry.get(site.countryId)
    if (!found) {
      found = findCountryDealers(this.#db, site.countryId).then((own) => ({ ...own, tiles: this.#tiles }))
      found.catch(() => this.#byCountry.delete(site.countryId))
      this.#byCountry.set(site.countryId, found)
    }
    return found
  }

  async search(site: SiteRecord, search: DealerSearch): Promise<DealerSearchResult> {
    return searchDealers(await this.directory(site), search)
  }
}
