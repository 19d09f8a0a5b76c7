import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { distanceKm, locate, nearestDealers, searchDealers, type Dealer, type Place } from './dealers.ts'

const PLACES: Place[] = [
  { city: 'Utrecht', postcode: '3511', lat: 52.0907, lon: 5.1214 },
  { city: 'Amersfoort', postcode: '3811', lat: 52.1561, lon: 5.3878 },
  { city: "'s-Hertogenbosch", postcode: '5211', lat: 51.6978, lon: 5.3037 },
  { city: 'Ermelo', postcode: '3851', lat: 52.2988, lon: 5.6209 },
  { city: 'Groningen', postcode: '9711', lat: 53.2194, lon: 6.5665 },
  { city: 'Örebro', postcode: '702 10', lat: 59.2753, lon: 15.2134 },
]

const dealer = (id: number, name: string, lat: number, lon: number): Dealer => ({
  dealerId: id,
  name,
  street: 'Dorpsstraat 1',
  postcode: '1234',
  city: 'Ergens',
  countryCode: 'NL',
  lat,
  lon,
  phone: '+31 30 123 4567',
  openingHours: [{ day: 0, opens: '09:00', closes: '17:30' }],
  stocks: ['muesli'],
})
const DEALERS = [
  dealer(1, 'Ruitersport Utrecht', 52.09, 5.12),
  dealer(2, 'Hoeve Jansen', 52.3, 5.62),
  dealer(3, 'Paardenvoer Groningen', 53.22, 6.57),
  dealer(4, 'Agrarisch Centrum Bosch', 51.7, 5.3),
]

describe('the dealer finder', () => {
  it('measures great-circle distances', () => {
    // Utrecht to Groningen is about 150 km as the crow flies.
    expect(distanceKm(PLACES[0]!, PLACES[4]!)).toBeGreaterThan(145)
    expect(distanceKm(PLACES[0]!, PLACES[4]!)).toBeLessThan(160)
    expect(distanceKm(PLACES[0]!, PLACES[0]!)).toBe(0)
  })

  it.each([
    ['3511', 'Utrecht'],
    ['3511 AB', 'Utrecht'],
    ['utrecht', 'Utrecht'],
    ['ERMELO', 'Ermelo'],
    ['s-hertogenbosch', "'s-Hertogenbosch"],
    ['orebro', 'Örebro'],
    ['70210', 'Örebro'],
    ['702 10', 'Örebro'],
  ])('finds %j at %s', (query, city) => {
    expect(locate(PLACES, query)?.label).toBe(city)
  })

  it('finds an unknown postcode by its area, and a town by its beginning', () => {
    // 38xx: Amersfoort (3811) and Ermelo (3851); their centre.
    const area = locate(PLACES, '3833')!
    expect(area.lat).toBeCloseTo((52.1561 + 52.2988) / 2, 4)
    expect(locate(PLACES, 'Gron')?.label).toBe('Groningen')
    expect(locate(PLACES, '0000')).toBeNull()
    expect(locate(PLACES, 'Atlantis')).toBeNull()
    expect(locate(PLACES, '  ')).toBeNull()
  })

  it('lists the nearest dealers first, at most the limit', () => {
    const result = searchDealers({ dealers: DEALERS, places: PLACES }, { q: '3851' })
    expect(result.ok && result.dealers.map((d) => d.dealerId)).toEqual([2, 1, 4, 3])
    expect(result.ok && result.dealers[0]!.distanceKm).toBeLessThan(1)
    const two = searchDealers({ dealers: DEALERS, places: PLACES }, { lat: 53.2, lon: 6.5 }, 2)
    expect(two.ok && two.dealers.map((d) => d.dealerId)).toEqual([3, 2])
    expect(searchDealers({ dealers: DEALERS, places: PLACES }, { q: 'Atlantis' })).toEqual({
      ok: false,
      reason: 'unknownPlace',
    })
  })

  it('keeps the same nearest dealers as sorting them all would', () => {
    const point = fc.record({
      lat: fc.double({ min: 50, max: 54, noNaN: true }),
      lon: fc.double({ min: 3, max: 7, noNaN: true }),
    })
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 60 }),
        point,
        fc.integer({ min: 1, max: 12 }),
        (points, from, limit) => {
          const dealers = points.map((p, i) => dealer(i + 1, `D${String(i).padStart(3, '0')}`, p.lat, p.lon))
          const expected = dealers
            .map((d) => ({ ...d, distanceKm: distanceKm(from, d) }))
            .toSorted((a, b) => a.distanceKm - b.distanceKm || a.name.localeCompare(b.name))
            .slice(0, limit)
          expect(nearestDealers(dealers, from, limit).map((d) => d.dealerId)).toEqual(expected.map((d) => d.dealerId))
        },
      ),
    )
  })
})
