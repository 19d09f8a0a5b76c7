import { describe, expect, it } from 'vitest'
import { languageForPath, rootShouldRevalidate, switcherOptions } from './root.data.ts'
import type { Site, SiteLanguage } from '../../domain/site.ts'

const nlBE: SiteLanguage = {
  languageId: 11,
  code: 'nl-BE',
  culture: 'nl-BE',
  localizedName: 'Nederlands',
  pathPrefix: '',
}
const frBE: SiteLanguage = {
  languageId: 8,
  code: 'fr-BE',
  culture: 'fr-BE',
  localizedName: 'Français',
  pathPrefix: 'fr',
}

describe('languageForPath', () => {
  it.each([
    ['/', 11],
    ['/fr/', 8],
    ['/FR/service/', 8],
    ['/xx/', 11],
    ['/france/', 11],
  ])('%s is in language %i', (path, id) => {
    expect(languageForPath([nlBE, frBE], path).languageId).toBe(id)
  })
})

describe('switcherOptions', () => {
  const site = (siteId: number, countryId: number, domain: string, languages: SiteLanguage[], type = 0) =>
    ({
      siteId,
      countryId,
      domain,
      languages,
      type,
      variant: 'shop',
      name: `Site ${siteId}`,
      brandName: 'Equivera',
    }) as unknown as Site
  const countries = [
    { countryId: 1, name: 'Nederland', regionCode: 'NL', phoneCountryCode: '+31' },
    { countryId: 2, name: 'België', regionCode: 'BE', phoneCountryCode: '+32' },
  ]

  it('lists "country - language" for every site and language, sorted, with local origins kept local', () => {
    const options = switcherOptions(
      [site(1, 1, 'equivera-nl.localhost', [nlBE]), site(2, 2, 'www.equivera.be', [nlBE, frBE])],
      countries,
      2,
      8,
      new URL('http://equivera-be.localhost:8181/fr/'),
    )
    expect(options.map((o) => `${o.label.country} - ${o.label.language}`)).toEqual([
      'België - Français',
      'België - Nederlands',
      'Nederland - Nederlands',
    ])
    expect(options.map((o) => o.href)).toEqual([
      'https://www.equivera.be/fr/',
      'https://www.equivera.be/',
      'http://equivera-nl.localhost:8181/',
    ])
    expect(options.filter((o) => o.current).map((o) => o.languageId)).toEqual([8])
    expect(options.find((o) => o.siteId === 1)?.isDutchSite).toBe(true)
    expect(options.map((o) => `${o.brand} ${o.brandName}`)).toEqual(Array(3).fill('equivera Equivera'))
  })

  it('orders by brand, the visitor’s own first, then by country in the page’s language', () => {
    const de: SiteLanguage = { ...nlBE, languageId: 3, code: 'de', culture: 'de-DE', localizedName: 'Deutsch' }
    const branded = (siteId: number, countryId: number, brandName: string) => ({
      ...site(siteId, countryId, `site-${siteId}.example`, [de]),
      brandName,
      variant: brandName === 'Equivera' ? 'shop' : 'muehldorfer',
    })
    const names = [
      { countryId: 1, name: 'Polen', regionCode: 'PL', phoneCountryCode: '+48' },
      { countryId: 2, name: 'Österreich', regionCode: 'AT', phoneCountryCode: '+43' },
      { countryId: 3, name: 'Niederlande', regionCode: 'NL', phoneCountryCode: '+31' },
    ]
    const sites = [
      branded(1, 1, 'Equivera'),
      branded(2, 2, 'Equivera'),
      branded(3, 3, 'Equivera'),
      branded(4, 2, 'Mühldorfer'),
    ] as unknown as Site[]
    const order = (current: number) =>
      switcherOptions(sites, names, current, 3, new URL('https://x/')).map((o) => `${o.brandName} ${o.label.country}`)
    // 'Ö' is an O in German: a comparison of code points would put Österreich last.
    expect(order(1)).toEqual(['Equivera Niederlande', 'Equivera Österreich', 'Equivera Polen', 'Mühldorfer Österreich'])
    expect(order(4)).toEqual(['Mühldorfer Österreich', 'Equivera Niederlande', 'Equivera Österreich', 'Equivera Polen'])
  })

  it('leaves the corporate site out of the shops’ list', () => {
    const options = switcherOptions([site(18, 1, 'group', [nlBE], 2)], countries, 1, 12, new URL('https://x/'))
    expect(options).toEqual([])
  })
})

describe('rootShouldRevalidate', () => {
  const args = (from: string, to: string) =>
    ({
      currentUrl: new URL(from, 'http://x'),
      nextUrl: new URL(to, 'http://x'),
      defaultShouldRevalidate: true,
    }) as Parameters<typeof rootShouldRevalidate>[0]
  it('keeps the frame within a language and reloads it when the language changes', () => {
    expect(rootShouldRevalidate(args('/a/', '/b/'))).toBe(false)
    expect(rootShouldRevalidate(args('/a/', '/fr/b/'))).toBe(true)
  })
})
