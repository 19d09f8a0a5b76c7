import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { PickupPointListSchema } from '../../domain/pickup-points.ts'
import { useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'

describe.each(DIALECTS)('DPD pickup points on %s', (dialect) => {
  const { get } = useTestApp(dialect)
  const search = async (query: string) => {
    const res = await get(`/api/pickuppoints?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return PickupPointListSchema.parse(res.json())
  }
  const isNearestFirst = (points: { distanceKm: number }[]) =>
    points.every((point, i) => i === 0 || points[i - 1]!.distanceKm <= point.distanceKm)

  it('lists the ten nearest to a city, nearest first, with opening hours', async () => {
    const points = await search('zipcodeOrCity=Utrecht')
    expect(points).toHaveLength(10)
    expect(isNearestFirst(points)).toBe(true)
    expect(points.every((p) => p.countryCode === 'NL' && p.distanceKm < 25)).toBe(true)
    expect(points.filter((p) => p.city === 'Utrecht').length).toBeGreaterThan(5)
    expect(points[0]!.openingHours.length).toBeGreaterThanOrEqual(5)
  })

  it('finds them by postcode and by street, in the country asked for', async () => {
    const byPostcode = await search('zipcodeOrCity=80331&country=DE')
    expect(byPostcode[0]).toMatchObject({ countryCode: 'DE' })
    expect(byPostcode.filter((p) => p.city === 'München').length).toBeGreaterThan(5)
    const byStreet = await search(`zipcodeOrCity=${encodeURIComponent('Via Garib')}&country=IT`)
    expect(byStreet.length).toBeGreaterThan(0)
    expect(isNearestFirst(byStreet)).toBe(true)
    expect(await search('zipcodeOrCity=Utrecht&country=BE')).toEqual([])
  })

  it.each([
    ['zipcodeOrCity=', 'parameterRequired'],
    ['zipcodeOrCity=Gent&country=US', 'invalidParameter'],
  ])('refuses %s with %s, translated', async (query, code) => {
    const res = await get(`/api/pickuppoints?${query}`)
    expect(res.statusCode).toBe(400)
    const body = ApiErrorSchema.parse(res.json())
    expect(body.code).toBe(code)
    expect(body.localizedMessage).toMatch(/^De (parameter|waarde)/)
  })
})

describe('the pickup point answer', () => {
  it('is a domain shape', async () => {
    const { buildPickupPoints, PICKUP_POINTS_PER_COUNTRY } = await import('../db/seed/pickup-point-build.ts')
    const rows = buildPickupPoints()
    expect(rows).toHaveLength(14 * PICKUP_POINTS_PER_COUNTRY)
    expect(buildPickupPoints()).toEqual(rows)
    expect(new Set(rows.map((r) => r.parcelShopId)).size).toBe(rows.length)
  })
})
