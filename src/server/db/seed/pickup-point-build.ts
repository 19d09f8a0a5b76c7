// Deterministic DPD pickup points: 200 per delivery country, spread around a few real cities (their centres'
// coordinates, a postcode of the city in the country's format, common street names). Not real parcel shops.
import type { Insertable } from 'kysely'
import { addressSearchKey } from '../../../domain/address-autocomplete.ts'
import { DELIVERY_COUNTRIES, type DeliveryCountry } from '../../../domain/address-rules.ts'
import { OpeningHoursListSchema, type OpeningHours } from '../../../domain/pickup-points.ts'
import { jsonColumn } from '../json-column.ts'
import type { PickupPointTable } from '../tables/addresses.ts'
import { randomFrom } from '../../../domain/seeded-random.ts'

type City = [name: string, latitude: number, longitude: number, postcode: string]

const CITIES: Record<DeliveryCountry, City[]> = {
  NL: [
    ['Amsterdam', 52.37, 4.9, '1012 AB'],
    ['Rotterdam', 51.92, 4.48, '3011 AB'],
    ['Utrecht', 52.09, 5.12, '3511 AB'],
    ['Groningen', 53.22, 6.57, '9711 AB'],
    ['Eindhoven', 51.44, 5.48, '5611 AB'],
  ],
  BE: [
    ['Bruxelles', 50.85, 4.35, '1000'],
    ['Antwerpen', 51.22, 4.4, '2000'],
    ['Gent', 51.05, 3.72, '9000'],
    ['Liège', 50.63, 5.57, '4000'],
    ['Brugge', 51.21, 3.22, '8000'],
  ],
  DE: [
    ['Berlin', 52.52, 13.4, '10115'],
    ['Hamburg', 53.55, 9.99, '20095'],
    ['München', 48.14, 11.58, '80331'],
    ['Köln', 50.94, 6.96, '50667'],
    ['Frankfurt am Main', 50.11, 8.68, '60311'],
  ],
  AT: [
    ['Wien', 48.21, 16.37, '1010'],
    ['Graz', 47.07, 15.44, '8010'],
    ['Linz', 48.31, 14.29, '4020'],
    ['Salzburg', 47.81, 13.04, '5020'],
    ['Innsbruck', 47.27, 11.4, '6020'],
  ],
  DK: [
    ['København', 55.68, 12.57, '1050'],
    ['Aarhus', 56.16, 10.2, '8000'],
    ['Odense', 55.4, 10.39, '5000'],
    ['Aalborg', 57.05, 9.92, '9000'],
  ],
  SE: [
    ['Stockholm', 59.33, 18.07, '111 20'],
    ['Göteborg', 57.71, 11.97, '411 05'],
    ['Malmö', 55.6, 13.0, '211 20'],
    ['Uppsala', 59.86, 17.64, '753 20'],
  ],
  PL: [
    ['Warszawa', 52.23, 21.01, '00-950'],
    ['Kraków', 50.06, 19.94, '30-001'],
    ['Wrocław', 51.11, 17.03, '50-001'],
    ['Poznań', 52.41, 16.93, '60-001'],
    ['Gdańsk', 54.35, 18.65, '80-001'],
  ],
  CZ: [
    ['Praha', 50.08, 14.44, '110 00'],
    ['Brno', 49.2, 16.61, '602 00'],
    ['Ostrava', 49.82, 18.26, '702 00'],
    ['Plzeň', 49.75, 13.38, '301 00'],
  ],
  EE: [
    ['Tallinn', 59.44, 24.75, '10111'],
    ['Tartu', 58.38, 26.72, '50090'],
    ['Pärnu', 58.39, 24.5, '80010'],
  ],
  ES: [
    ['Madrid', 40.42, -3.7, '28001'],
    ['Barcelona', 41.39, 2.17, '08001'],
    ['Valencia', 39.47, -0.38, '46001'],
    ['Sevilla', 37.39, -5.98, '41001'],
  ],
  PT: [
    ['Lisboa', 38.72, -9.14, '1100-001'],
    ['Porto', 41.15, -8.61, '4000-001'],
    ['Braga', 41.55, -8.42, '4700-001'],
    ['Coimbra', 40.21, -8.43, '3000-001'],
  ],
  FR: [
    ['Paris', 48.86, 2.35, '75001'],
    ['Lyon', 45.76, 4.84, '69001'],
    ['Marseille', 43.3, 5.37, '13001'],
    ['Toulouse', 43.6, 1.44, '31000'],
    ['Lille', 50.63, 3.06, '59000'],
  ],
  IT: [
    ['Roma', 41.9, 12.5, '00118'],
    ['Milano', 45.46, 9.19, '20121'],
    ['Napoli', 40.85, 14.27, '80121'],
    ['Torino', 45.07, 7.69, '10121'],
    ['Bologna', 44.49, 11.34, '40121'],
  ],
  IE: [
    ['Dublin', 53.35, -6.26, 'D02 X285'],
    ['Cork', 51.9, -8.47, 'T12 X2F3'],
    ['Galway', 53.27, -9.05, 'H91 E2K3'],
    ['Limerick', 52.66, -8.63, 'V94 T9PX'],
  ],
}

const STREETS: Record<DeliveryCountry, string[]> = {
  NL: ['Kerkstraat', 'Stationsweg', 'Hoofdstraat'],
  BE: ['Kerkstraat', 'Rue de la Station', 'Grote Markt'],
  DE: ['Hauptstraße', 'Bahnhofstraße', 'Marktplatz'],
  AT: ['Hauptstraße', 'Bahnhofstraße', 'Kirchengasse'],
  DK: ['Hovedgaden', 'Stationsvej', 'Torvet'],
  SE: ['Storgatan', 'Kungsgatan', 'Drottninggatan'],
  PL: ['ulica Główna', 'ulica Dworcowa', 'Rynek'],
  CZ: ['Hlavní', 'Nádražní', 'Náměstí Míru'],
  EE: ['Pikk', 'Tartu maantee', 'Narva maantee'],
  ES: ['Calle Mayor', 'Calle Real', 'Avenida de la Estación'],
  PT: ['Rua Direita', 'Avenida da Liberdade', 'Rua da Estação'],
  FR: ['Rue de la République', 'Avenue de la Gare', 'Grande Rue'],
  IT: ['Via Roma', 'Corso Italia', 'Via Garibaldi'],
  IE: ['Main Street', 'Church Street', 'Station Road'],
}

const SHOPS = ['Kiosk', 'Café', 'Tabac', 'Market', 'Service Point', 'Bookshop', 'Petrol Station', 'Pharmacy']

export const PICKUP_POINTS_PER_COUNTRY = 200
/** How far from the city centre a point may lie, in degrees (about ±10 km). */
const SPREAD = 0.1

const openingHoursColumn = jsonColumn('pickupPoints', 'openingHours', OpeningHoursListSchema)

function openingHours(late: boolean, saturday: boolean): OpeningHours[] {
  const days: OpeningHours[] = [1, 2, 3, 4, 5].map((day) => ({ day, open: '08:00', close: late ? '20:00' : '18:00' }))
  if (saturday) days.push({ day: 6, open: '09:00', close: '17:00' })
  return days
}

export function buildPickupPoints(seed = 20260102): Insertable<PickupPointTable>[] {
  const next = randomFrom(seed)
  const rows: Insertable<PickupPointTable>[] = []
  for (const country of DELIVERY_COUNTRIES) {
    const cities = CITIES[country]
    for (let i = 0; i < PICKUP_POINTS_PER_COUNTRY; i++) {
      const [city, latitude, longitude, postcode] = cities[i % cities.length]!
      const street = STREETS[country][Math.floor(next() * STREETS[country].length)]!
      const id = rows.length + 1
      rows.push({
        id,
        parcelShopId: `${country}${String(10000 + i)}`,
        countryCode: country,
        name: `${SHOPS[Math.floor(next() * SHOPS.length)]} ${street}`,
        street,
        streetKey: addressSearchKey(street),
        streetNumber: String(1 + Math.floor(next() * 150)),
        postcode,
        postcodeKey: addressSearchKey(postcode),
        city,
        cityKey: addressSearchKey(city),
        latitude: Math.round((latitude + (next() * 2 - 1) * SPREAD) * 1e6) / 1e6,
        longitude: Math.round((longitude + (next() * 2 - 1) * SPREAD * 1.5) * 1e6) / 1e6,
        openingHours: openingHoursColumn.serialise(openingHours(next() < 0.3, next() < 0.7)),
      })
    }
  }
  return rows
}
