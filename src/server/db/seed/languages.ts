import type { LanguageCode } from '../../../domain/language-codes.ts'

/** Language ids are fixed: the order of LANGUAGE_CODES, from 1. Cultures come from the domain; endonyms here. */
export { CULTURES } from '../../../domain/language-codes.ts'

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
