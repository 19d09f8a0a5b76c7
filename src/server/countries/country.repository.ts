import type { CountryFacts } from '../../domain/checkout-rules.ts'
import type { ZipcodeExclusion } from '../../domain/country.ts'
import type { Db } from '../db/database.ts'

export function listCountries(db: Db, languageId: number) {
  return db
    .selectFrom('countries as c')
    .innerJoin('countryNames as n', (join) =>
      join.onRef('n.countryId', '=', 'c.id').on('n.languageId', '=', languageId),
    )
    .select(['c.id', 'c.regionCode', 'c.phoneCountryCode', 'n.name'])
    .orderBy('n.name')
    .execute()
}

export function findCountry(db: Db, countryId: number, languageId: number) {
  return db
    .selectFrom('countries as c')
    .innerJoin('countryNames as n', (join) =>
      join.onRef('n.countryId', '=', 'c.id').on('n.languageId', '=', languageId),
    )
    .select(['c.id', 'c.regionCode', 'c.phoneCountryCode', 'n.name'])
    .where('c.id', '=', countryId)
    .executeTakeFirst()
}

export function findCountryByRegionCode(db: Db, regionCode: string) {
  return db.selectFrom('countries').select(['id', 'regionCode']).where('regionCode', '=', regionCode).executeTakeFirst()
}

/** Names of countries in every language; all countries, or one. */
export function listCountryNames(db: Db, countryId?: number) {
  let query = db
    .selectFrom('countryNames as n')
    .innerJoin('countries as c', 'c.id', 'n.countryId')
    .select(['n.countryId', 'c.regionCode', 'n.languageId', 'n.name'])
    .orderBy('n.countryId')
    .orderBy('n.languageId')
  if (countryId !== undefined) query = query.where('n.countryId', '=', countryId)
  return query.execute()
}

/** A country's zip-code exclusions, as the domain has them. */
export async function listZipcodeExclusions(db: Db, countryId: number): Promise<ZipcodeExclusion[]> {
  const rows = await db
    .selectFrom('zipcodeExclusions')
    .selectAll()
    .where('countryId', '=', countryId)
    .orderBy('id')
    .execute()
  return rows.map((row): ZipcodeExclusion => {
    switch (row.kind) {
      case 'exact':
        return { kind: 'exact', zipcode: row.zipcode!, description: row.description }
      case 'prefix':
        return { kind: 'prefix', prefix: row.prefix!, description: row.description }
      case 'range':
        return { kind: 'range', from: row.rangeFrom!, to: row.rangeTo!, description: row.description }
    }
  })
}

/** What the checkout's rules need of a country: its region code and its exclusions; undefined for no such country. */
export async function findCountryFacts(db: Db, countryId: number): Promise<CountryFacts | undefined> {
  const country = await db
    .selectFrom('countries')
    .select(['id', 'regionCode'])
    .where('id', '=', countryId)
    .executeTakeFirst()
  if (!country) return undefined
  return {
    countryId: country.id,
    regionCode: country.regionCode,
    zipcodeExclusions: await listZipcodeExclusions(db, countryId),
  }
}
