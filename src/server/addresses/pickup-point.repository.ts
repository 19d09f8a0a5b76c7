import { OpeningHoursListSchema, type PickupPoint } from '../../domain/pickup-points.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import { prefixUpperBound } from './address.repository.ts'

const openingHours = jsonColumn('pickupPoints', 'openingHours', OpeningHoursListSchema)

export type PickupPointKeyColumn = 'postcodeKey' | 'cityKey' | 'streetKey'

/** Coordinates of up to `limit` points whose postcode, city or street starts with `prefix`. */
export function findPickupPointPlaces(
  db: Db,
  countryCode: string,
  column: PickupPointKeyColumn,
  prefix: string,
  limit: number,
) {
  let query = db
    .selectFrom('pickupPoints')
    .select(['city', 'latitude', 'longitude'])
    .where('countryCode', '=', countryCode)
    .where(column, '>=', prefix)
  const upper = prefixUpperBound(prefix)
  if (upper !== undefined) query = query.where(column, '<', upper)
  return query.orderBy(column).orderBy('city').limit(limit).execute()
}

/** The points of a country in a latitude band (the index's range), as domain shapes without their distance. */
export async function listPickupPointsInBand(db: Db, countryCode: string, fromLatitude: number, toLatitude: number) {
  const rows = await db
    .selectFrom('pickupPoints')
    .select([
      'parcelShopId',
      'name',
      'street',
      'streetNumber',
      'postcode',
      'city',
      'countryCode',
      'latitude',
      'longitude',
      'openingHours',
    ])
    .where('countryCode', '=', countryCode)
    .where('latitude', '>=', fromLatitude)
    .where('latitude', '<=', toLatitude)
    .execute()
  return rows.map((row): Omit<PickupPoint, 'distanceKm'> => ({
    parcelShopId: row.parcelShopId,
    name: row.name,
    street: row.street,
    streetNumber: row.streetNumber,
    zipcode: row.postcode,
    city: row.city,
    countryCode: row.countryCode as PickupPoint['countryCode'],
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    openingHours: openingHours.parse(row.openingHours),
  }))
}
