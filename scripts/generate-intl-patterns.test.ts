import { describe, expect, it } from 'vitest'
import { LANGUAGE_NAMES, LONG_DATES } from '../src/domain/intl-texts.ts'
import { LANGUAGE_CODES } from '../src/domain/language-codes.ts'
import { NUMBER_PATTERNS } from '../src/domain/number-patterns.ts'
import { languageNames, longDateOf, numberPatterns, patternOf } from './generate-intl-patterns.ts'

describe('generate-intl-patterns', () => {
  it('the committed patterns and texts are what Intl gives now (else run the script)', () => {
    expect(NUMBER_PATTERNS).toEqual(numberPatterns())
    expect(LONG_DATES).toEqual(Object.fromEntries(LANGUAGE_CODES.map((language) => [language, longDateOf(language)])))
    expect(LANGUAGE_NAMES).toEqual(languageNames())
  })

  it('reads signs, separators and grouping off a format', () => {
    const sv = Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', minimumFractionDigits: 2 })
    expect(patternOf(sv)).toEqual({
      positive: ['', '\u00a0kr'],
      negative: ['\u2212', '\u00a0kr'],
      decimal: ',',
      group: '\u00a0',
      minimumGrouping: 1,
    })
    const es = Intl.NumberFormat('es-ES', { minimumFractionDigits: 2 })
    expect(patternOf(es)).toMatchObject({ group: '.', minimumGrouping: 2 })
  })

  it('reads a long date into a template and the months as dates name them', () => {
    expect(longDateOf('pt')).toMatchObject({ template: '{day} de {month} de {year}' })
    expect(longDateOf('pl').months[10]).toBe('listopada')
  })
})
