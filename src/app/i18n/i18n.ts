// Texts. One i18next instance per server request and one in the browser; keys are typed from the Dutch source
// (locales/nl.json), and a key missing at run time is an error in development and tests.
import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type nl from '../../../locales/nl.json'

export type Messages = typeof nl
type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }
export type MessageOverrides = DeepPartial<Messages>

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: Messages }
  }
}

function merge<T extends object>(base: T, overrides: DeepPartial<T> | undefined): T {
  if (!overrides) return base
  const result = { ...base } as Record<string, unknown>
  for (const [key, value] of Object.entries(overrides)) {
    const current = result[key]
    result[key] =
      typeof value === 'object' && value !== null && typeof current === 'object' && current !== null
        ? merge(current as object, value as object)
        : value
  }
  return result as T
}

export interface LocaleBundle {
  language: LanguageCode
  messages: Messages
  /** Brand texts on top of the language's (the second brand in nl, de, da). */
  overrides?: MessageOverrides
}

const strict = import.meta.env?.MODE !== 'production'

/** The texts of a bundle with its brand texts applied. */
export const textsOf = (bundle: LocaleBundle): Messages => merge(bundle.messages, bundle.overrides)

/** A ready (synchronously initialised) i18next instance for one language and, where loaded, its fallback. */
export function createI18n(active: LocaleBundle, fallback?: LocaleBundle): i18n {
  const instance = createInstance()
  const resources = {
    [active.language]: { translation: textsOf(active) },
    ...(fallback && fallback.language !== active.language
      ? { [fallback.language]: { translation: textsOf(fallback) } }
      : {}),
  }
  void instance.use(initReactI18next).init({
    resources,
    lng: active.language,
    fallbackLng: fallback?.language ?? false,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    saveMissing: strict,
    missingKeyHandler: strict
      ? (_languages, _namespace, key) => {
          throw new Error(`Missing text key '${key}'`)
        }
      : false,
  })
  return instance
}
