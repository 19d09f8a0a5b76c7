import { describe, expect, it } from 'vitest'
import { AddressAutocompleteAnswerSchema } from '../../domain/address-autocomplete.ts'
import { AddressSchema } from '../../domain/address.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { buildAddresses } from '../db/seed/address-build.ts'

const seeded = buildAddresses()
const nl = seeded.find((row) => row.countryCode === 'NL' && row.houseNumber === 3)!
const de = seeded.find((row) => row.countryCode === 'DE' && row.city === 'München')!

describe.each(DIALECTS)('address autocomplete on %s', (dialect) => {
  const { get } = useTestApp(dialect)
  const matches = async (term: string, context = 'nld', rest = 'nl') => {
    const res = await get(`/api/addresses/autocomplete/${encodeURIComponent(term)}/${context}/${rest}`)
    expect(res.statusCode, res.body).toBe(200)
    return AddressAutocompleteAnswerSchema.parse(res.json()).matches
  }

  it('finds an address by postcode and house number, with or without spaces', async () => {
    for (const term of [
      `${nl.postcode} ${nl.houseNumber}`,
      `${nl.postcode.replace(' ', '').toLowerCase()}${nl.houseNumber}`,
    ]) {
      const found = await matches(term)
      expect(found.length).toBeGreaterThan(0)
      expect(found[0]).toMatchObject({
        label: `${nl.street} ${nl.houseNumber}, ${nl.postcode} ${nl.city}`,
        precision: 'Address',
        context: 'nld',
      })
      const [start, end] = found[0]!.highlights[0]!
      expect(found[0]!.label.slice(start, end)).toBe(nl.postcode)
    }
  })

  it('lists the addresses of a postcode prefix, at most ten', async () => {
    const found = await matches(nl.postcode.slice(0, 2))
    expect(found).toHaveLength(10)
    for (const match of found) expect(match.description.slice(0, 2)).toBe(nl.postcode.slice(0, 2))
  })

  it('finds addresses by a street prefix, and by house number on it', async () => {
    const found = await matches('kerkstr')
    expect(found.length).toBeGreaterThan(0)
    for (const match of found) expect(match.label).toMatch(/^Kerkstraat \d+/)
    const [start, end] = found[0]!.highlights[0]!
    expect(found[0]!.label.slice(start, end)).toBe('Kerkstr')
    for (const match of await matches('Kerkstraat 7')) expect(match.label).toMatch(/^Kerkstraat 7[ ,]/)
  })

  it('finds addresses by city, and narrows a street to a city after a comma', async () => {
    for (const match of await matches('Groningen')) expect(match.description).toMatch(/ Groningen$/)
    for (const match of await matches(`${de.street}, münch`, 'deu', 'de'))
      expect(match.label).toMatch(new RegExp(`^${de.street} \\d+, \\d{5} München$`))
  })

  it('respects the country of the context', async () => {
    const german = await matches(de.postcode, 'deu', 'de')
    expect(german.length).toBeGreaterThan(0)
    for (const match of german) expect(match.context).toBe('deu')
    expect(await matches(de.postcode)).toEqual([])
    expect((await matches('Bahnhofstr')).length).toBe(0)
    for (const match of await matches('Antwerpen', 'bel', 'nl-BE'))
      expect(match.description).toMatch(/^2\d{3} Antwerpen$/)
  })

  it('takes the optional mode', async () => {
    expect((await matches('Amsterdam', 'nld', 'nl/postcode')).length).toBe(0)
    expect((await matches('Amsterdam', 'nld', 'nl/text')).length).toBeGreaterThan(0)
  })

  it('gives the address of a match', async () => {
    const [match] = await matches(`${nl.postcode} ${nl.houseNumber}`)
    const res = await get(`/api/addresses/details/${match!.value}`)
    expect(AddressSchema.parse(res.json())).toEqual({
      zipcode: nl.postcode,
      street: nl.street,
      streetNumber: String(nl.houseNumber),
      streetNumberAddition: '',
      city: nl.city,
      countryId: 1,
    })
    expect((await get('/api/addresses/details/999999')).statusCode).toBe(404)
  })

  it.each([
    ['/api/addresses/autocomplete/1234/usa/nl', 'context', 'De waarde van context is ongeldig.'],
    ['/api/addresses/autocomplete/1234/nld/xx', 'language', 'De waarde van language is ongeldig.'],
    ['/api/addresses/autocomplete/1234/nld/nl/fast', 'mode', 'De waarde van mode is ongeldig.'],
    [`/api/addresses/autocomplete/${'x'.repeat(101)}/nld/nl`, 'term', 'De waarde van term is ongeldig.'],
    ['/api/addresses/details/abc', 'id', 'De waarde van id is ongeldig.'],
  ])('%s → 400 about %s, translated', async (url, name, localizedMessage) => {
    const res = await get(url)
    expect(res.statusCode).toBe(400)
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'invalidParameter',
      params: { name },
      localizedMessage,
    })
    const german = await get(url, { host: HOSTS.de })
    expect(german.json().localizedMessage).not.toBe(localizedMessage)
  })
})
