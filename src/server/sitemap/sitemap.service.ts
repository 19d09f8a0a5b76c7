// A site's sitemap (sitemaps.org 0.9): every page of the site meant for search engines, in each of its languages,
// each with its hreflang alternates: the same page on the brand's sites in every language (Google's `xhtml:link`
// form), so the sitemap tells search engines what the pages' own hreflang links say.
import { FEED_CALCULATOR_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import { DEALER_FINDER_PATH } from '../../domain/dealers.ts'
import { brandOf } from '../../domain/locale.ts'
import type { RouteTarget } from '../../domain/routing.ts'
import type { Db } from '../db/database.ts'
import type { SiteDirectory, SiteRecord } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'
import { findContentPageKeys, findIndexedUrls } from './sitemap.repository.ts'

/** Content pages that are no pages to find: the not-found and error pages, the checkout's outcomes. */
const UNLISTED_PAGES = new Set(['notFound', 'internalError', 'checkoutSuccess', 'checkoutSuccessRqs', 'checkoutFailed'])

interface Entry {
  siteId: number
  languageId: number
  url: string
  /** The same page elsewhere has the same group. */
  group: string
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/** What makes the same page on another site: a content page's key, else the route's key (a product, an article …). */
function groupOf(target: RouteTarget, routeKey: string | null, siteId: number, pageKeys: Map<number, string>) {
  if (target.kind === 'contentPage') return `page:${pageKeys.get(target.contentPageId)}`
  // FAQ groups and items are numbered per site: the same site's languages only.
  if (target.kind === 'faq') return `faq:${siteId}:${routeKey}`
  return routeKey ?? ''
}

export async function sitemapOf(
  db: Db,
  sites: SiteDirectory,
  site: SiteRecord,
  requestHost: string,
  publicUrl: URL,
): Promise<string> {
  const brand = brandOf(site)
  const family = sites.all().filter((s) => brandOf(s) === brand)
  const familyIds = new Set(family.map((s) => s.id))
  const originOf = new Map(family.map((s) => [s.id, originFor(s, requestHost, publicUrl)]))
  const [rows, pages] = await Promise.all([findIndexedUrls(db), findContentPageKeys(db)])
  const pageKeys = new Map(pages.map((p) => [p.id, p.key]))

  const entries: Entry[] = []
  for (const row of rows) {
    if (!familyIds.has(row.siteId)) continue
    if (row.target.kind === 'productSearch' && row.target.searchType === 'search') continue
    if (row.target.kind === 'contentPage' && UNLISTED_PAGES.has(pageKeys.get(row.target.contentPageId) ?? '')) continue
    entries.push({
      siteId: row.siteId,
      languageId: row.languageId,
      url: `${originOf.get(row.siteId)}${row.path}`,
      group: groupOf(row.target, row.routeKey, row.siteId, pageKeys),
    })
  }
  // The feed calculator and the dealer finder, app pages in every language of every site.
  for (const other of family)
    for (const language of other.languages)
      for (const [group, slug] of [
        ['feed-calculator', FEED_CALCULATOR_SLUGS[language.code]],
        ['dealer-finder', DEALER_FINDER_PATH],
      ] as const)
        entries.push({
          siteId: other.id,
          languageId: language.languageId,
          url: `${originOf.get(other.id)}${localPath(language.pathPrefix, slug)}`,
          group,
        })

  const byGroup = new Map<string, Entry[]>()
  for (const entry of entries) byGroup.set(entry.group, [...(byGroup.get(entry.group) ?? []), entry])
  const cultureOf = (entry: Entry) =>
    family.find((s) => s.id === entry.siteId)?.languages.find((l) => l.languageId === entry.languageId)?.culture

  const urls = entries
    .filter((entry) => entry.siteId === site.id)
    .map((entry) => {
      const seen = new Set<string>()
      const alternates = (byGroup.get(entry.group) ?? []).flatMap((other) => {
        const culture = cultureOf(other)
        const id = `${other.siteId}:${other.languageId}`
        if (!culture || seen.has(id)) return []
        seen.add(id)
        return [`    <xhtml:link rel="alternate" hreflang="${culture}" href="${escapeXml(other.url)}"/>`]
      })
      return [
        `  <url>`,
        `    <loc>${escapeXml(entry.url)}</loc>`,
        ...(alternates.length > 1 ? alternates : []),
        `  </url>`,
      ].join('\n')
    })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt: everything but the personal and the API, and where the sitemap is. */
export function robotsOf(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /account/',
    'Disallow: /*/account/',
    'Disallow: /checkout/',
    'Disallow: /*/checkout/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
