// Where address suggestions come from. The embedded provider answers from the seeded `addresses` table; a
// third-party postcode service can take its place behind the same interface (spec §7 names its call's shape).
import {
  ADDRESS_CONTEXTS,
  addressSearchKey,
  type AddressAutocompleteParams,
  type AddressMatch,
} from '../../domain/address-autocomplete.ts'
import type { Address } from '../../domain/address.ts'
import type { Db } from '../db/database.ts'
import { findAddressById, findAddressesByPrefix, type AddressRow } from './address.repository.ts'

export interface AddressProvider {
  /** At most `limit` addresses matching the term, best first. */
  autocomplete(params: AddressAutocompleteParams, limit: number): Promise<AddressMatch[]>
  /** The address a match's value names, or undefined when there is none. */
  details(id: string): Promise<Address | undefined>
}

type Parsed =
  | { kind: 'postcode'; postcode: string; houseNumber?: number }
  | { kind: 'text'; street: string; city?: string; houseNumber?: number }
  | { kind: 'none' }

/** Postcode, then an optional house number: '1234 AB 12', '1234ab12', '10115 3', '2000'. */
const POSTCODE_TERM = {
  NL: /^(\d{1,4}(?:\s?[a-z]{1,2})?)(?:[\s,]*(\d{1,6})\s*-?\s*[a-z0-9]*)?$/i,
  BE: /^(\d{1,4})(?:[\s,]+(\d{1,6})\s*[a-z0-9 ]*)?$/i,
  DE: /^(\d{1,5})(?:[\s,]+(\d{1,6})\s*[a-z0-9]*)?$/i,
} as const
/** Street (or city), an optional house number, and an optional city after a comma: 'Kerkstraat 12, Amsterdam'. */
const TEXT_TERM = /^([^,]*?)(?:\s+(\d{1,6})\s*[a-z]?)?\s*(?:,\s*(.*))?$/i

export function parseAddressTerm(countryCode: keyof typeof POSTCODE_TERM, term: string, mode: string): Parsed {
  const postcode = mode === 'text' ? null : POSTCODE_TERM[countryCode].exec(term)
  if (postcode && (mode === 'postcode' || /^\d/.test(term)))
    return { kind: 'postcode', postcode: postcode[1]!, houseNumber: postcode[2] ? Number(postcode[2]) : undefined }
  if (mode === 'postcode') return { kind: 'none' }
  const text = TEXT_TERM.exec(term)
  return {
    kind: 'text',
    street: text?.[1] ?? term,
    houseNumber: text?.[2] ? Number(text[2]) : undefined,
    city: text?.[3] || undefined,
  }
}

/** The range of `display` whose search key is `keyLength` characters long, from its start. */
function highlight(display: string, offset: number, keyLength: number): [number, number] {
  let end = 0
  let counted = 0
  while (end < display.length && counted < keyLength) counted += addressSearchKey(display[end++]!).length
  return [offset, offset + end]
}

export class EmbeddedAddressProvider implements AddressProvider {
  private readonly db: Db

  constructor(db: Db) {
    this.db = db
  }

  async autocomplete({ term, context, mode }: AddressAutocompleteParams, limit: number): Promise<AddressMatch[]> {
    const countryCode = ADDRESS_CONTEXTS[context]
    const parsed = parseAddressTerm(countryCode, term, mode)
    const toMatch = (row: AddressRow, field: 'postcode' | 'street' | 'city', keyLength: number): AddressMatch => {
      const house = `${row.street} ${row.houseNumber}${row.houseNumberAddition ? ` ${row.houseNumberAddition}` : ''}`
      const place = `${row.postcode} ${row.city}`
      const label = `${house}, ${place}`
      const offset = field === 'street' ? 0 : field === 'postcode' ? house.length + 2 : label.length - row.city.length
      return {
        value: String(row.id),
        label,
        description: place,
        precision: 'Address',
        context,
        highlights: [highlight(row[field], offset, keyLength)],
        tags: [],
      }
    }
    if (parsed.kind === 'postcode') {
      const prefix = addressSearchKey(parsed.postcode)
      const rows = await findAddressesByPrefix(this.db, {
        countryCode,
        column: 'postcodeKey',
        prefix,
        houseNumber: parsed.houseNumber,
        limit,
      })
      return rows.map((row) => toMatch(row, 'postcode', prefix.length))
    }
    if (parsed.kind === 'none') return []
    const street = addressSearchKey(parsed.street)
    if (!street) return []
    const city = parsed.city ? addressSearchKey(parsed.city) : ''
    const { houseNumber } = parsed
    // Street names first; a term that is a city's name gives that city's addresses after them.
    const byStreet = (
      await findAddressesByPrefix(this.db, {
        countryCode,
        column: 'streetKey',
        prefix: street,
        houseNumber,
        limit: city ? limit * 10 : limit,
      })
    ).filter((row) => addressSearchKey(row.city).startsWith(city))
    const matches = byStreet.slice(0, limit).map((row) => toMatch(row, 'street', street.length))
    if (matches.length < limit && !city) {
      const byCity = await findAddressesByPrefix(this.db, {
        countryCode,
        column: 'cityKey',
        prefix: street,
        houseNumber,
        limit,
      })
      const seen = new Set(matches.map((m) => m.value))
      for (const row of byCity) if (!seen.has(String(row.id))) matches.push(toMatch(row, 'city', street.length))
    }
    return matches.slice(0, limit)
  }

  async details(id: string): Promise<Address | undefined> {
    const row = await findAddressById(this.db, Number(id))
    if (!row) return undefined
    return {
      zipcode: row.postcode,
      street: row.street,
      streetNumber: String(row.houseNumber),
      streetNumberAddition: row.houseNumberAddition,
      city: row.city,
      countryId: row.countryId,
    }
  }
}
