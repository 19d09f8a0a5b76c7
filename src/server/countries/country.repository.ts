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

export function listZipcodeExclusions(db: Db, countryId: number) {
  return db.selectFrom('zipcodeExclusions').selectAll().where('countryId', '=', countryId).orderBy('id').execute()
}
