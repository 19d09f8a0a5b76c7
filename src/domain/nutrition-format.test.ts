import { describe, expect, it } from 'vitest'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import frBE from '../../locales/fr-BE.json' with { type: 'json' }
import nl from '../../locales/nl.json' with { type: 'json' }
import pl from '../../locales/pl.json' with { type: 'json' }
import { LANGUAGE_CODES, type LanguageCode } from './language-codes.ts'
import { intlLocaleOf } from './locale.ts'
import { formatGroupNutrient, formatMainNutrient } from './nutrition-format.ts'
import type { Translate } from './variant-label.ts'
import { provideAllIntlData } from './intl-data-all.ts'

// With the generated data, as the server and the browser write (intl-data.ts); without it each use asks Intl.
provideAllIntlData()

const texts = { nl, en, de, 'fr-BE': frBE, pl } as const
/** The language's texts by dotted key, as i18next's `t` gives them. */
const translate =
  (language: keyof typeof texts): Translate =>
  (key) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[language]) as string
/** Intl writes narrow and ordinary no-break spaces by language; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const main = (key: Parameters<typeof formatMainNutrient>[0], value: number, language: keyof typeof texts) =>
  plain(formatMainNutrient(key, value, language as LanguageCode, translate(language)))

describe('nutrition values as a label writes them', () => {
  it.each<[Parameters<typeof formatMainNutrient>[0], number, keyof typeof texts, string]>([
    // Sport Muesli in the seed: EWpa 1 per kg was shown as "1 /kg".
    ['energyEwpa', 1, 'nl', '1,00 EWpa/kg'],
    ['energyEwpa', 0.82, 'en', '0.82 EWpa/kg'],
    ['energyDe', 13.2, 'nl', '13,2 MJ/kg'],
    ['energyDe', 11, 'de', '11,0 MJ/kg'],
    ['crudeProtein', 125, 'nl', '125 g/kg'],
    ['dryMatter', 885, 'fr-BE', '885 g/kg'],
    ['moisturePercentage', 11.5, 'nl', '11,5%'],
    ['moisturePercentage', 11.5, 'de', '11,5 %'],
    // The germ count: grouped as each language groups digits, in that language's name of the unit.
    ['germContent', 90_000, 'nl', '90.000 kve/g'],
    ['germContent', 90_000, 'en', '90,000 cfu/g'],
    ['germContent', 90_000, 'de', '90.000 KBE/g'],
    ['germContent', 90_000, 'fr-BE', '90 000 UFC/g'],
    ['germContent', 250_000, 'pl', '250 000 jtk/g'],
  ])('%s %d in %s: %s', (key, value, language, expected) => {
    expect(main(key, value, language)).toBe(expected)
  })

  it('never splits a number from its unit', () => {
    expect(formatMainNutrient('crudeProtein', 125, 'nl', translate('nl'))).toBe('125\u00a0g/kg')
  })

  it.each<[Parameters<typeof formatGroupNutrient>[0], string, number, keyof typeof texts, string]>([
    ['minerals', 'calcium', 9.5, 'nl', '9,5 g/kg'],
    ['traceElements', 'selenium', 0.45, 'nl', '0,45 mg/kg'],
    ['traceElements', 'zinc', 3600, 'nl', '3.600 mg/kg'],
    ['vitamins', 'vitaminA', 16_000, 'nl', '16.000 IE/kg'],
    ['vitamins', 'vitaminD3', 1600, 'en', '1,600 IU/kg'],
    ['vitamins', 'vitaminA', 250_000, 'fr-BE', '250 000 UI/kg'],
    ['vitamins', 'biotin', 0.6, 'de', '0,6 mg/kg'],
    ['addedSubstancesPerKg', 'lysine', 8, 'en', '8 g/kg'],
  ])('%s %s %d in %s: %s', (group, key, value, language, expected) => {
    expect(plain(formatGroupNutrient(group, key, value, language, translate(language)))).toBe(expected)
  })
})

// The values are written with the patterns Intl gives (number-patterns.ts), not Intl: they must read the same.
describe('nutrition values as Intl writes them', () => {
  const key = ((text: string) => text) as Translate
  const values = [
    0, 0.05, 0.125, 0.5, 1.005, 2.675, 9.95, 11.5, 13.25, 99.95, 999.5, 1000, 9999.5, 12345.678, 90000, 1e6,
  ]
  const intl = (language: LanguageCode, style: 'decimal' | 'percent', [min, max]: readonly [number, number]) =>
    new Intl.NumberFormat(intlLocaleOf(language), { style, minimumFractionDigits: min, maximumFractionDigits: max })

  it.each(LANGUAGE_CODES)('in %s', (language) => {
    for (const value of values) {
      expect(formatMainNutrient('energyDe', value, language, key)).toBe(
        `${intl(language, 'decimal', [1, 1]).format(value)}\u00a0MJ/kg`,
      )
      expect(formatMainNutrient('energyEwpa', value, language, key)).toBe(
        `${intl(language, 'decimal', [2, 2]).format(value)}\u00a0EWpa/kg`,
      )
      expect(formatMainNutrient('sugar', value, language, key)).toBe(
        `${intl(language, 'decimal', [0, 1]).format(value)}\u00a0g/kg`,
      )
      expect(formatMainNutrient('moisturePercentage', value, language, key)).toBe(
        intl(language, 'percent', [0, 1]).format(value / 100),
      )
      expect(formatGroupNutrient('minerals', 'calcium', value, language, key)).toBe(
        `${intl(language, 'decimal', [0, 2]).format(value)}\u00a0g/kg`,
      )
      expect(formatGroupNutrient('vitamins', 'vitaminA', value, language, key)).toBe(
        `${intl(language, 'decimal', [0, 0]).format(value)}\u00a0catalogue.unit.iuPerKilogram`,
      )
    }
  })
})
