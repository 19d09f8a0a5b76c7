// In the browser only the active language's texts are loaded, in two parts (src/domain/text-parts.ts): each part of
// each locale file is its own chunk.
import { provideIntlData, type IntlData } from '../../domain/intl-data.ts'
import type { Locale } from '../../domain/locale.ts'
import type { LocaleBundle, MessageOverrides, Messages } from './i18n.ts'
import type { TextPart } from '../../domain/text-parts.ts'

/** A part of a language's texts; the first part also holds what the shop reads off Intl for it (vite.config.ts). */
interface TextsModule {
  default: Messages
  intl?: IntlData
}

// The queries are written out: import.meta.glob takes literals only (textPartQuery names the same ones).
const parts = {
  first: {
    languages: import.meta.glob<TextsModule>('../../../locales/*.json', { query: '?part=first' }),
    brandTexts: import.meta.glob<MessageOverrides>('../../../locales/second-brand/*.json', {
      query: '?part=first',
      import: 'default',
    }),
  },
  account: {
    languages: import.meta.glob<TextsModule>('../../../locales/*.json', { query: '?part=account' }),
    brandTexts: import.meta.glob<MessageOverrides>('../../../locales/second-brand/*.json', {
      query: '?part=account',
      import: 'default',
    }),
  },
} as const

/**
 * One part of a locale's texts. The first part is what `createI18n` starts with; the account part is added on top
 * (`addResourceBundle` deep) for the account area and the checkout.
 */
export async function loadBundle(locale: Locale, part: TextPart = 'first'): Promise<LocaleBundle> {
  const { languages, brandTexts } = parts[part]
  const load = languages[`../../../locales/${locale.language}.json`]
  if (!load) throw new Error(`No texts for ${locale.language}`)
  const brandFile = `../../../locales/${locale.locale}.json`
  const [texts, overrides] = await Promise.all([load(), brandTexts[brandFile]?.()])
  if (texts.intl) provideIntlData(locale.language, texts.intl)
  return { language: locale.language, messages: texts.default, overrides }
}
