import { describe, expect, it } from 'vitest'
import { chooseLocale } from '../../domain/locale.ts'
import nl from '../../../locales/nl.json' with { type: 'json' }
import secondNl from '../../../locales/second-brand/nl.json' with { type: 'json' }
import { loadBundle } from './bundles.client.ts'
import { createI18n } from './i18n.ts'

describe('createI18n', () => {
  it('translates with interpolation', () => {
    const i18n = createI18n({ language: 'nl', messages: nl })
    expect(i18n.t('messages.stockWarning', { amount: 3 })).toBe('Nog maar 3 op voorraad')
  })

  it('puts the brand texts over the language’s', () => {
    const i18n = createI18n({ language: 'nl', messages: nl, overrides: secondNl })
    expect(i18n.t('brand.tagline')).toBe(secondNl.brand.tagline)
    expect(i18n.t('consent.title')).toBe(nl.consent.title)
  })

  it('fails loudly on a missing key outside production', () => {
    const i18n = createI18n({ language: 'nl', messages: nl })
    expect(() => (i18n.t as (key: string) => string)('nope.missing')).toThrow("Missing text key 'nope.missing'")
  })
})

describe('loadBundle', () => {
  it('loads one language and, for the second brand, its brand texts', async () => {
    const bundle = await loadBundle(chooseLocale('paddockpure', 'nl', 'en'))
    expect(bundle.language).toBe('nl')
    expect(bundle.messages.error.title).toBe('Oeps, hier ging iets mis!')
    expect(bundle.overrides).toEqual(secondNl)
    expect((await loadBundle(chooseLocale('equivera', 'da', 'en'))).overrides).toBeUndefined()
  })

  it('loads the account area’s and the checkout’s texts as a part of their own, added on top', async () => {
    const locale = chooseLocale('equivera', 'nl', 'en')
    const first = await loadBundle(locale)
    expect(first.messages).not.toHaveProperty('account')
    expect(first.messages).not.toHaveProperty('mail')
    const account = await loadBundle(locale, 'account')
    expect(Object.keys(account.messages).toSorted()).toEqual([
      'account',
      'checkout',
      'dealers',
      'feedCalculator',
      'invoice',
      'payments',
    ])
    const i18n = createI18n(first)
    expect(i18n.exists('account.nav.overview')).toBe(false)
    i18n.addResourceBundle('nl', 'translation', account.messages, true, true)
    expect(i18n.t('account.nav.overview')).toBe(nl.account.nav.overview)
    expect(i18n.t('consent.title')).toBe(nl.consent.title)
  })
})
