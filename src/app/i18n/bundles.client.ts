// In the browser only the active language's texts are loaded: each locale file is its own chunk.
import type { Locale } from '../../domain/locale.ts'
import type { LocaleBundle, MessageOverrides, Messages } from './i18n.ts'

const languages = import.meta.glob<Messages>('../../../locales/*.json', { import: 'default' })
const brandTexts = import.meta.glob<MessageOverrides>('../../../locales/second-brand/*.json', { import: 'default' })

export async function loadBundle(locale: Locale): Promise<LocaleBundle> {
  const load = languages[`../../../locales/${locale.language}.json`]
  if (!load) throw new Error(`No texts for ${locale.language}`)
  const brandFile = `../../../locales/${locale.locale}.json`
  const [messages, overrides] = await Promise.all([load(), brandTexts[brandFile]?.()])
  return { language: locale.language, messages, overrides }
}
