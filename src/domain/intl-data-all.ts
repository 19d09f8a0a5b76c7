// Every language's generated Intl data, for the server, which writes pages and mails in all of them (intl-data.ts).
import { provideIntlData, type IntlData } from './intl-data.ts'
import { LANGUAGE_NAMES, LONG_DATES } from './intl-texts.ts'
import { LANGUAGE_CODES, type LanguageCode } from './language-codes.ts'
import { NUMBER_PATTERNS } from './number-patterns.ts'

/** One language's data, as the browser's texts chunk carries it. */
export const intlDataFor = (language: LanguageCode): IntlData => ({
  numbers: NUMBER_PATTERNS[language],
  longDate: LONG_DATES[language],
  languageNames: LANGUAGE_NAMES[language],
})

export function provideAllIntlData() {
  for (const language of LANGUAGE_CODES) provideIntlData(language, intlDataFor(language))
}
