// All sites in memory, found by domain or id. Sites change rarely and every request needs one, so the directory
// is loaded at start and reloaded in the background when older than REFRESH_MS; several servers on one PostgreSQL
// therefore agree on a change within that time. `reload()` makes a change visible at once.
import { LanguageCodeSchema } from '../../domain/languages.ts'
import type { Site } from '../../domain/site.ts'
import type { PlatformVariant, SiteType } from '../../domain/enums.ts'
import { currencyFromSymbol } from '../../domain/currency.ts'
import { SellerSchema, type Seller } from '../../domain/invoices.ts'
import type { Db } from '../db/database.ts'
import { loadSiteRows } from './site.repository.ts'

const REFRESH_MS = 60_000

/** A site's texts in one language: the fields of the API's Site that change with the language. */
export type SiteTexts = Pick<
  Site,
  | 'customerServiceTitle'
  | 'customerServiceTextBottom'
  | 'customerServiceLink'
  | 'customerServicePhoneLink'
  | 'openingHours'
  | 'dealerPageTitle'
  | 'becomeDealerLink'
  | 'currencyConversionDisclaimerLink'
  | 'rqsContentPage'
>

/**
 * A site as the server keeps it: the fields of the API's Site that do not depend on the language, with what the
 * server needs besides (its domains, its texts per language, the ids of its pages and parts).
 */
export type SiteRecord = Pick<
  Site,
  | 'name'
  | 'brandName'
  | 'variant'
  | 'type'
  | 'countryId'
  | 'fallbackLanguageId'
  | 'currencyCode'
  | 'vatPercentageHigh'
  | 'vatPercentageLow'
  | 'socialMedia'
  | 'customerServiceEmailAddress'
  | 'paymentProviderConfigurationId'
  | 'googleRecaptchaKey'
  | 'gtmContainerId'
  | 'mapsKey'
  | 'autoRedirectIfNotInSameCountry'
  | 'enableRqs'
  | 'enableStockReminderFeature'
  | 'languages'
  | 'paymentMethods'
  | 'footerId'
> & {
  id: number
  key: string
  currencySymbol: string
  customerServicePhone: string
  /** The legal entity selling here, for invoices; null while the site's settings lack it (or hold it malformed). */
  seller: Seller | null
  isDefault: boolean
  primaryDomain: string
  domains: string[]
  texts: Map<number, SiteTexts>
  pageIds: Map<string, number>
  navigationIds: { primary: number; secondary: number }
  uspCollectionIds: { header: number; cart: number }
  notifications: { id: number; startsAt: string; endsAt: string | null }[]
}

function sellerOf(column: string | null): Seller | null {
  if (column === null) return null
  try {
    return SellerSchema.safeParse(JSON.parse(column)).data ?? null
  } catch {
    return null
  }
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Site data is incomplete: ${what}`)
  return value
}

export async function readSites(db: Db): Promise<SiteRecord[]> {
  const rows = await loadSiteRows(db)
  return rows.sites.map((site) => {
    const id = site.id
    const ofSite = <T extends { siteId: number }>(list: T[]) => list.filter((row) => row.siteId === id)
    const domains = ofSite(rows.domains)
    const navigations = ofSite(rows.navigations)
    const usps = ofSite(rows.usps)
    return {
      id,
      key: site.key,
      name: site.name,
      brandName: site.brandName,
      variant: site.variant as PlatformVariant,
      type: site.type as SiteType,
      countryId: site.countryId,
      fallbackLanguageId: site.fallbackLanguageId,
      currencySymbol: site.currencySymbol,
      currencyCode: currencyFromSymbol(site.currencySymbol),
      vatPercentageHigh: Number(site.vatPercentageHigh),
      vatPercentageLow: Number(site.vatPercentageLow),
      socialMedia: site.socialMedia,
      customerServicePhone: site.customerServicePhone,
      customerServiceEmailAddress: site.customerServiceEmailAddress,
      seller: sellerOf(site.seller),
      paymentProviderConfigurationId: site.paymentProviderConfigurationId,
      googleRecaptchaKey: site.googleRecaptchaKey,
      gtmContainerId: site.gtmContainerId,
      mapsKey: site.mapsKey,
      autoRedirectIfNotInSameCountry: Boolean(site.autoRedirectIfNotInSameCountry),
      enableRqs: Boolean(site.enableRqs),
      enableStockReminderFeature: Boolean(site.enableStockReminderFeature),
      isDefault: Boolean(site.isDefault),
      primaryDomain: required(
        domains.find((d) => Boolean(d.isPrimary)),
        `primary domain of site ${id}`,
      ).domain,
      domains: domains.map((d) => d.domain),
      languages: ofSite(rows.languages).map((l) => ({
        languageId: l.languageId,
        code: LanguageCodeSchema.parse(l.code),
        culture: l.culture,
        localizedName: l.localizedName,
        pathPrefix: l.pathPrefix,
      })),
      texts: new Map(
        ofSite(rows.texts).map((t) => [
          t.languageId,
          {
            customerServiceTitle: t.customerServiceTitle,
            customerServiceTextBottom: t.customerServiceTextBottom,
            customerServiceLink: t.customerServiceLink,
            customerServicePhoneLink: t.customerServicePhoneLink,
            openingHours: t.openingHours,
            dealerPageTitle: t.dealerPageTitle,
            becomeDealerLink: t.becomeDealerLink,
            currencyConversionDisclaimerLink: t.currencyConversionDisclaimerLink,
            rqsContentPage: t.rqsContentPage,
          },
        ]),
      ),
      paymentMethods: ofSite(rows.paymentMethods).map((m) => ({ paymentMethodId: m.id, code: m.code, name: m.name })),
      pageIds: new Map(ofSite(rows.pages).map((p) => [p.key, p.id])),
      navigationIds: {
        primary: required(
          navigations.find((n) => n.kind === 'primary'),
          `primary navigation of site ${id}`,
        ).id,
        secondary: required(
          navigations.find((n) => n.kind === 'secondary'),
          `secondary navigation of site ${id}`,
        ).id,
      },
      uspCollectionIds: {
        header: required(
          usps.find((u) => u.kind === 'header'),
          `header USPs of site ${id}`,
        ).id,
        cart: required(
          usps.find((u) => u.kind === 'cart'),
          `cart USPs of site ${id}`,
        ).id,
      },
      footerId: required(ofSite(rows.footers)[0], `footer of site ${id}`).id,
      notifications: ofSite(rows.notifications).map((n) => ({ id: n.id, startsAt: n.startsAt, endsAt: n.endsAt })),
    }
  })
}

/** Hosts that mean "this machine": they get the default site. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname)

/** The host of a Host header without its port, lower case. */
export function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase()
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1)
  const colon = lower.lastIndexOf(':')
  return colon === -1 ? lower : lower.slice(0, colon)
}

export class SiteDirectory {
  readonly #db: Db
  #sites: SiteRecord[] = []
  #byId = new Map<number, SiteRecord>()
  #byDomain = new Map<string, SiteRecord>()
  #default: SiteRecord | undefined
  #loadedAt = 0
  #reloading: Promise<void> | undefined

  readonly #refreshMs: number
  readonly #onReloadError: (error: unknown) => void

  /** `onReloadError` hears of a failed background reload; the directory keeps serving the sites it has. */
  constructor(db: Db, options: { refreshMs?: number; onReloadError?: (error: unknown) => void } = {}) {
    this.#db = db
    this.#refreshMs = options.refreshMs ?? REFRESH_MS
    this.#onReloadError = options.onReloadError ?? (() => undefined)
  }

  async reload(): Promise<void> {
    const sites = await readSites(this.#db)
    this.#sites = sites
    this.#byId = new Map(sites.map((s) => [s.id, s]))
    this.#byDomain = new Map(sites.flatMap((s) => s.domains.map((d) => [d, s] as const)))
    this.#default = sites.find((s) => s.isDefault) ?? sites[0]
    this.#loadedAt = Date.now()
  }

  /** Starts a background reload when the data is stale; callers keep the current data meanwhile. */
  #refreshIfStale() {
    if (Date.now() - this.#loadedAt < this.#refreshMs || this.#reloading) return
    this.#reloading = this.reload()
      .catch((error: unknown) => {
        this.#loadedAt = Date.now() // try again after the refresh interval, not on every request
        this.#onReloadError(error)
      })
      .finally(() => (this.#reloading = undefined))
  }

  all(): readonly SiteRecord[] {
    this.#refreshIfStale()
    return this.#sites
  }

  byId(id: number): SiteRecord | undefined {
    this.#refreshIfStale()
    return this.#byId.get(id)
  }

  /** The site of a domain or Host header; loopback hosts get the default site. */
  byDomain(host: string): SiteRecord | undefined {
    this.#refreshIfStale()
    const hostname = hostnameOf(host)
    // The bare domain and its www. form are one site.
    const site =
      this.#byDomain.get(hostname) ??
      this.#byDomain.get(hostname.startsWith('www.') ? hostname.slice(4) : `www.${hostname}`)
    if (site) return site
    return LOOPBACK_HOSTS.has(hostname) ? this.#default : undefined
  }

  /** The main-brand (or same-type) site of a country, for the localization check. */
  forCountry(countryId: number, type: SiteType): SiteRecord | undefined {
    const inCountry = this.all().filter((s) => s.countryId === countryId && s.type !== 2)
    return inCountry.find((s) => s.type === type) ?? inCountry.find((s) => s.type === 0)
  }
}

export function languageOf(site: SiteRecord, languageId: number) {
  return site.languages.find((l) => l.languageId === languageId)
}
