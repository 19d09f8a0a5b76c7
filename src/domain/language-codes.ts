// The shop's language codes as plain values, without zod: the browser needs them before anything is validated.

/** The 15 shop languages, by the code used for `locales/<code>.json`. */
export const LANGUAGE_CODES = [
  'cs',
  'da',
  'de',
  'de-AT',
  'en',
  'es',
  'et',
  'fr-BE',
  'fr-FR',
  'it',
  'nl-BE',
  'nl',
  'pl',
  'pt',
  'sv',
] as const
export type LanguageCode = (typeof LANGUAGE_CODES)[number]

/** Languages that have extra texts for the second brand. */
export const SECOND_BRAND_LANGUAGES: readonly LanguageCode[] = ['nl', 'de', 'da']

/** Old language codes that clients and feeds still send, and the shop code each stands for. */
const LEGACY_CODES: Record<string, LanguageCode> = { esp: 'es', se: 'sv', fr: 'fr-FR' }
const KNOWN: ReadonlySet<string> = new Set(LANGUAGE_CODES)

export function normaliseLanguageCode(code: string): LanguageCode | undefined {
  const mapped = LEGACY_CODES[code] ?? code
  return KNOWN.has(mapped) ? (mapped as LanguageCode) : undefined
}

/** The culture of each shop language (its country for bare codes): Intl formats, html lang, hreflang. */
export const CULTURES: Record<LanguageCode, string> = {
  cs: 'cs-CZ',
  da: 'da-DK',
  de: 'de-DE',
  'de-AT': 'de-AT',
  en: 'en-IE',
  es: 'es-ES',
  et: 'et-EE',
  'fr-BE': 'fr-BE',
  'fr-FR': 'fr-FR',
  it: 'it-IT',
  'nl-BE': 'nl-BE',
  nl: 'nl-NL',
  pl: 'pl-PL',
  pt: 'pt-PT',
  sv: 'sv-SE',
}
