// Deterministic, plausible addresses in the Netherlands, Belgium and Germany for the embedded address provider:
// real cities with postcodes from their real ranges, common street names, house numbers 1 to 40. Not real addresses;
// the same run always gives the same rows (a fixed pseudo-random sequence), so seeding twice changes nothing.
import type { Insertable } from 'kysely'
import { addressSearchKey } from '../../../domain/address-autocomplete.ts'
import type { AddressTable } from '../tables/addresses.ts'
import { randomFrom } from '../../../domain/seeded-random.ts'

interface CitySeed {
  city: string
  /** The city's postcode range, numeric part. */
  from: number
  to: number
  streets: readonly string[]
}

const NL_STREETS = [
  'Kerkstraat',
  'Dorpsstraat',
  'Schoolstraat',
  'Molenweg',
  'Stationsweg',
  'Julianastraat',
  'Beatrixlaan',
  'Wilhelminastraat',
  'Prins Bernhardlaan',
  'Eikenlaan',
  'Lindenlaan',
  'Nieuwstraat',
  'Hoofdstraat',
  'Markt',
  'Parallelweg',
  'Kastanjelaan',
  'Sportlaan',
  'Industrieweg',
]
const BE_NL_STREETS = [
  'Kerkstraat',
  'Stationsstraat',
  'Molenstraat',
  'Schoolstraat',
  'Nieuwstraat',
  'Veldstraat',
  'Kapelstraat',
  'Dorpstraat',
  'Grote Markt',
  'Steenweg',
]
const BE_FR_STREETS = [
  'Rue de la Station',
  'Rue de l’Église',
  'Rue du Moulin',
  'Chaussée de Bruxelles',
  'Avenue des Tilleuls',
  'Rue Haute',
  'Place Saint-Lambert',
  'Rue Neuve',
]
const DE_STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Schulstraße',
  'Gartenstraße',
  'Dorfstraße',
  'Bergstraße',
  'Lindenstraße',
  'Kirchstraße',
  'Waldstraße',
  'Ringstraße',
  'Schillerstraße',
  'Goethestraße',
  'Mozartstraße',
  'Am Mühlbach',
  'Birkenweg',
]

const CITIES: Record<'NL' | 'BE' | 'DE', readonly CitySeed[]> = {
  NL: [
    { city: 'Amsterdam', from: 1011, to: 1109, streets: NL_STREETS },
    { city: 'Rotterdam', from: 3011, to: 3089, streets: NL_STREETS },
    { city: 'Den Haag', from: 2491, to: 2597, streets: NL_STREETS },
    { city: 'Utrecht', from: 3511, to: 3585, streets: NL_STREETS },
    { city: 'Eindhoven', from: 5611, to: 5658, streets: NL_STREETS },
    { city: 'Groningen', from: 9711, to: 9747, streets: NL_STREETS },
    { city: 'Zwolle', from: 8011, to: 8043, streets: NL_STREETS },
    { city: 'Apeldoorn', from: 7311, to: 7339, streets: NL_STREETS },
    { city: 'Arnhem', from: 6811, to: 6846, streets: NL_STREETS },
    { city: 'Tilburg', from: 5011, to: 5049, streets: NL_STREETS },
    { city: 'Breda', from: 4811, to: 4839, streets: NL_STREETS },
    { city: 'Leeuwarden', from: 8911, to: 8941, streets: NL_STREETS },
  ],
  BE: [
    { city: 'Antwerpen', from: 2000, to: 2060, streets: BE_NL_STREETS },
    { city: 'Gent', from: 9000, to: 9052, streets: BE_NL_STREETS },
    { city: 'Brugge', from: 8000, to: 8000, streets: BE_NL_STREETS },
    { city: 'Leuven', from: 3000, to: 3001, streets: BE_NL_STREETS },
    { city: 'Hasselt', from: 3500, to: 3500, streets: BE_NL_STREETS },
    { city: 'Mechelen', from: 2800, to: 2800, streets: BE_NL_STREETS },
    { city: 'Bruxelles', from: 1000, to: 1000, streets: BE_FR_STREETS },
    { city: 'Liège', from: 4000, to: 4020, streets: BE_FR_STREETS },
    { city: 'Namur', from: 5000, to: 5004, streets: BE_FR_STREETS },
  ],
  DE: [
    { city: 'Berlin', from: 10115, to: 14199, streets: DE_STREETS },
    { city: 'Hamburg', from: 20095, to: 22769, streets: DE_STREETS },
    { city: 'München', from: 80331, to: 81929, streets: DE_STREETS },
    { city: 'Köln', from: 50667, to: 51149, streets: DE_STREETS },
    { city: 'Frankfurt am Main', from: 60306, to: 60599, streets: DE_STREETS },
    { city: 'Stuttgart', from: 70173, to: 70629, streets: DE_STREETS },
    { city: 'Düsseldorf', from: 40210, to: 40629, streets: DE_STREETS },
    { city: 'Hannover', from: 30159, to: 30669, streets: DE_STREETS },
    { city: 'Bremen', from: 28195, to: 28779, streets: DE_STREETS },
  ],
}

/** Streets per city, and the highest house number of a street. */
const STREETS_PER_CITY = 7
const MAX_HOUSE_NUMBER = 40
/** NL: houses per postcode (one letter pair for about ten houses); these letter pairs are never used. */
const HOUSES_PER_NL_POSTCODE = 10
const UNUSED_NL_LETTERS = new Set(['SA', 'SD', 'SS'])

export function buildAddresses(seed = 20260101): Insertable<AddressTable>[] {
  const next = randomFrom(seed)
  const pick = (from: number, to: number) => from + Math.floor(next() * (to - from + 1))
  const letter = () => String.fromCharCode(65 + pick(0, 25))
  const rows: Insertable<AddressTable>[] = []
  for (const [countryCode, cities] of Object.entries(CITIES)) {
    for (const { city, from, to, streets } of cities) {
      const shuffled = [...streets]
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = pick(0, i)
        ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
      }
      for (const street of shuffled.slice(0, STREETS_PER_CITY)) {
        const digits = pick(from, to)
        const last = pick(8, MAX_HOUSE_NUMBER)
        let postcode = String(digits).padStart(countryCode === 'DE' ? 5 : 4, '0')
        for (let houseNumber = 1; houseNumber <= last; houseNumber++) {
          if (countryCode === 'NL' && (houseNumber - 1) % HOUSES_PER_NL_POSTCODE === 0) {
            let letters = letter() + letter()
            while (UNUSED_NL_LETTERS.has(letters)) letters = letter() + letter()
            postcode = `${digits} ${letters}`
          }
          const additions = countryCode === 'DE' ? ['', 'a'] : countryCode === 'NL' ? ['', 'A'] : ['', 'bus 1']
          const withAddition = next() < 0.08
          for (const addition of withAddition ? additions : ['']) {
            rows.push({
              id: rows.length + 1,
              countryCode,
              postcode,
              postcodeKey: addressSearchKey(postcode),
              street,
              streetKey: addressSearchKey(street),
              houseNumber,
              houseNumberAddition: addition,
              city,
              cityKey: addressSearchKey(city),
            })
          }
        }
      }
    }
  }
  return rows
}
