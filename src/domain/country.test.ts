import { describe, expect, it } from 'vitest'
import { isZipcodeExcluded, ZipcodeExclusionSchema, type ZipcodeExclusion } from './country.ts'

const wadden: ZipcodeExclusion[] = [
  { kind: 'range', from: '1791', to: '1797', description: 'Texel' },
  { kind: 'exact', zipcode: '8899', description: 'Vlieland' },
  { kind: 'prefix', prefix: 'BT', description: 'Northern Ireland' },
]

describe('isZipcodeExcluded', () => {
  it.each([
    ['1791 AB', true],
    ['1797ZZ', true],
    ['1798 AA', false],
    ['1790 AA', false],
    ['8899 AA', false],
    ['8899', true],
    ['bt1 1aa', true],
    ['B1 1AA', false],
    ['1011 AB', false],
    ['17', false],
  ])('%s → excluded %s', (zipcode, excluded) => {
    expect(isZipcodeExcluded(zipcode, wadden)).toBe(excluded)
  })
})

describe('ZipcodeExclusionSchema', () => {
  it('needs the field of its kind', () => {
    expect(ZipcodeExclusionSchema.safeParse({ kind: 'range', from: '1', description: '' }).success).toBe(false)
    expect(ZipcodeExclusionSchema.safeParse({ kind: 'weird', zipcode: '1', description: '' }).success).toBe(false)
    expect(ZipcodeExclusionSchema.safeParse({ kind: 'exact', zipcode: '25938', description: 'Föhr' }).success).toBe(
      true,
    )
  })
})
