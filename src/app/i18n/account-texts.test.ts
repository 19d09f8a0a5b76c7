import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { chooseLocale, type Locale } from '../../domain/locale.ts'
import { ACCOUNT_TEXT_GROUPS } from '../../domain/text-parts.ts'
import { accountTextsOf } from './account-texts.ts'
import { loadBundle } from './bundles.client.ts'
import { createI18n } from './i18n.ts'

const APP = join(import.meta.dirname, '..')
const KEY_OF_THE_ACCOUNT_PART = new RegExp(`['"\`](?:${ACCOUNT_TEXT_GROUPS.join('|')})\\.[a-zA-Z]`)

function sourcesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourcesIn(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the account part of the texts', () => {
  // The account part comes with the account area's, the checkout's and the calculator's routes (routes.tsx,
  // withAccountTexts); a key of it used anywhere else would show as its bare name on a page that never loaded it.
  it('is used only by the account area, the checkout and the feed calculator', () => {
    const outside = sourcesIn(APP)
      .map((file) => relative(APP, file))
      .filter((file) => !/^(account|advice|checkout|dealers)\//.test(file))
      .filter((file) => KEY_OF_THE_ACCOUNT_PART.test(readFileSync(join(APP, file), 'utf8')))
    expect(outside).toEqual([])
  })

  it('is caught by that check when a key of the account part is used elsewhere', () => {
    expect(KEY_OF_THE_ACCOUNT_PART.test("t('account.nav.overview')")).toBe(true)
    expect(KEY_OF_THE_ACCOUNT_PART.test("t('cart.summary.total')")).toBe(false)
  })
})

describe('accountTextsOf', () => {
  const nlLocale = chooseLocale('equivera', 'nl', 'en')
  const frLocale = chooseLocale('equivera', 'fr-BE', 'en')

  it('adds each language’s account part once, and tries again after a failed load', async () => {
    const i18n = createI18n(await loadBundle(nlLocale))
    const asked: string[] = []
    let offline = true
    const texts = accountTextsOf(i18n, nlLocale, async (locale) => {
      asked.push(locale.language)
      if (offline) throw new Error('offline')
      return loadBundle(locale, 'account')
    })
    await expect(texts.all()).rejects.toThrow('offline')
    expect(i18n.exists('account.nav.overview')).toBe(false)
    offline = false
    await Promise.all([texts.all(), texts.add(nlLocale)])
    await texts.all()
    expect(asked).toEqual(['nl', 'nl'])
    expect(i18n.t('account.nav.overview')).toBe(nl.account.nav.overview)
    expect(i18n.t('consent.title')).toBe(nl.consent.title)
  })

  it('gives a language switched to its account part only once a page needed one', async () => {
    const asked: string[] = []
    const load = async (locale: Locale) => {
      asked.push(locale.language)
      return loadBundle(locale, 'account')
    }
    const texts = accountTextsOf(createI18n(await loadBundle(nlLocale)), nlLocale, load)
    await texts.switchedTo(frLocale)
    expect(asked).toEqual([])
    await texts.all()
    expect(asked.toSorted()).toEqual(['fr-BE', 'nl'])
    const later = accountTextsOf(createI18n(await loadBundle(nlLocale)), nlLocale, load)
    await later.add(nlLocale)
    await later.switchedTo(frLocale)
    expect(asked.toSorted()).toEqual(['fr-BE', 'fr-BE', 'nl', 'nl'])
  })
})
