// Turns the seed files into table rows, with deterministic ids so that seeding twice writes the same rows.
// Ids: footer and notification = site id; content ids are made in content-build.ts, the catalogue's in
// catalogue-build.ts.
import { NavigationItemsSchema, type NavigationItem } from '../../../domain/content.ts'
import { LANGUAGE_CODES } from '../../../domain/language-codes.ts'
import { currencyFromSymbol } from '../../../domain/currency.ts'
import { languageIdOf, loadCountries, loadSites, loadTemplate, type SiteSeed } from './data.ts'
import { CULTURES, LOCALIZED_LANGUAGE_NAMES } from './languages.ts'
import { translate } from '../../i18n.ts'
import { SEARCH_SLUGS } from '../../../domain/catalogue-paths.ts'
import { buildCatalogue, CATALOGUE_TABLES, type SiteLanguageOfCatalogue } from './catalogue-build.ts'
import { buildAddresses } from './address-build.ts'
import { buildDealers, loadDealerPlaces } from './dealer-build.ts'
import { ARTICLE_TABLES, buildArticles, loadArticleStructure, loadArticleTexts } from './article-build.ts'
import { buildPickupPoints } from './pickup-point-build.ts'
import { buildCartPricing, CART_PRICING_TABLES, loadCartPricing } from './cart-build.ts'
import {
  brandOf,
  buildSiteContent,
  contentPageId,
  faqId,
  faqItemId,
  fillPlaceholders,
  json,
  link,
  navigationIdsOf,
  urlRow,
  uspIdsOf,
  type SiteLanguageContext,
} from './content-build.ts'
import { jsonColumn } from '../json-column.ts'
import { SEED_TABLE_ORDER, type SeedRows } from './seed-tables.ts'
import { PAGE_KEYS } from './template.ts'

const navigationItems = jsonColumn('navigationTexts', 'items', NavigationItemsSchema)

const NOTIFICATION_STARTS = '2026-01-01T00:00:00.000Z'
const NOTIFICATION_ENDS = '2027-01-15T00:00:00.000Z'

export function buildSeed(): SeedRows {
  const rows: SeedRows = Object.fromEntries(SEED_TABLE_ORDER.map((t) => [t, []])) as unknown as SeedRows
  const countries = loadCountries()
  const { defaultSiteKey, paymentMethods, sites } = loadSites()

  for (const code of LANGUAGE_CODES) {
    rows.languages.push({
      id: languageIdOf(code),
      code,
      culture: CULTURES[code],
      localizedName: LOCALIZED_LANGUAGE_NAMES[code],
    })
  }

  let exclusionId = 0
  for (const country of countries) {
    rows.countries.push({
      id: country.countryId,
      regionCode: country.regionCode,
      phoneCountryCode: country.phoneCountryCode,
    })
    for (const code of LANGUAGE_CODES) {
      const name = country.names[code]
      if (!name) throw new Error(`Country ${country.regionCode} has no name in ${code}`)
      rows.countryNames.push({ countryId: country.countryId, languageId: languageIdOf(code), name })
    }
    for (const exclusion of country.zipcodeExclusions) {
      rows.zipcodeExclusions.push({
        id: ++exclusionId,
        countryId: country.countryId,
        kind: exclusion.kind,
        zipcode: exclusion.kind === 'exact' ? exclusion.zipcode : null,
        prefix: exclusion.kind === 'prefix' ? exclusion.prefix : null,
        rangeFrom: exclusion.kind === 'range' ? exclusion.from : null,
        rangeTo: exclusion.kind === 'range' ? exclusion.to : null,
        description: exclusion.description,
      })
    }
  }

  for (const method of paymentMethods) {
    rows.paymentMethods.push({ id: method.paymentMethodId, code: method.code, name: method.name })
  }

  const siteLanguages: SiteLanguageOfCatalogue[] = []
  for (const site of sites) {
    buildSite(rows, site, site.key === defaultSiteKey, countries, paymentMethods)
    site.languages.forEach((language, position) =>
      siteLanguages.push({
        site,
        language,
        languageId: languageIdOf(language),
        prefix: position === 0 ? '' : language.slice(0, 2),
      }),
    )
  }

  const catalogue = buildCatalogue(siteLanguages, languageIdOf)
  for (const table of CATALOGUE_TABLES) (rows[table] as unknown[]).push(...catalogue.rows[table])
  const variantIds = new Map(catalogue.rows.productVariants.map((v) => [v.key!, v.id!]))
  const pricing = buildCartPricing(loadCartPricing(), sites, paymentMethods, variantIds)
  for (const table of CART_PRICING_TABLES) (rows[table] as unknown[]).push(...pricing[table])
  rows.addresses.push(...buildAddresses())
  rows.pickupPoints.push(...buildPickupPoints())
  for (const url of catalogue.urls) rows.urls.push(urlRow(url))
  const articles = buildArticles(
    loadArticleStructure(),
    loadArticleTexts(),
    siteLanguages.map(({ site, language, languageId, prefix }) => ({
      siteId: site.siteId,
      language,
      languageId,
      prefix,
    })),
    languageIdOf,
  )
  for (const table of ARTICLE_TABLES) (rows[table] as unknown[]).push(...articles.rows[table])
  for (const url of articles.urls) rows.urls.push(urlRow(url))
  const dealers = buildDealers(loadDealerPlaces(), countries)
  rows.dealers.push(...dealers.dealers)
  rows.dealerPlaces.push(...dealers.dealerPlaces)
  addCatalogueNavigation(rows, siteLanguages, catalogue.navigation)
  const paths = new Set<string>()
  for (const url of rows.urls) {
    const key = `${url.siteId} ${url.path}`
    if (paths.has(key)) throw new Error(`Site ${url.siteId} has two pages at ${url.path}`)
    paths.add(key)
  }
  return rows
}

/** The primary navigation of a shop starts with "Products" (the search page, every product) and its categories. */
function addCatalogueNavigation(
  rows: SeedRows,
  siteLanguages: SiteLanguageOfCatalogue[],
  groups: Map<string, { title: string; route: string }[]>,
) {
  for (const { site, language, languageId, prefix } of siteLanguages) {
    const children = groups.get(`${site.siteId}:${languageId}`)
    if (!children) continue
    const row = rows.navigationTexts.find(
      (r) => r.navigationId === navigationIdsOf(site.siteId).primary && r.languageId === languageId,
    )
    if (!row) continue
    const products: NavigationItem = {
      title: translate(language, 'catalogue.navigation.products'),
      route: `${prefix ? `/${prefix}` : ''}/${SEARCH_SLUGS[language]}/`,
      target: '_self',
      children: children.map((child) => ({ ...child, target: '_self', children: [] })),
    }
    row.items = navigationItems.serialise([products, ...navigationItems.parse(row.items)])
  }
}

function buildSite(
  rows: SeedRows,
  site: SiteSeed,
  isDefault: boolean,
  countries: ReturnType<typeof loadCountries>,
  paymentMethods: { paymentMethodId: number; code: string }[],
) {
  const siteId = site.siteId
  const country = countries.find((c) => c.regionCode === site.countryCode)
  if (!country) throw new Error(`Site ${site.key}: unknown country ${site.countryCode}`)

  rows.sites.push({
    id: siteId,
    key: site.key,
    name: site.name,
    brandName: site.brandName,
    variant: site.variant,
    type: site.type,
    countryId: country.countryId,
    fallbackLanguageId: languageIdOf(site.languages[0]!),
    currencySymbol: site.currencySymbol,
    vatPercentageHigh: site.vatPercentageHigh,
    vatPercentageLow: site.vatPercentageLow,
    socialMedia: json(site.socialMedia),
    customerServicePhone: site.customerServicePhone,
    customerServiceEmailAddress: site.customerServiceEmailAddress,
    seller: json(site.seller),
    paymentProviderConfigurationId: site.paymentProviderConfigurationId,
    googleRecaptchaKey: site.googleRecaptchaKey,
    gtmContainerId: site.gtmContainerId,
    mapsKey: site.mapsKey,
    autoRedirectIfNotInSameCountry: site.autoRedirectIfNotInSameCountry,
    enableRqs: site.enableRqs,
    enableStockReminderFeature: site.enableStockReminderFeature,
    isDefault,
  })
  site.domains.forEach((domain, index) => rows.siteDomains.push({ domain, siteId, isPrimary: index === 0 }))
  site.paymentMethods.forEach((code, position) => {
    const method = paymentMethods.find((m) => m.code === code)
    if (!method) throw new Error(`Site ${site.key}: unknown payment method ${code}`)
    rows.sitePaymentMethods.push({ siteId, paymentMethodId: method.paymentMethodId, position })
  })

  for (const key of PAGE_KEYS) rows.contentPages.push({ id: contentPageId(siteId, key), siteId, key })
  const navigationIds = navigationIdsOf(siteId)
  const uspIds = uspIdsOf(siteId)
  rows.navigations.push({ id: navigationIds.primary, siteId, kind: 'primary' })
  rows.navigations.push({ id: navigationIds.secondary, siteId, kind: 'secondary' })
  rows.uspCollections.push({ id: uspIds.header, siteId, kind: 'header' })
  rows.uspCollections.push({ id: uspIds.cart, siteId, kind: 'cart' })
  rows.footers.push({ id: siteId, siteId })
  rows.notifications.push({
    id: siteId,
    siteId,
    severity: 'info',
    startsAt: NOTIFICATION_STARTS,
    endsAt: NOTIFICATION_ENDS,
  })

  let faqShape: string | undefined
  site.languages.forEach((code, position) => {
    const languageId = languageIdOf(code)
    const prefix = position === 0 ? '' : code.slice(0, 2)
    const template = fillPlaceholders(loadTemplate(code, brandOf(site)), site)
    const ctx: SiteLanguageContext = { site, code, languageId, prefix, template }
    rows.siteLanguages.push({ siteId, languageId, position, pathPrefix: prefix })

    // FAQ groups and items have one id across the languages of a site, so every language must have the same shape.
    const shape = template.faqs.map((f) => f.items.length).join(',')
    if (faqShape !== undefined && shape !== faqShape) {
      throw new Error(`Site ${site.key}: the FAQ of ${code} has another shape (${shape}) than its first language`)
    }
    if (faqShape === undefined) {
      faqShape = shape
      template.faqs.forEach((faq, group) => {
        rows.faqs.push({ id: faqId(siteId, group), contentPageId: contentPageId(siteId, 'faq'), position: group })
        faq.items.forEach((_, item) =>
          rows.faqItems.push({ id: faqItemId(siteId, group, item), faqId: faqId(siteId, group), position: item }),
        )
      })
    }

    buildSiteContent(rows, ctx)

    const texts = template.site
    rows.siteTexts.push({
      siteId,
      languageId,
      customerServiceTitle: texts.customerServiceTitle,
      customerServiceTextBottom: texts.customerServiceTextBottom,
      customerServiceLink: json(link(ctx, { title: template.pages.customerService!.title, page: 'customerService' })),
      customerServicePhoneLink: json({
        title: texts.phoneLinkTitle,
        route: `tel:${site.customerServicePhone.replaceAll(' ', '')}`,
        target: '_self',
      }),
      openingHours: json(texts.openingHours),
      dealerPageTitle: texts.dealerPageTitle,
      becomeDealerLink: site.becomeDealer
        ? json(link(ctx, { title: texts.becomeDealerLinkTitle, page: 'customerService' }))
        : null,
      currencyConversionDisclaimerLink:
        currencyFromSymbol(site.currencySymbol) === 'EUR'
          ? null
          : json(link(ctx, { title: texts.currencyConversionDisclaimerTitle, page: 'terms' })),
      rqsContentPage: site.enableRqs ? json(link(ctx, { title: texts.rqsLinkTitle, page: 'rqs' })) : null,
    })
  })
}
