import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGE_CODES, type LanguageCode } from './language-codes.ts'

// The registry is module state: each test loads the modules afresh, so what one provides the next does not see.
beforeEach(() => vi.resetModules())

const load = async () => ({
  data: await import('./intl-data.ts'),
  all: await import('./intl-data-all.ts'),
  locale: await import('./locale.ts'),
  dates: await import('./long-date.ts'),
  reviews: await import('./review-languages.ts'),
})

const date = new Date('2026-11-27T10:00:00Z')

describe('the generated Intl data', () => {
  it('is not there until provided, and without it money, dates and language names are written by Intl', async () => {
    const { data, locale, dates, reviews } = await load()
    expect(data.intlDataOf('nl')).toBeUndefined()
    expect(locale.formatMoney(123456, 'EUR', 'nl')).toBe(locale.intlFormatOf('nl', 'EUR').format(1234.56))
    expect(dates.formatLongDate(date, 'nl')).toBe('27 november 2026')
    expect(reviews.languageName('pl', 'nl')).toBe('Pools')
  })

  it('is what each language is written with once provided, one language at a time', async () => {
    const { data, all, locale, dates, reviews } = await load()
    // A language's data as the browser's texts chunk carries it, made recognisable so the test sees it is used.
    const nl = all.intlDataFor('nl')
    data.provideIntlData('nl', {
      numbers: { ...nl.numbers, money: { ...nl.numbers.money, EUR: { ...nl.numbers.money.EUR, decimal: '·' } } },
      longDate: { template: '{day}/{month}/{year}', months: nl.longDate.months },
      languageNames: { ...nl.languageNames, pl: 'Pools (test)' },
    })
    expect(locale.formatMoney(123456, 'EUR', 'nl')).toBe('€\u00a01234·56')
    expect(dates.formatLongDate(date, 'nl')).toBe('27/november/2026')
    expect(reviews.languageName('pl', 'nl')).toBe('Pools (test)')
    // Other languages are not provided by it.
    expect(data.intlDataOf('de')).toBeUndefined()
    expect(dates.formatLongDate(date, 'de')).toBe('27. November 2026')
  })

  it('holds every language once the server provides them all', async () => {
    const { data, all } = await load()
    all.provideAllIntlData()
    for (const language of LANGUAGE_CODES as readonly LanguageCode[])
      expect(data.intlDataOf(language)).toEqual(all.intlDataFor(language))
  })
})
