import { describe, expect, it } from 'vitest'
import { checkPath, routeKey, ROUTE_KINDS, RouteInfoSchema, RouteTargetSchema } from './routing.ts'
import { languagePrefixOf } from './paths.ts'

describe('checkPath', () => {
  it.each([
    ['/', '/'],
    ['/klantenservice/', '/klantenservice/'],
    ['/Klantenservice/FAQ/', '/klantenservice/faq/'],
    ['//a//b/', '/a/b/'],
    ['https://www.equivera.nl/over-ons/?utm_source=x', '/over-ons/'],
    ['/caf%C3%A9/', '/café/'],
  ])('accepts %s as the path %s', (url, path) => {
    expect(checkPath(url)).toEqual({ ok: true, path })
  })

  it.each([
    ['/klantenservice', '/klantenservice/'],
    ['/a/b?x=1', '/a/b/?x=1'],
    ['https://www.equivera.nl/over-ons', '/over-ons/'],
  ])('asks for a trailing slash on %s (redirect to %s)', (url, redirectTo) => {
    expect(checkPath(url)).toEqual({ ok: false, reason: 'missingTrailingSlash', redirectTo })
  })

  it.each([['klantenservice/'], ['javascript:alert(1)/'], ['/%E0%A4%A/'], [`/${'a'.repeat(1100)}/`]])(
    'rejects %s',
    (url) => {
      expect(checkPath(url)).toEqual({ ok: false, reason: 'invalid' })
    },
  )
})

describe('languagePrefixOf', () => {
  it.each([
    ['/fr/service-clientele/', 'fr'],
    ['/fr/', 'fr'],
    ['/klantenservice/', ''],
    ['/', ''],
  ])('reads %s as prefix %j', (path, prefix) => expect(languagePrefixOf(path)).toBe(prefix))
})

describe('routeKey', () => {
  it('writes product search parameters in a fixed order', () => {
    const a = routeKey({ kind: 'productSearch', searchType: 'category', parameters: { b: '2', a: '1' } })
    const b = routeKey({ kind: 'productSearch', searchType: 'category', parameters: { a: '1', b: '2' } })
    expect(a).toBe(b)
    expect(a).toBe('productSearch:category:a=1&b=2')
  })

  it('tells FAQ page, group and item apart', () => {
    const keys = new Set([
      routeKey({ kind: 'faq', contentPageId: 3, faqId: null, faqItemId: null }),
      routeKey({ kind: 'faq', contentPageId: 3, faqId: 4, faqItemId: null }),
      routeKey({ kind: 'faq', contentPageId: 3, faqId: 4, faqItemId: 5 }),
    ])
    expect(keys.size).toBe(3)
  })

  it('gives a redirect no key', () => {
    expect(routeKey({ kind: 'redirect', url: '/x/', statusCode: 301 })).toBeNull()
  })

  it('ignores omitArticleCode, which changes how a variant is shown, not which one', () => {
    expect(routeKey({ kind: 'productVariant', productVariantId: 7, omitArticleCode: true })).toBe(
      routeKey({ kind: 'productVariant', productVariantId: 7, omitArticleCode: false }),
    )
  })
})

describe('route schemas', () => {
  it('knows the 17 route kinds (spec §2’s 16 and the news overview)', () => {
    expect(ROUTE_KINDS).toHaveLength(17)
    expect(new Set(ROUTE_KINDS).size).toBe(17)
  })

  it('requires the ids of a kind', () => {
    expect(RouteTargetSchema.safeParse({ kind: 'adviceArticle' }).success).toBe(false)
    expect(RouteTargetSchema.safeParse({ kind: 'adviceArticle', adviceArticleId: 2 }).success).toBe(true)
    expect(RouteTargetSchema.safeParse({ kind: 'unknown' }).success).toBe(false)
  })

  it('puts site and language beside the target in a route info', () => {
    const info = RouteInfoSchema.parse({ kind: 'contentPage', contentPageId: 1, siteId: 1, languageId: 12, path: '/' })
    expect(info).toMatchObject({ kind: 'contentPage', contentPageId: 1, siteId: 1, languageId: 12 })
    expect(RouteInfoSchema.safeParse({ kind: 'contentPage', contentPageId: 1, path: '/' }).success).toBe(false)
  })
})
