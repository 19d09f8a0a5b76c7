import type { LanguageCode } from '../../../domain/languages.ts'

/** Language ids are fixed: the order of LANGUAGE_CODES, from 1. Cultures and endonyms of the 15 shop languages. */
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

export const LOCALIZED_LANGUAGE_NAMES: Record<LanguageCode, string> = {
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  'de-AT': 'Deutsch (Österreich)',
  en: 'English',
  es: 'Español',
  et: 'Eesti',
  'fr-BE': 'Français (Belgique)',
  'fr-FR': 'Français',
  it: 'Italiano',
  'nl-BE': 'Nederlands (België)',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  sv: 'Svenska',
}
