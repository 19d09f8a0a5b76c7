import { describe, expect, it } from 'vitest'
import {
  AddressAutocompleteParamsSchema,
  addressSearchKey,
  autocompleteDelay,
  AUTOCOMPLETE_MIN_LENGTH,
  DEFAULT_ADDRESS_CONTEXT,
} from './address-autocomplete.ts'

describe('address autocomplete', () => {
  it.each([
    ['1', 10],
    ['123', 10],
    [' 12 ', 10],
    ['1234', 300],
    ['Kerkstraat', 300],
  ])('waits after %j for %i ms', (term, delay) => expect(autocompleteDelay(term)).toBe(delay))

  it('starts from one character, in the Netherlands unless told otherwise', () => {
    expect(AUTOCOMPLETE_MIN_LENGTH).toBe(1)
    expect(DEFAULT_ADDRESS_CONTEXT).toBe('nld')
  })

  it.each([
    ['Kerk-straat', 'kerkstraat'],
    ['Hauptstraße', 'hauptstrasse'],
    ['Liège', 'liege'],
    ['Rue de l’Église', 'ruedeleglise'],
    ['1234 AB', '1234ab'],
  ])('compares %j as %j', (text, key) => expect(addressSearchKey(text)).toBe(key))

  it('reads the call’s parameters, the mode defaulting', () => {
    expect(AddressAutocompleteParamsSchema.parse({ term: ' 1234 ', context: 'nld', language: 'nl' })).toEqual({
      term: '1234',
      context: 'nld',
      language: 'nl',
      mode: 'default',
    })
    expect(AddressAutocompleteParamsSchema.safeParse({ term: ' ', context: 'nld', language: 'nl' }).success).toBe(false)
    expect(AddressAutocompleteParamsSchema.safeParse({ term: '1', context: 'usa', language: 'nl' }).success).toBe(false)
  })
})
