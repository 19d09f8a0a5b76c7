// The root loader, first at start-up: the request scope from the URL and everything the frame needs (the site by
// domain, its language, the site, its settings, and for the switcher list all sites and the countries).
import type { LoaderFunctionArgs, MiddlewareFunction, ShouldRevalidateFunctionArgs } from 'react-router'
import { appName } from '../../domain/app-name.ts'
import type { Country } from '../../domain/country.ts'
import type { Footer, Navigation, Notification, UspCollection } from '../../domain/content.ts'
import { brandOf, chooseLocale, type Brand, type Locale } from '../../domain/locale.ts'
import { currencyFromSymbol, type CurrencyCode } from '../../domain/currency.ts'
import { keptPerKey } from '../../domain/kept-per-key.ts'
import { languagePrefixOf } from '../../domain/paths.ts'
import type { Site, SiteLanguage, SiteSettings } from '../../domain/site.ts'
import { consentFrom, type Consent } from '../../domain/cookies.ts'
import { servicesOf, type AppServices } from '../router-context.ts'

export interface SwitcherOption {
  siteId: number
  languageId: number
  label: { country: string; language: string }
  /** The language's culture, e.g. 'nl-BE', for hreflang. */
  hreflang: string
  href: string
  brand: Brand
  /** Several brands sell in one country: the switcher tells their sites apart by this name. */
  brandName: string
  /** The main brand's Dutch site (the only site for orders with a Dutch address). */
  isDutchSite: boolean
  current: boolean
}

export interface RootData {
  site: Site
  language: SiteLanguage
  brand: Brand
  locale: Locale
  currency: CurrencyCode
  settings: SiteSettings
  primaryNavigation: Navigation
  secondaryNavigation: Navigation
  footer: Footer
  headerUsps: UspCollection
  notification: Notification | null
  switcher: SwitcherOption[]
  visitorCountry: string | null
  /** The visitor's cookie choice as the request carried it, so the banner is in the first HTML (no layout shift). */
  consent: Consent | null
  /** This is the main brand's Dutch site. */
  isDutchSite: boolean
  /** The page's own origin, for absolute URLs (canonical, manifest). */
  origin: string
  /** The installed app's name in the page's language ('Equivera Belgique'), as the manifest has it. */
  appName: string
  /**
   * The site's country (code and name in the page's language), so a form that delivers there is the same in the
   * first HTML as once the list of delivery countries has come.
   */
  siteCountry: { code: string; name: string } | null
}

/** The language a path is in: the site language whose prefix starts it, else the site's first (default) language. */
export function languageForPath(languages: SiteLanguage[], pathname: string): SiteLanguage {
  const prefix = languagePrefixOf(pathname.toLowerCase())
  return languages.find((l) => l.pathPrefix !== '' && l.pathPrefix === prefix) ?? languages[0]!
}

/** A failed settings fetch clears the tag manager and recaptcha values instead of failing the page. */
const NO_SETTINGS = (currency: string): SiteSettings => ({ gtmContainerId: null, googleRecaptchaKey: null, currency })

/**
 * The page's site (by domain) and language (by path prefix) become the services' scope, before any loader runs, so
 * every call the page makes (catalogue, search, cart, offline copy) is in the page's language. The server calls it
 * before rendering; in the browser the root route's middleware calls it on every navigation (loaders run side by side,
 * so setting the scope in the root loader would leave the others with the previous one).
 */
export async function resolveScope(services: AppServices, url: URL, signal?: AbortSignal): Promise<void> {
  // The browser knows its domain's site from the first page; offline it cannot ask, and keeps the scope it has.
  services.domainSite ??= await services.api.siteByDomain(url.hostname, signal).catch(() => null)
  if (!services.domainSite) return
  const language = languageForPath(services.domainSite.languages, url.pathname)
  services.scope = { siteId: services.domainSite.siteId, languageId: language.languageId, language: language.code }
}

export const scopeMiddleware: MiddlewareFunction = ({ request, context }) =>
  resolveScope(servicesOf(context), new URL(request.url), request.signal)

export async function rootLoader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const services = servicesOf(context)
  const url = new URL(request.url)
  const signal = request.signal
  const byDomain = services.domainSite ?? (await services.api.siteByDomain(url.hostname, signal))
  const language = languageForPath(byDomain.languages, url.pathname)
  const api = services.api.withScope({ siteId: byDomain.siteId, languageId: language.languageId })
  const site = await api.site(byDomain.siteId, signal)
  const brand = brandOf(site)
  const fallback = site.languages.find((l) => l.languageId === site.fallbackLanguageId)?.code ?? 'en'
  const locale = chooseLocale(brand, language.code, fallback)
  const [settings, primaryNavigation, secondaryNavigation, footer, headerUsps, notification, sites, countries] =
    await Promise.all([
      api.siteSettings(site.siteId, language.languageId, signal).catch(() => NO_SETTINGS(site.currency)),
      api.navigation('primary', site.primaryNavigationId, signal),
      api.navigation('secondary', site.secondaryNavigationId, signal),
      api.footer(site.footerId, signal),
      api.usps(site.headerUspCollectionId, signal),
      site.notificationId === null ? null : api.notification(site.notificationId, signal),
      api.sites(signal),
      api.countries(signal),
      services.prepareLocale(locale),
    ])
  return {
    site,
    language,
    brand,
    locale,
    currency: currencyFromSymbol(settings.currency),
    settings,
    primaryNavigation,
    secondaryNavigation,
    footer,
    headerUsps,
    notification,
    switcher: switcherOptions(sites, countries, site.siteId, language.languageId, url),
    visitorCountry: services.visitorCountry,
    consent: consentFrom(request.headers.get('cookie') ?? (typeof document === 'undefined' ? '' : document.cookie)),
    isDutchSite: site.type === 0 && countries.find((c) => c.countryId === site.countryId)?.regionCode === 'NL',
    origin: url.origin,
    appName: appName(site, countries.find((c) => c.countryId === site.countryId)?.name),
    siteCountry: siteCountryOf(countries, site.countryId),
  }
}

function siteCountryOf(countries: Country[], countryId: number): RootData['siteCountry'] {
  const country = countries.find((c) => c.countryId === countryId)
  return country ? { code: country.regionCode, name: country.name } : null
}

/** One collator per language, made on first use: the server renders the frame for every page. */
const collatorFor = keptPerKey((culture: string) => new Intl.Collator(culture || undefined))

/**
 * "country name - language name" for every site and language, each linking to that site's home page; in the order the
 * switcher shows them: by brand (the visitor's own first, then the others by name), then by country and language.
 */
export function switcherOptions(
  sites: Site[],
  countries: Country[],
  currentSiteId: number,
  currentLanguageId: number,
  current: URL,
): SwitcherOption[] {
  // Local domains (*.localhost) keep the protocol and port the visitor uses; real domains are https.
  const originOf = (domain: string) =>
    domain === 'localhost' || domain.endsWith('.localhost')
      ? `${current.protocol}//${domain}${current.port ? `:${current.port}` : ''}`
      : `https://${domain}`
  const countryName = new Map(countries.map((c) => [c.countryId, c.name]))
  const countryCode = new Map(countries.map((c) => [c.countryId, c.regionCode]))
  const options = sites
    .filter((site) => site.type !== 2 || site.siteId === currentSiteId)
    .flatMap((site) =>
      site.languages.map((language) => ({
        siteId: site.siteId,
        languageId: language.languageId,
        label: { country: countryName.get(site.countryId) ?? site.name, language: language.localizedName },
        hreflang: language.culture,
        brand: brandOf(site),
        brandName: site.brandName,
        isDutchSite: site.type === 0 && countryCode.get(site.countryId) === 'NL',
        href: `${originOf(site.domain)}/${language.pathPrefix ? `${language.pathPrefix}/` : ''}`,
        current: site.siteId === currentSiteId && language.languageId === currentLanguageId,
      })),
    )
  // Sorted here, where the data is made (on the server for a first page), in the page's language: the switcher only
  // groups them. A browser's first comparison of strings sets up ICU's collation, 35 ms on this machine (140 ms at 4×
  // CPU) in the task that hydrated the footer.
  const own = options.find((option) => option.current)
  const compare = collatorFor(own?.hreflang ?? '').compare
  return options.toSorted(
    (a, b) =>
      Number(b.brand === own?.brand) - Number(a.brand === own?.brand) ||
      compare(a.brandName, b.brandName) ||
      compare(a.label.country, b.label.country) ||
      compare(a.label.language, b.label.language),
  )
}

/** The frame's data only changes with the language (a '/fr/' prefix on a shared domain) or on an explicit reload. */
export function rootShouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return defaultShouldRevalidate
  return languagePrefixOf(currentUrl.pathname.toLowerCase()) !== languagePrefixOf(nextUrl.pathname.toLowerCase())
}
