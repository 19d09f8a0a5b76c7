// The content of a site in one language, from its language's template: pages with their blocks, FAQ texts, the URL
// table's rows of those pages and of the template's redirects, navigations, footer, USPs and the notification.
// Ids: content page = site*100 + page index; FAQ = site*100 + 50 + group; FAQ item = site*1000 + group*50 + item;
// navigation and USP collection = site*10 + 1|2.
import { routeKey, type RouteTarget } from '../../../domain/routing.ts'
import type { Link } from '../../../domain/site.ts'
import type { ContentBlock, NavigationItem } from '../../../domain/content.ts'
import type { LanguageCode } from '../../../domain/language-codes.ts'
import type { Brand, SiteSeed } from './data.ts'
import type { SeedRows } from './seed-tables.ts'
import { PAGE_KEYS, type ContentTemplate, type PageKey, type TemplateBlock, type TemplateLink } from './template.ts'

export const json = (value: unknown) => JSON.stringify(value)

export const contentPageId = (siteId: number, key: PageKey) => siteId * 100 + PAGE_KEYS.indexOf(key) + 1
export const faqId = (siteId: number, group: number) => siteId * 100 + 50 + group
export const faqItemId = (siteId: number, group: number, item: number) => siteId * 1000 + group * 50 + item + 1

/** Navigation and USP collection ids: site*10 + 1|2. */
export const navigationIdsOf = (siteId: number) => ({ primary: siteId * 10 + 1, secondary: siteId * 10 + 2 })
export const uspIdsOf = (siteId: number) => ({ header: siteId * 10 + 1, cart: siteId * 10 + 2 })

/** A row of the URL table: a path of a site in a language and the route it leads to, found again by its key. */
export const urlRow = (url: {
  siteId: number
  path: string
  languageId: number
  target: RouteTarget
  isCanonical: boolean
}): SeedRows['urls'][number] => ({
  siteId: url.siteId,
  path: url.path,
  languageId: url.languageId,
  kind: url.target.kind,
  routeKey: routeKey(url.target),
  target: json(url.target),
  isCanonical: url.isCanonical,
})

export function brandOf(site: SiteSeed): Brand {
  return site.type === 0 ? 'main' : site.type === 1 ? 'second' : 'corporate'
}

/** Fills {brand}, {phone} and {email} in every string of a template. */
export function fillPlaceholders<T>(value: T, site: SiteSeed): T {
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

export interface SiteLanguageContext {
  site: SiteSeed
  code: LanguageCode
  languageId: number
  prefix: string
  template: ContentTemplate
}

export const pathOf = (ctx: SiteLanguageContext, path: string) => (ctx.prefix ? `/${ctx.prefix}${path}` : path)
export const pagePath = (ctx: SiteLanguageContext, key: PageKey) => pathOf(ctx, ctx.template.pages[key]!.path)

export function link(ctx: SiteLanguageContext, l: TemplateLink): Link {
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

/** The rows of a site's content in one language (the parent rows, one per site, are made by buildSite). */
export function buildSiteContent(rows: SeedRows, ctx: SiteLanguageContext) {
  const { site, code, languageId, template } = ctx
  const siteId = site.siteId
  const navigationIds = navigationIdsOf(siteId)
  const uspIds = uspIdsOf(siteId)
  const addUrl = (path: string, target: RouteTarget, isCanonical = true) =>
    rows.urls.push(urlRow({ siteId, path, languageId, target, isCanonical }))

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
}
