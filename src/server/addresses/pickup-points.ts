// Finds DPD pickup points near what a shopper typed: the places whose postcode, city or street start with it give
// the centre (within one city), and the points around that centre are listed by great-circle distance.
import { addressSearchKey } from '../../domain/address-autocomplete.ts'
import type { DeliveryCountry } from '../../domain/address-rules.ts'
import { distanceKm, type PickupPoint } from '../../domain/pickup-points.ts'
import type { Db } from '../db/database.ts'
import { findPickupPointPlaces, listPickupPointsInBand, type PickupPointKeyColumn } from './pickup-point.repository.ts'

/** Places averaged into the centre, and the band searched around it (about 55 km north and south). */
const PLACES = 50
const BAND_DEGREES = 0.5

export async function searchPickupPoints(
  db: Db,
  { zipcodeOrCity, country }: { zipcodeOrCity: string; country: DeliveryCountry },
  limit: number,
): Promise<PickupPoint[]> {
  const prefix = addressSearchKey(zipcodeOrCity)
  if (!prefix) return []
  const columns: PickupPointKeyColumn[] = /^\d/.test(prefix) ? ['postcodeKey'] : ['cityKey', 'streetKey', 'postcodeKey']
  let places: { city: string; latitude: number; longitude: number }[] = []
  for (const column of columns) {
    places = await findPickupPointPlaces(db, country, column, prefix, PLACES)
    if (places.length > 0) break
  }
  if (places.length === 0) return []
  // A street name is found in many cities: the centre is that of the first city's places.
  places = places.filter((place) => place.city === places[0]!.city)
  const centre = {
    latitude: places.reduce((sum, p) => sum + Number(p.latitude), 0) / places.length,
    longitude: places.reduce((sum, p) => sum + Number(p.longitude), 0) / places.length,
  }
  const points = await listPickupPointsInBand(
    db,
    country,
    centre.latitude - BAND_DEGREES,
    centre.latitude + BAND_DEGREES,
  )
  return points
    .map((point) => ({ ...point, distanceKm: Math.round(distanceKm(centre, point) * 100) / 100 }))
    .toSorted((a, b) => a.distanceKm - b.distanceKm || a.parcelShopId.localeCompare(b.parcelShopId))
    .slice(0, limit)
}
