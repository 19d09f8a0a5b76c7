import { isRunningAt } from '../../domain/content.ts'
import { AppError } from '../../domain/errors.ts'
import type { LocalizationCheckResult, Site, SiteByDomain, SiteSettings } from '../../domain/site.ts'
import { isLoopbackHost, languageOf, type SiteDirectory, type SiteRecord } from './site.directory.ts'

/** Page keys of the content pages a Site names by id. */
const PAGE_FIELDS = {
  rootContentPageId: 'home',
  notFoundContentPageId: 'notFound',
  internalErrorContentPageId: 'internalError',
  customerServiceContentPageId: 'customerService',
  checkoutSuccessPageId: 'checkoutSuccess',
  checkoutSuccessRqsPageId: 'checkoutSuccessRqs',
  checkoutFailedPageId: 'checkoutFailed',
} as const

export function pageId(site: SiteRecord, key: string): number {
  const id = site.pageIds.get(key)
  if (id === undefined) throw new Error(`Site ${site.id} has no ${key} page`)
  return id
}

/**
 * The domain a client should use for a site: the one it asked on when that belongs to the site (so a visitor on
 * `equivera-nl.localhost` stays local), else the site's production domain.
 */
export function domainFor(site: SiteRecord, requestHost: string): string {
  if (site.domains.includes(requestHost)) return requestHost
  if (isLoopbackHost(requestHost) || requestHost.endsWith('.localhost')) {
    // A visitor on a local domain stays local on every site: links between sites must work on a developer machine.
    if (site.isDefault && isLoopbackHost(requestHost)) return requestHost
    return site.domains.find((domain) => domain.endsWith('.localhost')) ?? site.primaryDomain
  }
  return site.primaryDomain
}

export function originFor(site: SiteRecord, requestHost: string, publicUrl: URL): string {
  const domain = domainFor(site, requestHost)
  if (isLoopbackHost(domain) || domain.endsWith('.localhost')) {
    return `${publicUrl.protocol}//${domain}${publicUrl.port ? `:${publicUrl.port}` : ''}`
  }
  return `https://${domain}`
}

/** The active notification of a site at a moment, if any. */
export function activeNotificationId(site: SiteRecord, now: Date): number | null {
  return site.notifications.find((n) => isRunningAt(n, now))?.id ?? null
}

export function toSiteByDomain(site: SiteRecord, requestHost: string, publicUrl: URL): SiteByDomain {
  return {
    siteId: site.id,
    countryId: site.countryId,
    clientApiEndpoint: `${originFor(site, requestHost, publicUrl)}/api/`,
    type: site.type,
    languages: site.languages,
    fallbackLanguageId: site.fallbackLanguageId,
  }
}

/** A site with its texts in `languageId` when it offers that language, else in its first language. */
export function toSite(site: SiteRecord, languageId: number, requestHost: string, publicUrl: URL, now: Date): Site {
  const language = languageOf(site, languageId) ?? site.languages[0]!
  const texts = site.texts.get(language.languageId)
  if (!texts) throw new Error(`Site ${site.id} has no texts in language ${language.languageId}`)
  const pageIds = Object.fromEntries(
    Object.entries(PAGE_FIELDS).map(([field, key]) => [field, pageId(site, key)]),
  ) as Record<keyof typeof PAGE_FIELDS, number>
  return {
    ...toSiteByDomain(site, requestHost, publicUrl),
    ...pageIds,
    name: site.name,
    brandName: site.brandName,
    variant: site.variant,
    domain: domainFor(site, requestHost),
    rqsContentPage: texts.rqsContentPage,
    footerId: site.footerId,
    primaryNavigationId: site.navigationIds.primary,
    secondaryNavigationId: site.navigationIds.secondary,
    headerUspCollectionId: site.uspCollectionIds.header,
    cartUspCollectionId: site.uspCollectionIds.cart,
    notificationId: activeNotificationId(site, now),
    socialMedia: site.socialMedia,
    customerServiceTitle: texts.customerServiceTitle,
    customerServiceTextBottom: texts.customerServiceTextBottom,
    customerServiceLink: texts.customerServiceLink,
    customerServicePhoneLink: texts.customerServicePhoneLink,
    customerServiceEmailAddress: site.customerServiceEmailAddress,
    openingHours: texts.openingHours,
    currencyConversionDisclaimerLink: texts.currencyConversionDisclaimerLink,
    currency: site.currencySymbol,
    currencyCode: site.currencyCode,
    paymentProviderConfigurationId: site.paymentProviderConfigurationId,
    paymentMethods: site.paymentMethods,
    googleRecaptchaKey: site.googleRecaptchaKey,
    gtmContainerId: site.gtmContainerId,
    autoRedirectIfNotInSameCountry: site.autoRedirectIfNotInSameCountry,
    enableRqs: site.enableRqs,
    vatPercentageHigh: site.vatPercentageHigh,
    vatPercentageLow: site.vatPercentageLow,
    mapsKey: site.mapsKey,
    dealerPageTitle: texts.dealerPageTitle,
    becomeDealerLink: texts.becomeDealerLink,
    enableStockReminderFeature: site.enableStockReminderFeature,
  }
}

export function siteSettings(sites: SiteDirectory, siteId: number, languageId: number): SiteSettings {
  const site = sites.byId(siteId)
  if (!site) throw new AppError('unknownSite', 404, `Site ${siteId} does not exist.`)
  if (!languageOf(site, languageId)) {
    throw new AppError('unknownLanguage', 404, `Language ${languageId} is not offered on site ${siteId}.`)
  }
  return {
    gtmContainerId: site.gtmContainerId,
    googleRecaptchaKey: site.googleRecaptchaKey,
    currency: site.currencySymbol,
  }
}

/** Query parameters a localization redirect carries over to the other site (tracking and campaign ids). */
export const CARRIED_QUERY_PARAMETERS = [
  'mailplus_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
]

/** The Netherlands: visitors there are always offered the Dutch site. */
const NETHERLANDS = 'NL'

/**
 * The localization check (POST /api/Sites?url&countryCode): should a visitor from `countryCode`, on `url` of the
 * request's site, be sent to another country site? Sites that redirect automatically send visitors from another
 * country to that country's site of the same brand (or the main brand); visitors in the Netherlands are always
 * offered the Dutch site. Null when the visitor is where they belong or no site serves their country.
 */
export function localizationCheck(
  sites: SiteDirectory,
  current: SiteRecord,
  visitorCountryId: number | undefined,
  visitorRegionCode: string,
  url: URL,
  requestHost: string,
  publicUrl: URL,
): LocalizationCheckResult | null {
  if (visitorCountryId === undefined || visitorCountryId === current.countryId || current.type === 2) return null
  if (!current.autoRedirectIfNotInSameCountry && visitorRegionCode !== NETHERLANDS) return null
  const target = sites.forCountry(visitorCountryId, current.type)
  if (!target || target.id === current.id) return null
  return {
    redirectUrl: `${originFor(target, requestHost, publicUrl)}/`,
    availableQueryParameters: CARRIED_QUERY_PARAMETERS.filter((name) => url.searchParams.has(name)),
  }
}
