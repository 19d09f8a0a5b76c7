import { describe, expect, it } from 'vitest'
import { isValidPostcode } from '../../../domain/address-rules.ts'
import { buildAddresses } from './address-build.ts'

describe('the seeded addresses', () => {
  const rows = buildAddresses()

  it('are a few thousand in the Netherlands, Belgium and Germany', () => {
    const perCountry = Object.groupBy(rows, (row) => row.countryCode)
    expect(Object.keys(perCountry).toSorted()).toEqual(['BE', 'DE', 'NL'])
    expect(rows.length).toBeGreaterThan(2000)
    for (const list of Object.values(perCountry)) expect(list!.length).toBeGreaterThan(300)
  })

  it('are the same on every run', () => {
    expect(buildAddresses()).toEqual(rows)
    expect(buildAddresses(1)).not.toEqual(rows)
  })

  it('have postcodes their country accepts, written the way it writes them', () => {
    for (const row of rows) expect(isValidPostcode(row.countryCode as 'NL', row.postcode), row.postcode).toBe(true)
    expect(rows.find((row) => row.countryCode === 'NL')?.postcode).toMatch(/^\d{4} [A-Z]{2}$/)
  })

  it('never repeat an address', () => {
    const keys = rows.map(
      (r) => `${r.countryCode} ${r.postcode} ${r.street} ${r.houseNumber} ${r.houseNumberAddition} ${r.city}`,
    )
    expect(new Set(keys).size).toBe(rows.length)
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
  })
})
