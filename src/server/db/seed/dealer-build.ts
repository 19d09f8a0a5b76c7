// Dealers for the dealer finder, made from `dealers/places.json` (real towns of each country with their centre and
// postcode, local street names, surnames and the ways dealers call their shops): one or two dealers in or near each
// town, with an address, phone number, opening hours and what they stock, the same every time (a seeded random).
// The places themselves are the country's known places, by which a typed postcode or town is found.
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { OpeningHours } from '../../../domain/dealers.ts'
import { pick, pickSome, randomFrom, type Random } from '../../../domain/seeded-random.ts'
import type { SeedRows } from './seed-tables.ts'

const CountryPlacesSchema = z.object({
  streets: z.array(z.string().min(1)).min(3),
  dealerNames: z.array(z.string().includes('{')).min(2),
  surnames: z.array(z.string().min(1)).min(3),
  places: z
    .array(
      z.object({
        city: z.string().min(1),
        postcode: z.string().min(1),
        lat: z.number().min(35).max(71),
        lon: z.number().min(-11).max(32),
      }),
    )
    .min(10),
})
export const DealerPlacesSchema = z.object({ countries: z.record(z.string().length(2), CountryPlacesSchema) })
export type DealerPlaces = z.infer<typeof DealerPlacesSchema>

export function loadDealerPlaces(): DealerPlaces {
  return DealerPlacesSchema.parse(JSON.parse(readFileSync(new URL('./dealers/places.json', import.meta.url), 'utf8')))
}

/** What a dealer may stock: the catalogue's feed and care groups. */
const STOCKED = ['muesli', 'pellets', 'roughage-supplement', 'mash', 'minerals', 'supplements', 'treats', 'care']

const HOURS: OpeningHours[] = [
  // Monday to Friday 9 to 18, Saturday 9 to 16.
  [0, 1, 2, 3, 4]
    .map((day) => ({ day, opens: '09:00', closes: '18:00' }))
    .concat({ day: 5, opens: '09:00', closes: '16:00' }),
  // Closed on Monday, a lunch break, Saturday morning.
  [1, 2, 3, 4]
    .flatMap((day) => [
      { day, opens: '08:30', closes: '12:30' },
      { day, opens: '13:30', closes: '17:30' },
    ])
    .concat({ day: 5, opens: '08:30', closes: '12:30' }),
  // A farm shop: six days from early morning, Saturday afternoon off.
  [0, 1, 2, 3, 4]
    .map((day) => ({ day, opens: '07:30', closes: '17:00' }))
    .concat({ day: 5, opens: '07:30', closes: '12:00' }),
]

function digits(random: Random, count: number) {
  return Array.from({ length: count }, () => Math.floor(random() * 10)).join('')
}

/** A postcode in the town's area: the town's own, with Dutch letters where the Netherlands writes them. */
function postcodeNear(random: Random, country: string, postcode: string) {
  if (country !== 'NL') return postcode
  const letters = 'ABCDEGHJKLMNPRSTVWXZ'
  return `${postcode} ${pick(random, [...letters])}${pick(random, [...letters])}`
}

export function buildDealers(
  data: DealerPlaces,
  countries: readonly { countryId: number; regionCode: string; phoneCountryCode: string }[],
) {
  const rows: Pick<SeedRows, 'dealers' | 'dealerPlaces'> = { dealers: [], dealerPlaces: [] }
  let placeId = 0
  for (const [code, own] of Object.entries(data.countries)) {
    const country = countries.find((c) => c.regionCode === code)
    if (!country) throw new Error(`dealers/places.json: no country ${code}`)
    const random = randomFrom(country.countryId * 7919)
    let dealerNumber = 0
    for (const place of own.places) {
      rows.dealerPlaces.push({ id: ++placeId, countryId: country.countryId, ...place })
      const count = 1 + Math.floor(random() * 2)
      for (let n = 0; n < count; n++) {
        // Within about 8 km of the town centre (0.07° of latitude; longitude narrows towards the north).
        const lat = place.lat + (random() - 0.5) * 0.14
        const lon = place.lon + ((random() - 0.5) * 0.14) / Math.cos((place.lat * Math.PI) / 180)
        const name = pick(random, own.dealerNames)
          .replaceAll('{town}', place.city)
          .replaceAll('{surname}', pick(random, own.surnames))
        const groups = pickSome(random, STOCKED, 3, 6)
        rows.dealers.push({
          id: country.countryId * 10_000 + ++dealerNumber,
          countryId: country.countryId,
          name,
          street: `${pick(random, own.streets)} ${1 + Math.floor(random() * 120)}`,
          postcode: postcodeNear(random, code, place.postcode),
          city: place.city,
          lat: Math.round(lat * 1e5) / 1e5,
          lon: Math.round(lon * 1e5) / 1e5,
          phone: `${country.phoneCountryCode} ${digits(random, 2)} ${digits(random, 3)} ${digits(random, 4)}`,
          openingHours: JSON.stringify(pick(random, HOURS)),
          stocks: JSON.stringify(
            groups.includes('muesli') || groups.includes('pellets') ? groups : ['pellets', ...groups],
          ),
        })
      }
    }
  }
  return rows
}
