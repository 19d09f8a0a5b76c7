import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ContentBlocksSchema,
  FooterContentSchema,
  NavigationItemsSchema,
  UspListSchema,
  type NavigationItem,
} from '../../../domain/content.ts'
import {
  APP_PAGE_SLUGS,
  CART_PATH_WORDS,
  COMPARE_PATH_WORDS,
  FEED_CALCULATOR_PATH_WORDS,
} from '../../../domain/catalogue-paths.ts'
import { LANGUAGE_CODES, SECOND_BRAND_LANGUAGES } from '../../../domain/language-codes.ts'
import { LinkSchema } from '../../../domain/site.ts'
import { buildSeed } from './build.ts'
import { ContentOverlaySchema, ContentTemplateSchema } from './template.ts'

const contentDir = new URL('./content/', import.meta.url)
const rows = buildSeed()

describe('seed content files', () => {
  const files = readdirSync(contentDir)

  it.each(files)('%s matches the template schema', (file) => {
    const json: unknown = JSON.parse(readFileSync(new URL(file, contentDir), 'utf8'))
    const schema = file.endsWith('.second.json') ? ContentOverlaySchema : ContentTemplateSchema
    expect(schema.safeParse(json).error?.issues ?? []).toEqual([])
  })

  it('has a main-brand file for each of the 15 languages and second-brand files for nl, de and da', () => {
    for (const code of LANGUAGE_CODES) expect(files).toContain(`${code}.main.json`)
    for (const code of SECOND_BRAND_LANGUAGES) expect(files).toContain(`${code}.second.json`)
  })

  it.each(files)('%s uses only the {brand}, {phone} and {email} placeholders', (file) => {
    const text = readFileSync(new URL(file, contentDir), 'utf8')
    const placeholders = new Set(text.match(/\{[^}"]*\}/g) ?? [])
    for (const placeholder of placeholders) expect(['{brand}', '{phone}', '{email}']).toContain(placeholder)
  })
})

describe('seed rows', () => {
  it('fills every placeholder (articles keep {brand}: shared by every site, they are branded when read)', () => {
    const { articleTexts, articleCategoryTexts, articleOverviewTexts, ...perSite } = rows
    expect(JSON.stringify(perSite)).not.toMatch(/\{brand\}|\{phone\}|\{email\}/)
    expect(JSON.stringify([articleTexts, articleCategoryTexts, articleOverviewTexts])).not.toMatch(
      /\{phone\}|\{email\}/,
    )
  })

  it('gives each path of a site one row', () => {
    const keys = rows.urls.map((u) => `${u.siteId} ${u.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('leaves the path words of the app’s own pages (comparison, cart, feed calculator) to the app: no page of a site hides under them', () => {
    const words = new Set([...COMPARE_PATH_WORDS, ...CART_PATH_WORDS, ...FEED_CALCULATOR_PATH_WORDS])
    const hidden = rows.urls.filter((url) => {
      // The app's routes are /word/ and /{language}/word/ (src/app/routes.tsx), checked before the routing table.
      const segments = url.path.split('/').filter(Boolean)
      return segments.length <= 2 && words.has(segments.at(-1)!)
    })
    expect(hidden.map((url) => `${url.siteId} ${url.path}`)).toEqual([])
  })

  it('writes only paths with the strict trailing slash, in lower case', () => {
    for (const url of rows.urls) expect(url.path).toMatch(/^\/([a-z0-9-]+\/)*$/)
  })

  it('links only to paths that exist on the same site (no dead links in pages, menus, footers and USPs)', () => {
    const paths = new Set(rows.urls.map((u) => `${u.siteId} ${u.path}`))
    const siteOfNavigation = new Map(rows.navigations.map((n) => [n.id, n.siteId]))
    const siteOfUsps = new Map(rows.uspCollections.map((u) => [u.id, u.siteId]))
    const siteOfPage = new Map(rows.contentPages.map((p) => [p.id, p.siteId]))
    const dead: string[] = []
    // The app's own pages (the feed calculator …) are no rows of the table: any of their words, under any prefix.
    const appPage = (route: string) => {
      const word = /^\/(?:[a-z]{2}\/)?([a-z-]+)\/$/.exec(route)?.[1]
      return word !== undefined && Object.values(APP_PAGE_SLUGS).some((slugs) => Object.values(slugs).includes(word))
    }
    const check = (siteId: number | undefined, route: string, where: string) => {
      if (route.startsWith('/') && !paths.has(`${siteId} ${route}`) && !appPage(route)) dead.push(`${where}: ${route}`)
    }
    const walk = (siteId: number | undefined, items: NavigationItem[], where: string): void =>
      items.forEach((item) => {
        check(siteId, item.route, where)
        walk(siteId, item.children, where)
      })

    for (const row of rows.navigationTexts) {
      walk(
        siteOfNavigation.get(row.navigationId),
        NavigationItemsSchema.parse(JSON.parse(row.items)),
        `navigation ${row.navigationId}`,
      )
    }
    for (const row of rows.footerTexts) {
      const footer = FooterContentSchema.parse(JSON.parse(row.content))
      for (const link of [...footer.columns.flatMap((c) => c.links), ...footer.bottomLinks])
        check(row.footerId, link.route, `footer ${row.footerId}`)
    }
    for (const row of rows.uspCollectionTexts) {
      for (const usp of UspListSchema.parse(JSON.parse(row.usps)))
        if (usp.link) check(siteOfUsps.get(row.uspCollectionId), usp.link.route, 'usps')
    }
    for (const row of rows.contentPageTexts) {
      const siteId = siteOfPage.get(row.contentPageId)
      for (const block of ContentBlocksSchema.parse(JSON.parse(row.blocks))) {
        const links = 'links' in block ? block.links : 'link' in block && block.link ? [block.link] : []
        for (const link of links) check(siteId, link.route, `page ${row.contentPageId}`)
      }
    }
    for (const row of rows.siteTexts) {
      for (const text of [
        row.customerServiceLink,
        row.becomeDealerLink,
        row.rqsContentPage,
        row.currencyConversionDisclaimerLink,
      ]) {
        if (text) check(row.siteId, LinkSchema.parse(JSON.parse(text)).route, `site ${row.siteId}`)
      }
    }
    for (const row of rows.urls.filter((u) => u.kind === 'redirect')) {
      check(row.siteId, (JSON.parse(row.target) as { url: string }).url, `redirect ${row.path}`)
    }
    expect(dead).toEqual([])
  })
})
