// Server-side translation of API error messages. Only locales/<code>.json files are read; the active language is
// the request's (header `languageid` or the site's default), falling back to English.
import { readFileSync } from 'node:fs'
import { createInstance, type i18n } from 'i18next'
import { provideAllIntlData } from '../domain/intl-data-all.ts'
import { LANGUAGE_CODES, type LanguageCode } from '../domain/language-codes.ts'

const localesDir = new URL('../../locales/', import.meta.url)

let instance: i18n | undefined
// Prices, numbers and dates in the server's mails, invoices and feeds, in every language (intl-data.ts).
provideAllIntlData()

function load(): i18n {
  const resources = Object.fromEntries(
    LANGUAGE_CODES.map((code) => [
      code,
      { translation: JSON.parse(readFileSync(new URL(`${code}.json`, localesDir), 'utf8')) as Record<string, unknown> },
    ]),
  )
  const created = createInstance()
  void created.init({
    resources,
    initAsync: false,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGE_CODES],
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  return created
}

export function translate(language: LanguageCode, key: string, params: Record<string, string> = {}): string {
  instance ??= load()
  // Keys here are built at run time (errors.<code>), so they are checked by the locale tests, not by the type.
  return (instance.t as (key: string, options: object) => string)(key, { ...params, lng: language })
}
