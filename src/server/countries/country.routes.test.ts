import { describe, expect, it } from 'vitest'
import {
  CountryLocalizedNamesSchema,
  CountrySchema,
  isZipcodeExcluded,
  ZipcodeExclusionSchema,
} from '../../domain/country.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'

describe.each(DIALECTS)('countries API on %s', (dialect) => {
  const { get } = useTestApp(dialect)

  it('lists countries with names in the request’s language, phone and region codes', async () => {
    const nl = CountrySchema.array().parse((await get('/api/countries')).json())
    const de = CountrySchema.array().parse((await get('/api/countries', { host: HOSTS.de })).json())
    expect(nl.find((c) => c.regionCode === 'DE')).toMatchObject({ name: 'Duitsland', phoneCountryCode: '+49' })
    expect(de.find((c) => c.regionCode === 'NL')).toMatchObject({ name: 'Niederlande', phoneCountryCode: '+31' })
    expect(nl.length).toBeGreaterThanOrEqual(15)
  })

  it('gives every country a name in all 15 languages', async () => {
    const all = CountryLocalizedNamesSchema.array().parse((await get('/api/countries/localizedname')).json())
    for (const country of all)
      expect(country.localizedNames.map((n) => n.languageId).toSorted((a, b) => a - b)).toHaveLength(15)
    const be = all.find((c) => c.regionCode === 'BE')!
    expect(be.localizedNames.find((n) => n.languageId === LANG['fr-BE'])?.name).toBe('Belgique')
    expect(be.localizedNames.find((n) => n.languageId === LANG.pl)?.name).toBe('Belgia')
  })

  it('finds one country and its names by id', async () => {
    expect(CountrySchema.parse((await get('/api/countries/1')).json())).toMatchObject({
      regionCode: 'NL',
      name: 'Nederland',
    })
    expect(CountryLocalizedNamesSchema.parse((await get('/api/countries/3/localizedname')).json()).regionCode).toBe(
      'DE',
    )
  })

  it('gives zip-code exclusions of all three kinds that refuse the Wadden and German islands', async () => {
    const nl = ZipcodeExclusionSchema.array().parse((await get('/api/countries/1/zipcodeexclusions')).json())
    const de = ZipcodeExclusionSchema.array().parse((await get('/api/countries/3/zipcodeexclusions')).json())
    const es = ZipcodeExclusionSchema.array().parse((await get('/api/countries/10/zipcodeexclusions')).json())
    expect(new Set([...nl, ...de, ...es].map((e) => e.kind))).toEqual(new Set(['exact', 'prefix', 'range']))
    expect(isZipcodeExcluded('1792 AB', nl)).toBe(true) // Texel
    expect(isZipcodeExcluded('1012 AB', nl)).toBe(false) // Amsterdam
    expect(isZipcodeExcluded('25980', de)).toBe(true) // Sylt
    expect(isZipcodeExcluded('27498', de)).toBe(true) // Helgoland
    expect(isZipcodeExcluded('80331', de)).toBe(false) // München
    expect(isZipcodeExcluded('35001', es)).toBe(true) // Las Palmas
  })

  it('answers 204 for a country without exclusions', async () => {
    const res = await get('/api/countries/2/zipcodeexclusions')
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
  })

  it('is cached for 15 minutes', async () => {
    expect((await get('/api/countries')).headers['cache-control']).toBe('public, max-age=900')
  })

  it.each([
    ['/api/countries/999', 404, 'notFound'],
    ['/api/countries/999/localizedname', 404, 'notFound'],
    ['/api/countries/999/zipcodeexclusions', 404, 'notFound'],
    ['/api/countries/nl', 400, 'invalidParameter'],
    ['/api/countries/0/zipcodeexclusions', 400, 'invalidParameter'],
  ])('%s → %i %s', async (url, status, code) => {
    const res = await get(url)
    expect([res.statusCode, res.json().code]).toEqual([status, code])
  })
})
