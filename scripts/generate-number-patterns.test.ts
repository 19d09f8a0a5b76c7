import { describe, expect, it } from 'vitest'
import { NUMBER_PATTERNS } from '../src/domain/number-patterns.ts'
import { numberPatterns, patternOf } from './generate-number-patterns.ts'

describe('generate-number-patterns', () => {
  it('the committed patterns are what Intl gives now (else run the script)', () => {
    expect(NUMBER_PATTERNS).toEqual(numberPatterns())
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
})
