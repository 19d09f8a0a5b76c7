// Dealer queries (Kysely only): a country's dealers and places, and one dealer's country (the cart's dealer choice).
import { z } from 'zod'
import { OpeningHoursSchema, type Dealer, type Place } from '../../domain/dealers.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import type { Executor } from '../jobs/job.repository.ts'

const hours = jsonColumn('dealers', 'openingHours', OpeningHoursSchema)
const stocks = jsonColumn('dealers', 'stocks', z.array(z.string()))

export async function findCountryDealers(
  db: Db,
  countryId: number,
): Promise<{ countryCode: string; dealers: Dealer[]; places: Place[] }> {
  const [country, dealers, places] = await Promise.all([
    db.selectFrom('countries').select('regionCode').where('id', '=', countryId).executeTakeFirstOrThrow(),
    db.selectFrom('dealers').selectAll().where('countryId', '=', countryId).orderBy('id').execute(),
    db
      .selectFrom('dealerPlaces')
      .select(['city', 'postcode', 'lat', 'lon'])
      .where('countryId', '=', countryId)
      .orderBy('id')
      .execute(),
  ])
  return {
    countryCode: country.regionCode,
    dealers: dealers.map((row) => ({
      dealerId: row.id,
      name: row.name,
      street: row.street,
      postcode: row.postcode,
      city: row.city,
      countryCode: country.regionCode,
      lat: Number(row.lat),
      lon: Number(row.lon),
      phone: row.phone,
      openingHours: hours.parse(row.openingHours),
      stocks: stocks.parse(row.stocks),
    })),
    places: places.map((p) => ({ ...p, lat: Number(p.lat), lon: Number(p.lon) })),
  }
}

/** The country of a dealer, or undefined for no such dealer. */
export async function findDealerCountry(db: Executor, dealerId: number): Promise<number | undefined> {
  const row = await db.selectFrom('dealers').select('countryId').where('id', '=', dealerId).executeTakeFirst()
  return row?.countryId
}
