// The dealer finder's API on real databases: a site's country's dealers and places, searches by postcode, town and
// position answered nearest first, and bad searches refused.
import { describe, expect, it } from 'vitest'
import { DealerDirectorySchema, DealerSearchAnswerSchema, distanceKm } from '../../domain/dealers.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { loadDealerPlaces } from '../db/seed/dealer-build.ts'

const NL_PLACES = loadDealerPlaces().countries.NL!.places

describe.each(DIALECTS)('the dealer finder API on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const get = (url: string, host: string = HOSTS.nl) => current().app.inject({ method: 'GET', url, headers: { host } })
  const search = async (query: string, host: string = HOSTS.nl) => {
    const res = await get(`/api/dealers/search?${query}`, host)
    expect(res.statusCode, res.body).toBe(200)
    return DealerSearchAnswerSchema.parse(res.json())
  }

  it("gives the dealers and places of the site's country, a few dozen of them", async () => {
    const res = await get('/api/dealers')
    expect(res.statusCode, res.body).toBe(200)
    const directory = DealerDirectorySchema.parse(res.json())
    expect(directory.countryCode).toBe('NL')
    expect(directory.dealers.length).toBeGreaterThan(25)
    expect(new Set(directory.dealers.map((d) => d.countryCode))).toEqual(new Set(['NL']))
    expect(directory.places.length).toBe(NL_PLACES.length)
    expect(directory.tiles.url).toContain('{z}')
    const belgian = DealerDirectorySchema.parse((await get('/api/dealers', HOSTS.be)).json())
    expect(belgian.countryCode).toBe('BE')
    expect(belgian.dealers.some((d) => directory.dealers.some((n) => n.dealerId === d.dealerId))).toBe(false)
  })

  it('finds the nearest dealers to a postcode, a town and a position, nearest first', async () => {
    const place = NL_PLACES[3]!
    for (const query of [`q=${encodeURIComponent(place.postcode)}`, `q=${encodeURIComponent(place.city)}`]) {
      const answer = await search(query)
      if (!answer.ok) throw new Error(`no place for ${query}`)
      expect(answer.from.label).toBe(place.city)
      expect(answer.dealers.length).toBe(10)
      const distances = answer.dealers.map((d) => d.distanceKm)
      expect(distances).toEqual(distances.toSorted((a, b) => a - b))
      // Every town has a dealer within about 8 km of its centre.
      expect(distances[0]).toBeLessThan(12)
      expect(answer.dealers[0]!.distanceKm).toBeCloseTo(distanceKm(place, answer.dealers[0]!), 6)
    }
    const byPosition = await search(`lat=${place.lat}&lon=${place.lon}`)
    expect(byPosition).toMatchObject({ ok: true, from: { label: null } })
    expect(byPosition.ok && byPosition.dealers[0]!.distanceKm).toBeLessThan(12)
  })

  it('says when it does not know a place, and refuses a search of nothing', async () => {
    expect(await search('q=Atlantis')).toEqual({ ok: false, reason: 'unknownPlace' })
    expect((await get('/api/dealers/search')).statusCode).toBe(400)
    expect((await get('/api/dealers/search?lat=95&lon=5')).statusCode).toBe(400)
    expect((await get(`/api/dealers/search?q=${'9'.repeat(61)}`)).statusCode).toBe(400)
  })
})
