import { describe, expect, it } from 'vitest'
import { distanceKm, PickupPointSearchQuerySchema } from './pickup-points.ts'

describe('pickup points', () => {
  it.each([
    [{ latitude: 52.37, longitude: 4.9 }, { latitude: 52.09, longitude: 5.12 }, 34.5],
    [{ latitude: 52.52, longitude: 13.4 }, { latitude: 48.14, longitude: 11.58 }, 504],
    [{ latitude: 50, longitude: 4 }, { latitude: 50, longitude: 4 }, 0],
  ])('measures %j to %j as about %d km', (a, b, km) => expect(distanceKm(a, b)).toBeCloseTo(km, -1))

  it('searches the Netherlands unless told otherwise', () => {
    expect(PickupPointSearchQuerySchema.parse({ zipcodeOrCity: ' Gent ' })).toEqual({
      zipcodeOrCity: 'Gent',
      country: 'NL',
    })
  })
})
