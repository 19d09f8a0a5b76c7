// On the server every language is in memory, with what the shop reads off Intl for it (intl-data.ts); each request
// picks its own.
import { provideAllIntlData } from '../../domain/intl-data-all.ts'
import type { Locale } from '../../domain/locale.ts'
import type { LocaleBundle, MessageOverrides, Messages } from './i18n.ts'

const languages = import.meta.glob<Messages>('../../../locales/*.json', { import: 'default', eager: true })
const brandTexts = import.meta.glob<MessageOverrides>('../../../locales/second-brand/*.json', {
  import: 'default',
  eager: true,
})
provideAllIntlData()

export function bundleOf(locale: Locale, which: 'active' | 'fallback' = 'active'): LocaleBundle {
  const language = which === 'active' ? locale.language : locale.fallbackLanguage
  const messages = languages[`../../../locales/${language}.json`]
  if (!messages) throw new Error(`No texts for ${language}`)
  const brand = (which === 'active' ? locale.locale : locale.fallback).replace(/[^/]*$/, language)
  return { language, messages, overrides: brandTexts[`../../../locales/${brand}.json`] }
}
