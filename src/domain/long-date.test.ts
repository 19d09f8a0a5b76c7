import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODES } from './language-codes.ts'
import { intlLocaleOf } from './locale.ts'
import { formatLongDate, intlLongDateOf } from './long-date.ts'
import { provideAllIntlData } from './intl-data-all.ts'

// With the generated data, as the server and the browser write (intl-data.ts); without it each use asks Intl.
provideAllIntlData()

describe('formatLongDate', () => {
  it.each(LANGUAGE_CODES)('writes every day of four years as Intl does in %s', (language) => {
    const intl = new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'long', timeZone: 'UTC' })
    for (let day = 0; day < 4 * 366; day++) {
      // Late in the UTC day: a date in another time zone must not slip to the next.
      const date = new Date(Date.UTC(2024, 0, 1 + day, 23, 30))
      expect(formatLongDate(date, language)).toBe(intl.format(date))
    }
  })

  it('writes a date in Dutch, German and Portuguese', () => {
    const date = new Date('2026-11-27T10:00:00Z')
    expect(formatLongDate(date, 'nl')).toBe('27 november 2026')
    expect(formatLongDate(date, 'de-AT')).toBe('27. November 2026')
    expect(formatLongDate(date, 'pt')).toBe('27 de novembro de 2026')
  })

  it("makes Intl's long date once per language (the fallback where no template is provided)", () => {
    expect(intlLongDateOf('nl')).toBe(intlLongDateOf('nl'))
    expect(intlLongDateOf('de')).not.toBe(intlLongDateOf('nl'))
    expect(intlLongDateOf('de').resolvedOptions()).toMatchObject({ dateStyle: 'long', timeZone: 'UTC' })
  })

  it('refuses an invalid date as Intl does', () => {
    expect(() => formatLongDate(new Date('no date'), 'nl')).toThrow(RangeError)
  })
})
