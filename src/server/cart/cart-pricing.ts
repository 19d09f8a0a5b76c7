// A site's prices around the cart (VAT rates, shipping rates, payment costs, promotions): read from the database and
// kept per site for PRICING_TTL_MS, since every calculation needs them and they change only with a new seed. A server
// sees such a change within that time, like it sees a site change within the site directory's minute.
import { PricingRulesSchema, type PricingRules } from '../../domain/cart-calculation.ts'
import type { Db } from '../db/database.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { findPaymentCosts, findPromotions, findShippingRates } from './cart.repository.ts'

export const PRICING_TTL_MS = 30_000

export async function loadPricingRules(db: Db, site: SiteRecord): Promise<PricingRules> {
  const [rates, costs, promotions] = await Promise.all([
    findShippingRates(db, site.id),
    findPaymentCosts(db, site.id),
    findPromotions(db, site.id),
  ])
  return PricingRulesSchema.parse({
    currency: site.currencyCode,
    vatPercentageHigh: site.vatPercentageHigh,
    vatPercentageLow: site.vatPercentageLow,
    shippingRates: rates,
    paymentCosts: costs,
    // The row's columns of the other kind are null; the schema refuses a row whose own are missing.
    promotions: promotions.map((p) => ({
      key: p.key,
      productVariantIds: p.variantIds,
      validFrom: p.validFrom,
      validTo: p.validTo,
      ...(p.kind === 'buyXGetYFree'
        ? { kind: p.kind, buy: p.buy, free: p.free }
        : { kind: p.kind, percentage: p.percentage }),
    })),
  })
}

export class PricingCache {
  readonly #db: Db
  readonly #ttlMs: number
  readonly #entries = new Map<number, { until: number; rules: Promise<PricingRules> }>()

  constructor(db: Db, ttlMs = PRICING_TTL_MS) {
    this.#db = db
    this.#ttlMs = ttlMs
  }

  rules(site: SiteRecord): Promise<PricingRules> {
    const now = performance.now()
    const held = this.#entries.get(site.id)
    if (held && held.until > now) return held.rules
    const rules = loadPricingRules(this.#db, site)
    const entry = { until: now + this.#ttlMs, rules }
    // A failed read is not kept.
    rules.catch(() => {
      if (this.#entries.get(site.id) === entry) this.#entries.delete(site.id)
    })
    this.#entries.set(site.id, entry)
    return rules
  }

  clear(): void {
    this.#entries.clear()
  }
}
