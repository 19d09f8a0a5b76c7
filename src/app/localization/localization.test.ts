import { describe, expect, it } from 'vitest'
import { localizationChoiceDate } from './localization-cookie.ts'
import { redirectTarget, visitorCountryOf } from './localization-prompt.tsx'

describe('visitorCountryOf', () => {
  it.each([
    ['NL', ['de-DE'], 'NL'],
    [null, ['nl-NL', 'en'], 'NL'],
    [null, ['en', 'de-at'], 'AT'],
    [null, ['en'], null],
    ['xx', ['fr-BE'], 'BE'],
  ] as const)('server %s, browser %o gives %s', (server, languages, expected) => {
    expect(visitorCountryOf(server, languages)).toBe(expected)
  })
})

describe('redirectTarget', () => {
  it('carries only the named tracking parameters over', () => {
    const target = redirectTarget(
      { redirectUrl: 'https://www.equivera.nl/', availableQueryParameters: ['mailplus_id'] },
      new URL('https://www.equivera.be/?mailplus_id=m1&other=x'),
    )
    expect(target).toBe('https://www.equivera.nl/?mailplus_id=m1')
  })
})

describe('localizationChoiceDate', () => {
  it('reads the date of a valid cookie', async () => {
    const cookie = `a=b; localization=${encodeURIComponent('{"localizationChoiceDate":"2026-11-22T10:00:00.000Z"}')}`
    expect(await localizationChoiceDate(cookie)).toBe('2026-11-22T10:00:00.000Z')
  })
  it.each(['localization=%E0%A4%A', 'localization=notjson', 'localization=%7B%22x%22%3A1%7D', ''])(
    'treats the corrupt or missing cookie %j as no choice',
    async (cookie) => {
      expect(await localizationChoiceDate(cookie)).toBeNull()
    },
  )
})
