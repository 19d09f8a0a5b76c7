// Turns the seed files into table rows, with deterministic ids so that seeding twice writes the same rows.
// Ids: content page = site*100 + page index; FAQ = site*100 + 50 + group; FAQ item = site*1000 + group*50 + item;
// navigation and USP collection = site*10 + 1|2; footer and notification = site id.
import type { Insertable } from 'kysely'
import { routeKey, type RouteTarget } from '../../../domain/routing.ts'
import type { Link } from '../../../domain/site.ts'
import type { ContentBlock, NavigationItem } from '../../../domain/content.ts'
import { LANGUAGE_CODES } from '../../../domain/language-codes.ts'
import { currencyFromSymbol } from '../../../domain/currency.ts'
import type { Database } from '../schema.ts'
import { languageIdOf, loadCountries, loadSites, loadTemplate, type Brand, type SiteSeed } from './data.ts'
import { CULTURES, LOCALIZED_LANGUAGE_NAMES } from './languages.ts'
import { translate } from '../../i18n.ts'
import { SEARCH_SLUGS } from '../../../domain/catalogue-paths.ts'
import { buildCatalogue, CATALOGUE_TABLES, type SiteLanguageOfCatalogue } from './catalogue-build.ts'
import { buildCartPricing, CART_PRICING_TABLES, loadCartPricing } from './cart-build.ts'
import { PAGE_KEYS, type ContentTemplate, type PageKey, type TemplateBlock, type TemplateLink } from './template.ts'

/** Tables the seed fills; the others (conversions, notify-me requests, the catalogue's version, carts and their
 * keys) hold what the shop records while it runs. */
export type SeedTable = Exclude<
  keyof Database,
  'conversions' | 'catalogueState' | 'stockReminders' | 'carts' | 'cartLines' | 'idempotencyKeys' | 'impersonationKeys'
>
export type SeedRows = { [T in SeedTable]: Insertable<Database[T]>[] }

/** Primary-key columns of the seeded tables, for upserts, listed in the order tables can be written (parents first). */
export const SEED_KEYS: { [T in SeedTable]: (keyof Database[T] & string)[] } = {
  languages: ['id'],
  countries: ['id'],
  countryNames: ['countryId', 'languageId'],
  zipcodeExclusions: ['id'],
  paymentMethods: ['id'],
  sites: ['id'],
  siteDomains: ['domain'],
  siteLanguages: ['siteId', 'languageId'],
  siteTexts: ['siteId', 'languageId'],
  sitePaymentMethods: ['siteId', 'paymentMethodId'],
  contentPages: ['id'],
  contentPageTexts: ['contentPageId', 'languageId'],
  faqs: ['id'],
  faqTexts: ['faqId', 'languageId'],
  faqItems: ['id'],
  faqItemTexts: ['faqItemId', 'languageId'],
  urls: ['siteId', 'path'],
  navigations: ['id'],
  navigationTexts: ['navigationId', 'languageId'],
  footers: ['id'],
  footerTexts: ['footerId', 'languageId'],
  uspCollections: ['id'],
  uspCollectionTexts: ['uspCollectionId', 'languageId'],
  notifications: ['id'],
  notificationTexts: ['notificationId', 'languageId'],
  productGroups: ['key'],
  productGroupTexts: ['productGroupKey', 'languageId'],
  facetValues: ['facetKey', 'valueKey'],
  facetValueTexts: ['facetKey', 'valueKey', 'languageId'],
  landingPages: ['id'],
  landingPageTexts: ['landingPageId', 'languageId'],
  products: ['id'],
  productTexts: ['productId', 'languageId'],
  productVariants: ['id'],
  variantPrices: ['variantId', 'siteId'],
  variantStock: ['variantId'],
  relatedProducts: ['productId', 'relatedProductId'],
  bundleItems: ['bundleProductId', 'variantId'],
  reviews: ['id'],
  shippingRates: ['siteId', 'shippingMethod'],
  paymentCosts: ['siteId', 'paymentMethodId'],
  promotions: ['id'],
  promotionVariants: ['promotionId', 'variantId'],
  promotionSites: ['promotionId', 'siteId'],
  discountCodes: ['id'],
  discountCodeSites: ['discountCodeId', 'siteId'],
}

export const SEED_TABLE_ORDER = Object.keys(SEED_KEYS) as SeedTable[]

export const contentPageId = (siteId: number, key: PageKey) => siteId * 100 + PAGE_KEYS.indexOf(key) + 1
const faqId = (siteId: number, group: number) => siteId * 100 + 50 + group
const faqItemId = (siteId: number, group: number, item: number) => siteId * 1000 + group * 50 + item + 1

const NOTIFICATION_STARTS = '2026-01-01T00:00:00.000Z'
const NOTIFICATION_ENDS = '2027-01-15T00:00:00.000Z'

function brandOf(site: SiteSeed): Brand {
  return site.type === 0 ? 'main' : site.type === 1 ? 'second' : 'corporate'
}

/** Fills {brand}, {phone} and {email} in every string of a template. */
function fillPlaceholders<T>(value: T, site: SiteSeed): T {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'string'
        ? v
            .replaceAll('{brand}', site.brandName)
            .replaceAll('{phone}', site.customerServicePhone)
            .replaceAll('{email}', site.customerServiceEmailAddress)
        : v,
    ),
  ) as T
}

interface SiteLanguageContext {
  site: SiteSeed
  languageId: number
  prefix: string
  template: ContentTemplate
}

const pathOf = (ctx: SiteLanguageContext, path: string) => (ctx.prefix ? `/${ctx.prefix}${path}` : path)
const pagePath = (ctx: SiteLanguageContext, key: PageKey) => pathOf(ctx, ctx.template.pages[key]!.path)

function link(ctx: SiteLanguageContext, l: TemplateLink): Link {
  if ('page' in l) return { title: l.title, route: pagePath(ctx, l.page), target: '_self' }
  const route = l.href.startsWith('/') ? pathOf(ctx, l.href) : l.href
  return { title: l.title, route, target: l.target ?? (l.href.startsWith('http') ? '_blank' : '_self') }
}

function navigation(ctx: SiteLanguageContext, items: ContentTemplate['primaryNavigation']): NavigationItem[] {
  return items.map((item) => ({ ...link(ctx, item), children: navigation(ctx, item.children ?? []) }))
}

function block(ctx: SiteLanguageContext, b: TemplateBlock): ContentBlock {
  switch (b.type) {
    case 'hero':
      return { ...b, link: b.link ? link(ctx, b.link) : null }
    case 'linkList':
      return { ...b, links: b.links.map((l) => link(ctx, l)) }
    case 'callToAction':
    case 'productOffer':
      return { ...b, link: link(ctx, b.link) }
    case 'faq':
      return { type: 'faq', faqIds: ctx.template.faqs.map((_, group) => faqId(ctx.site.siteId, group)) }
    default:
      return b
  }
}

const json = (value: unknown) => JSON.stringify(value)

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
  for (const url of catalogue.urls)
    rows.urls.push({
      siteId: url.siteId,
      path: url.path,
      languageId: url.languageId,
      kind: url.target.kind,
      routeKey: routeKey(url.target),
      target: json(url.target),
      isCanonical: url.isCanonical,
    })
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
    const row = rows.navigationTexts.find((r) => r.navigationId === site.siteId * 10 + 1 && r.languageId === languageId)
    if (!row) continue
    const products: NavigationItem = {
      title: translate(language, 'catalogue.navigation.products'),
      route: `${prefix ? `/${prefix}` : ''}/${SEARCH_SLUGS[language]}/`,
      target: '_self',
      children: children.map((child) => ({ ...child, target: '_self', children: [] })),
    }
    row.items = json([products, ...(JSON.parse(row.items) as NavigationItem[])])
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
  const navigationIds = { primary: siteId * 10 + 1, secondary: siteId * 10 + 2 }
  const uspIds = { header: siteId * 10 + 1, cart: siteId * 10 + 2 }
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
    const ctx: SiteLanguageContext = { site, languageId, prefix, template }
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

    const addUrl = (path: string, target: RouteTarget, isCanonical = true) => {
      rows.urls.push({
        siteId,
        path,
        languageId,
        kind: target.kind,
        routeKey: routeKey(target),
        target: json(target),
        isCanonical,
      })
    }

    for (const key of PAGE_KEYS) {
      const page = template.pages[key]
      if (!page) throw new Error(`Site ${site.key}: the ${code} template has no page ${key}`)
      const id = contentPageId(siteId, key)
      rows.contentPageTexts.push({
        contentPageId: id,
        languageId,
        title: page.title,
        seoTitle: page.seoTitle,
        seoDescription: page.seoDescription,
        blocks: json(page.blocks.map((b) => block(ctx, b))),
      })
      addUrl(
        pagePath(ctx, key),
        key === 'faq'
          ? { kind: 'faq', contentPageId: id, faqId: null, faqItemId: null }
          : { kind: 'contentPage', contentPageId: id },
      )
    }

    const faqPath = pagePath(ctx, 'faq')
    template.faqs.forEach((faq, group) => {
      const groupId = faqId(siteId, group)
      rows.faqTexts.push({ faqId: groupId, languageId, title: faq.title })
      const groupPath = `${faqPath}${faq.slug}/`
      addUrl(groupPath, { kind: 'faq', contentPageId: contentPageId(siteId, 'faq'), faqId: groupId, faqItemId: null })
      faq.items.forEach((item, index) => {
        const itemId = faqItemId(siteId, group, index)
        rows.faqItemTexts.push({ faqItemId: itemId, languageId, question: item.question, answer: json(item.answer) })
        addUrl(`${groupPath}${item.slug}/`, {
          kind: 'faq',
          contentPageId: contentPageId(siteId, 'faq'),
          faqId: groupId,
          faqItemId: itemId,
        })
      })
    })

    for (const redirect of template.redirects) {
      const url = PAGE_KEYS.includes(redirect.to as PageKey)
        ? pagePath(ctx, redirect.to as PageKey)
        : pathOf(ctx, redirect.to)
      addUrl(pathOf(ctx, redirect.from), { kind: 'redirect', url, statusCode: redirect.status }, false)
    }

    rows.navigationTexts.push({
      navigationId: navigationIds.primary,
      languageId,
      items: json(navigation(ctx, template.primaryNavigation)),
    })
    rows.navigationTexts.push({
      navigationId: navigationIds.secondary,
      languageId,
      items: json(navigation(ctx, template.secondaryNavigation)),
    })
    rows.footerTexts.push({
      footerId: siteId,
      languageId,
      content: json({
        columns: template.footer.columns.map((c) => ({ title: c.title, links: c.links.map((l) => link(ctx, l)) })),
        bottomLinks: template.footer.bottomLinks.map((l) => link(ctx, l)),
        text: template.footer.text,
      }),
    })
    const usps = (list: ContentTemplate['headerUsps']) =>
      json(list.map((u) => ({ text: u.text, link: u.link ? link(ctx, u.link) : null })))
    rows.uspCollectionTexts.push({ uspCollectionId: uspIds.header, languageId, usps: usps(template.headerUsps) })
    rows.uspCollectionTexts.push({ uspCollectionId: uspIds.cart, languageId, usps: usps(template.cartUsps) })

    rows.notificationTexts.push({
      notificationId: siteId,
      languageId,
      text: template.notification.text,
      link: template.notification.link ? json(link(ctx, template.notification.link)) : null,
    })

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
