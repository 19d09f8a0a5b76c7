import { z } from 'zod'
import { LANGUAGE_CODES } from './language-codes.ts'

// The address autocomplete call (spec §7): GET {autocompleteUrl}/{term}/{context}/{language}[/mode] answers matches
// with label, highlights, precision, description, tags, value and context; GET {addressDetailsUrl}/{id} answers the
// address. The timing rules are here so the device and its tests agree; the device cancels a pending call when the
// input changes (an AbortController per call).

export const ADDRESS_AUTOCOMPLETE_URL = '/api/addresses/autocomplete'
export const ADDRESS_DETAILS_URL = '/api/addresses/details'

export const AUTOCOMPLETE_MIN_LENGTH = 1
export const AUTOCOMPLETE_MAX_MATCHES = 10
export const ADDRESS_TERM_MAX_LENGTH = 100

/** Wait before asking: 10 ms for up to 3 characters (a postcode's first digits), 300 ms for longer input. */
export const autocompleteDelay = (term: string): number => (term.trim().length <= 3 ? 10 : 300)

/** Contexts are ISO 3166 alpha-3 country codes, lower case, of the countries the address table covers. */
export const ADDRESS_CONTEXTS = { nld: 'NL', bel: 'BE', deu: 'DE' } as const
export type AddressContext = keyof typeof ADDRESS_CONTEXTS
export const DEFAULT_ADDRESS_CONTEXT: AddressContext = 'nld'
export const AddressContextSchema = z.enum(Object.keys(ADDRESS_CONTEXTS) as [AddressContext, ...AddressContext[]])

/** `postcode` reads the term as postcode and house number, `text` as street or city; `default` decides by the term. */
export const AutocompleteModeSchema = z.enum(['default', 'postcode', 'text'])
export type AutocompleteMode = z.infer<typeof AutocompleteModeSchema>

export const AddressAutocompleteParamsSchema = z.object({
  term: z.string().trim().min(AUTOCOMPLETE_MIN_LENGTH).max(ADDRESS_TERM_MAX_LENGTH),
  context: AddressContextSchema,
  language: z.enum(LANGUAGE_CODES),
  mode: AutocompleteModeSchema.default('default'),
})
export type AddressAutocompleteParams = z.infer<typeof AddressAutocompleteParamsSchema>

export const AddressMatchSchema = z.object({
  /** The id to ask the details call with. */
  value: z.string().min(1),
  label: z.string(),
  description: z.string(),
  precision: z.literal('Address'),
  context: AddressContextSchema,
  /** Ranges [start, end) of the label that match the term. */
  highlights: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  tags: z.array(z.string()),
})
export type AddressMatch = z.infer<typeof AddressMatchSchema>

export const AddressAutocompleteAnswerSchema = z.object({ matches: z.array(AddressMatchSchema) })
export type AddressAutocompleteAnswer = z.infer<typeof AddressAutocompleteAnswerSchema>

export const AddressDetailsParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/) })

/**
 * The text a prefix search compares: lower case, accents and everything but letters and digits dropped, ß as ss, so
 * "Kerk-straat" finds "Kerkstraat" and "Strasse" finds "Straße".
 */
export function addressSearchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replace(/[^a-z0-9]/g, '')
}
