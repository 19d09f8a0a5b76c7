import type { Db } from '../db/database.ts'

// Prefix searches as ranges on the *_key columns (lower-case letters and digits only): `key >= prefix and key <
// upper` uses the B-tree indexes on SQLite and PostgreSQL alike, where LIKE would need a collation or operator class.

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

/** The smallest key above every key that starts with `prefix`, or undefined when there is none ('zzz'). */
export function prefixUpperBound(prefix: string): string | undefined {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const next = ALPHABET[ALPHABET.indexOf(prefix[i]!) + 1]
    if (next) return prefix.slice(0, i) + next
  }
  return undefined
}

export type AddressKeyColumn = 'postcodeKey' | 'streetKey' | 'cityKey'

export interface AddressPrefixQuery {
  countryCode: string
  column: AddressKeyColumn
  prefix: string
  houseNumber?: number
  limit: number
}

const COLUMNS = ['id', 'countryCode', 'postcode', 'street', 'houseNumber', 'houseNumberAddition', 'city'] as const

/** The query of findAddressesByPrefix, unexecuted (its test reads the plan). */
export function addressPrefixQuery(db: Db, { countryCode, column, prefix, houseNumber, limit }: AddressPrefixQuery) {
  let query = db
    .selectFrom('addresses')
    .select(COLUMNS)
    .where('countryCode', '=', countryCode)
    .where(column, '>=', prefix)
  const upper = prefixUpperBound(prefix)
  if (upper !== undefined) query = query.where(column, '<', upper)
  if (houseNumber !== undefined) query = query.where('houseNumber', '=', houseNumber)
  return query
    .orderBy(column)
    .orderBy('city')
    .orderBy('street')
    .orderBy('houseNumber')
    .orderBy('houseNumberAddition')
    .limit(limit)
}

export const findAddressesByPrefix = (db: Db, query: AddressPrefixQuery) => addressPrefixQuery(db, query).execute()

export type AddressRow = Awaited<ReturnType<typeof findAddressesByPrefix>>[number]

/** One address with the id of its country. */
export function findAddressById(db: Db, id: number) {
  return db
    .selectFrom('addresses as a')
    .innerJoin('countries as c', 'c.regionCode', 'a.countryCode')
    .select(['a.postcode', 'a.street', 'a.houseNumber', 'a.houseNumberAddition', 'a.city', 'c.id as countryId'])
    .where('a.id', '=', id)
    .executeTakeFirst()
}
